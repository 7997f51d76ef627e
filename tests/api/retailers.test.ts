import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { makeTestApp, signIn, signInDemo, type Agent, type TestApp } from './helpers';

const C2 = DEMO_COMPANIES[2].id;

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let app: TestApp;
let d2r: Agent;
let seller: Agent;
beforeAll(async () => {
  ctx = await makeTestApp({ orders: 20 });
  app = ctx.app;
  d2r = await signIn(app, 'd2r@shipdesk.in', 'Distributor@1234');
  seller = await signInDemo(app, 'seller');
});

const store = (over: Record<string, unknown> = {}) => ({
  storeName: 'Jay Ambe Provision Store', firstName: 'Hitesh', lastName: 'Shah', phone: '9825012345', email: '',
  address1: 'Shop 12, CG Road', address2: 'Navrangpura', zip: '380009', city: 'Ahmedabad', state: 'Gujarat', gstin: '24ABCDE1234F1Z5',
  ...over,
});
const storeCount = async () =>
  Number((await ctx.db.selectFrom('store_addresses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('store address list', () => {
  it('pages the company stores and searches by text, or by phone when numeric and longer than 3', async () => {
    const all = await d2r.json('/api/d2r/store-address/list?page=1&limit=100');
    expect(all.status).toBe(200);
    expect(all.body.status).toBe(true);
    expect(all.body.totalRecords).toBe(40);
    const p1 = await d2r.json('/api/d2r/store-address/list?page=1&limit=10');
    const p4 = await d2r.json('/api/d2r/store-address/list?page=4&limit=10');
    expect(p1.body.storeAddressData).toHaveLength(10);
    expect(p4.body.storeAddressData).toHaveLength(10);
    expect(p4.body.storeAddressData[0].id).not.toBe(p1.body.storeAddressData[0].id);

    const kirana = await d2r.json('/api/d2r/store-address/list?searchText=kirana&limit=100');
    expect(kirana.body.totalRecords).toBeGreaterThan(0);
    expect(kirana.body.storeAddressData.every((s: any) => /kirana/i.test(s.storeName))).toBe(true);

    const target = all.body.storeAddressData[7];
    const byPhone = await d2r.json(`/api/d2r/store-address/list?searchText=${target.phone.slice(2, 9)}&limit=100`);
    expect(byPhone.body.storeAddressData.map((s: any) => s.id)).toContain(target.id);
    expect(byPhone.body.storeAddressData.every((s: any) => s.phone.includes(target.phone.slice(2, 9)))).toBe(true);

    const inactive = await d2r.json('/api/d2r/store-address/list?isActive=0');
    expect(inactive.body.totalRecords).toBe(0);
  });

  it('shows nothing of another company; one of their stores answers 404', async () => {
    const mine = await seller.json('/api/d2r/store-address/list');
    expect(mine.body.totalRecords).toBe(0);
    const theirs = await ctx.db.selectFrom('store_addresses').select('id').where('company_id', '=', C2).executeTakeFirstOrThrow();
    expect((await seller.json(`/api/d2r/store-address/${theirs.id}`)).status).toBe(404);
    expect((await seller.json(`/api/retailer/mapping/count/${theirs.id}`)).status).toBe(404);
    expect((await seller.json(`/api/d2r/store-address/list?companyId=${C2}`)).status).toBe(404);
    const admin = await signInDemo(app, 'admin');
    expect((await admin.json(`/api/d2r/store-address/list?companyId=${C2}`)).body.totalRecords).toBeGreaterThanOrEqual(40);
  });
});

describe('create store address', () => {
  it('creates with country India, countryCode IN, latitude and longitude 0', async () => {
    const r = await d2r.json('/api/d2r/store-address', { method: 'POST', body: store() });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      storeName: 'Jay Ambe Provision Store', companyId: C2, country: 'India', countryCode: 'IN', latitude: 0, longitude: 0,
      zip: '380009', pincode: '380009', GSTIN: '24ABCDE1234F1Z5', isActive: true,
    });
  });

  it('refuses a store with any required field missing, and changes nothing', async () => {
    const before = await storeCount();
    for (const field of ['storeName', 'phone', 'address1', 'address2', 'city', 'state', 'zip']) {
      const r = await d2r.json('/api/d2r/store-address', { method: 'POST', body: store({ [field]: '' }) });
      expect(r.status, field).toBe(400);
      expect(r.body.errors, field).toContainEqual({ path: field, message: 'Please fill all fields in store address' });
    }
    const phone = await d2r.json('/api/d2r/store-address', { method: 'POST', body: store({ phone: '98250' }) });
    expect(phone.body.errors).toContainEqual({ path: 'phone', message: 'Phone number must be 10 digits' });
    const gstin = await d2r.json('/api/d2r/store-address', { method: 'POST', body: store({ gstin: '24ABCDE1234F1Z5XX' }) });
    expect(gstin.body.errors).toContainEqual({ path: 'gstin', message: 'GSTIN must be at most 15 characters' });
    const admin = await signInDemo(app, 'admin');
    expect((await admin.json('/api/d2r/store-address', { method: 'POST', body: store({ companyId: C2 }) })).status).toBe(403);
    expect(await storeCount()).toBe(before);
  });
});

describe('retailer mapping', () => {
  it('counts the orders a mapping affects, creates it, and lists the primary retailer', async () => {
    const stores = (await d2r.json('/api/d2r/store-address/list?limit=100')).body.storeAddressData;
    const [retailer, primary] = [stores[3], stores[4]];
    const sku = await ctx.db.selectFrom('catalogue_items').select('id').where('company_id', '=', C2).where('sku', '=', 'DN-0001').executeTakeFirstOrThrow();
    const placed = await d2r.json('/api/orders/manual', {
      method: 'POST',
      body: {
        id: 'DN-MAP-1', orderType: 2, whId: DEMO_WAREHOUSES[0].id, selectedStoreAddressId: retailer.id, paymentMethod: 'credit', sameAsShipping: true,
        items: [{ catalogueId: sku.id, quantity: 2 }],
        shippingAddress: { firstName: retailer.firstName, lastName: retailer.lastName, phone: retailer.phone, address1: retailer.address1, address2: retailer.address2, zip: retailer.zip, city: retailer.city, state: retailer.state },
      },
    });
    expect(placed.status).toBe(201);

    const count = await d2r.json(`/api/retailer/mapping/count/${retailer.id}`);
    expect(count.body).toEqual({ status: true, orderCount: 1 });

    const self = await d2r.json('/api/d2r/retailer/mapping', { method: 'POST', body: { retailerId: retailer.id, mappedTo: retailer.id } });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('A retailer cannot be mapped to itself');

    const r = await d2r.json('/api/d2r/retailer/mapping', { method: 'POST', body: { retailerId: retailer.id, mappedTo: primary.id } });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Retailer Mapping Created');
    expect(r.body.orderCount).toBe(1);
    const primaries = await d2r.json('/api/d2r/primary/retailers');
    expect(primaries.body.primaryRetailers.map((p: any) => p.mappedTo)).toEqual([primary.id]);
    expect(primaries.body.primaryRetailers[0]).toMatchObject({ storeName: primary.storeName, retailerCount: 1 });

    // a mapped retailer cannot itself become a primary one
    const chain = await d2r.json('/api/d2r/retailer/mapping', { method: 'POST', body: { retailerId: stores[5].id, mappedTo: retailer.id } });
    expect(chain.status).toBe(400);
    expect((await seller.json('/api/d2r/primary/retailers')).body.primaryRetailers).toEqual([]);
  });

  it('refuses to map to another company store (404)', async () => {
    const seller2 = await signInDemo(app, 'warehouse');
    await seller2.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: [DEMO_COMPANIES[0].id] } });
    const own = await seller2.json('/api/d2r/store-address', { method: 'POST', body: store({ storeName: 'Chai Point Kiosk', phone: '9000000001' }) });
    expect(own.status).toBe(201);
    const theirs = await ctx.db.selectFrom('store_addresses').select('id').where('company_id', '=', C2).executeTakeFirstOrThrow();
    const r = await seller2.json('/api/d2r/retailer/mapping', { method: 'POST', body: { retailerId: own.body.data.id, mappedTo: theirs.id } });
    expect(r.status).toBe(404);
    const row = await ctx.db.selectFrom('store_addresses').select('mapped_to').where('id', '=', own.body.data.id).executeTakeFirstOrThrow();
    expect(row.mapped_to).toBeNull();
  });
});
