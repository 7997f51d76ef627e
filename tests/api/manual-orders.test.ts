import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { loadPincodes } from '../../db/pincodes/load';
import { makeTestApp, signIn, signInDemo, type Agent, type TestApp } from './helpers';

const [C0, C1, C2] = DEMO_COMPANIES.map((c) => c.id);
const [BHW1, BLR1] = DEMO_WAREHOUSES.map((w) => w.id);

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let app: TestApp;
let seller: Agent; // Chai Point (C0), Bengaluru, Karnataka
let d2r: Agent; // Desi Naturals (C2), the D2R company, Ahmedabad, Gujarat
const sku: Record<string, string> = {};

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 60 });
  app = ctx.app;
  seller = await signInDemo(app, 'seller');
  d2r = await signIn(app, 'd2r@shipdesk.in', 'Distributor@1234');
  for (const r of await ctx.db.selectFrom('catalogue_items').select(['id', 'sku']).execute()) sku[r.sku] = r.id;
  await loadPincodes(ctx.db, { records: [{ pincode: 560038, district: 'Bangalore', state: 'Karnataka' }] });
});

const address = (over: Record<string, string> = {}) => ({
  firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: 'priya@example.in',
  address1: 'Flat 302, Sai Residency', address2: '14th Cross, Indiranagar', zip: '560038', city: 'Bengaluru', state: 'Karnataka', gstin: '',
  ...over,
});

let seq = 0;
const order = (over: Record<string, unknown> = {}) => ({
  id: `MO-${++seq}`,
  orderType: 0,
  pricingType: 0,
  paymentMethod: 'prepaid',
  shippingPrice: '50',
  shippingAddress: address(),
  sameAsShipping: true,
  items: [{ catalogueId: sku['CP-0001'], quantity: 2 }],
  ...over,
});

const count = async (table: 'orders' | 'order_items' | 'order_trails' | 'store_addresses') =>
  Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

async function stored(id: string) {
  const o = await ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const items = await ctx.db.selectFrom('order_items').selectAll().where('order_id', '=', id).execute();
  const trails = await ctx.db.selectFrom('order_trails').selectAll().where('order_id', '=', id).execute();
  return { o, items, trails, extra: JSON.parse(o.extra!) };
}

describe('POST /api/orders/manual: totals computed on the server', () => {
  it('same state: CGST + SGST from the catalogue rates; stores the order PLACED with a trail', async () => {
    const r = await seller.json('/api/orders/manual', {
      method: 'POST',
      body: order({ id: 'CP-MAN-1', purchaseOrderNumber: 'PO-7781', termsOfPayment: 'Net 15', dueDate: '2026-12-15', totals: { finalPaise: 1 } }),
    });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('Order created successfully!');
    const { o, items, trails, extra } = await stored(r.body.data.id);
    // 2 x ₹349.00 at 5% GST inclusive: taxable 664.76, CGST 16.62, SGST 16.62; shipping ₹50
    expect(extra.totals).toMatchObject({ itemsPaise: 69800, taxablePaise: 66476, cgstPaise: 1662, sgstPaise: 1662, igstPaise: 0, shippingPaise: 5000, finalPaise: 74800 });
    expect(o).toMatchObject({
      company_id: C0, shop_order_id: 'CP-MAN-1', status: 'PLACED', shop_type: 'manual', order_type: 0, payment_mode: 'prepaid',
      total_paise: 74800, shipping_paise: 5000, cod_paise: 0, customer_name: 'Priya Sharma', customer_phone: '9812345678',
      shipping_state: 'Karnataka', shipping_pincode: '560038', pickup_state: 'Karnataka', purchase_order_number: 'PO-7781',
      terms_of_payment: 'Net 15', due_date: '2026-12-15',
    });
    expect(JSON.parse(o.billing_address)).toEqual(JSON.parse(o.shipping_address));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ sku: 'CP-0001', quantity: 2, final_price_paise: 34900, is_free: 0, hsn_code: '09024020' });
    expect(JSON.parse(items[0].gst!)).toEqual({ cgst: 2.5, sgst: 2.5, igst: 5, utgst: 2.5, cess: 0 });
    expect(JSON.parse(items[0].wsin_mapping)).toEqual({ WCP000001: 1 });
    expect(trails).toHaveLength(1);
    expect(trails[0]).toMatchObject({ status: 'PLACED', actor_name: 'Ritika Sharma', source: 'user' });
  });

  it('other state: IGST; cash on delivery collects the final value', async () => {
    const r = await seller.json('/api/orders/manual', {
      method: 'POST',
      // Shipped from the Hoskote (Karnataka) warehouse: GST follows the ship-from warehouse's state.
      body: order({ paymentMethod: 'cod', whId: BLR1, shippingAddress: address({ zip: '400028', city: 'Mumbai', state: 'Maharashtra' }) }),
    });
    expect(r.status).toBe(201);
    const { o, extra } = await stored(r.body.data.id);
    expect(extra.totals).toMatchObject({ taxablePaise: 66476, cgstPaise: 0, sgstPaise: 0, igstPaise: 3324, finalPaise: 74800 });
    expect(o.cod_paise).toBe(74800);
  });

  it('applies each pricing type per item, and free items cost nothing', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ pricingType: 0 }, 34900],
      [{ pricingType: 1, commonPricingValue: '10' }, 31410], // margin 10% off ₹349
      [{ pricingType: 1, commonPricingValue: '10', items: [{ catalogueId: sku['CP-0001'], quantity: 2, pricingValue: '25' }] }, 26175],
      [{ pricingType: 2, items: [{ catalogueId: sku['CP-0001'], quantity: 2, pricingValue: '20' }] }, 27920],
      [{ pricingType: 3, items: [{ catalogueId: sku['CP-0001'], quantity: 2, pricingValue: '300' }] }, 30000],
      [{ pricingType: 3, items: [{ catalogueId: sku['CP-0001'], quantity: 2, isFree: true }] }, 0],
    ];
    for (const [over, unit] of cases) {
      const r = await seller.json('/api/orders/manual', { method: 'POST', body: order(over) });
      expect(r.status, JSON.stringify(over)).toBe(201);
      const { o, items, extra } = await stored(r.body.data.id);
      expect(items[0].final_price_paise, JSON.stringify(over)).toBe(unit);
      expect(o.total_paise).toBe(unit * 2 + 5000);
      expect(extra.totals.cgstPaise + extra.totals.sgstPaise + extra.totals.taxablePaise).toBe(unit * 2);
    }
  });

  it('a warehouse user creates for a selected company as manual fulfilled-by-warehouse', async () => {
    const wh = await signInDemo(app, 'warehouse');
    await wh.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: [C0, C1] } });
    const none = await wh.json('/api/orders/manual', { method: 'POST', body: order() });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please select company');
    const r = await wh.json('/api/orders/manual', { method: 'POST', body: order({ companyId: C0, whId: BHW1 }) });
    expect(r.status).toBe(201);
    const { o, trails, extra } = await stored(r.body.data.id);
    expect(o).toMatchObject({ shop_type: 'manual_fbw', warehouse_id: BHW1, pickup_state: 'Maharashtra' });
    // shipped from Maharashtra to Karnataka: inter-state
    expect(extra.totals.igstPaise).toBe(3324);
    expect(trails[0].actor_name).toBe('Manoj Patil');
  });
});

describe('D2R orders', () => {
  it('uses the warehouse state as seller state, creates a new store address inline and keeps the salesman', async () => {
    const sm = await d2r.json('/api/salesman', { method: 'POST', body: { firstName: 'Rakesh', lastName: 'Patel', email: 'rakesh@desinaturals.in', phone: '9898012345' } });
    expect(sm.status).toBe(201);
    const storesBefore = await count('store_addresses');
    const r = await d2r.json('/api/orders/manual', {
      method: 'POST',
      body: order({
        id: 'DN-D2R-1', orderType: 2, whId: BLR1, pricingType: 1, commonPricingValue: '12', d2rSalesmanId: sm.body.data.id,
        storeAddress: { storeName: 'Sri Lakshmi Stores', phone: '9845012345', address1: 'Shop 4, 80 Feet Road', address2: 'Koramangala', zip: '560034', city: 'Bengaluru', state: 'Karnataka' },
        items: [{ catalogueId: sku['DN-0001'], quantity: 12 }],
      }),
    });
    expect(r.status).toBe(201);
    expect(await count('store_addresses')).toBe(storesBefore + 1);
    const { o, items, extra } = await stored(r.body.data.id);
    expect(o).toMatchObject({ order_type: 2, warehouse_id: BLR1, pickup_state: 'Karnataka', salesman_id: sm.body.data.id });
    expect(items[0].final_price_paise).toBe(30712); // ₹349 less 12%
    expect(extra.totals.cgstPaise).toBeGreaterThan(0); // Karnataka warehouse to Karnataka store
    expect(extra.totals.igstPaise).toBe(0);
    const store = await ctx.db.selectFrom('store_addresses').selectAll().where('id', '=', o.store_address_id!).executeTakeFirstOrThrow();
    expect(store).toMatchObject({ company_id: C2, store_name: 'Sri Lakshmi Stores', latitude: 0, longitude: 0 });
  });

  it('refuses a store address or salesman of another company with 404', async () => {
    const theirStore = await ctx.db.selectFrom('store_addresses').select('id').where('company_id', '=', C2).executeTakeFirstOrThrow();
    const r = await seller.json('/api/orders/manual', { method: 'POST', body: order({ orderType: 2, whId: BLR1, selectedStoreAddressId: theirStore.id }) });
    expect(r.status).toBe(404);
    const sm = await ctx.db.selectFrom('salesmen').select('id').where('company_id', '=', C2).executeTakeFirstOrThrow();
    expect((await seller.json('/api/orders/manual', { method: 'POST', body: order({ d2rSalesmanId: sm.id }) })).status).toBe(404);
  });
});

describe('refusals change nothing', () => {
  it('answers 400 with the spec message for every invalid field', async () => {
    const before = await Promise.all([count('orders'), count('order_items'), count('order_trails')]);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ id: '' }, 'id', 'Please input Order ID!'],
      [{ id: 'X'.repeat(41) }, 'id', 'Order ID must be at most 40 characters'],
      [{ purchaseOrderNumber: 'P'.repeat(41) }, 'purchaseOrderNumber', 'Purchase Order Number must be at most 40 characters'],
      [{ orderType: 2 }, 'whId', 'Please select warehouse'],
      [{ orderType: 2, whId: BLR1 }, 'selectedStoreAddressId', 'Please fill all fields in store address'],
      [{ orderType: 2, whId: BLR1, storeAddress: { storeName: 'Half Filled' } }, 'storeAddress.phone', 'Please fill all fields in store address'],
      [{ items: [] }, 'items', 'Please select atleast 1 product'],
      [{ items: [{ catalogueId: '', quantity: 1 }] }, 'items.0.catalogueId', 'Please select product'],
      [{ items: [{ catalogueId: sku['CP-0001'], quantity: 0 }] }, 'items.0.quantity', 'Quantity must be at least 1'],
      [{ items: [{ catalogueId: sku['CP-0001'], quantity: '' }] }, 'items.0.quantity', 'Please input Quantity!'],
      [{ pricingType: 2, items: [{ catalogueId: sku['CP-0001'], quantity: 1 }] }, 'items.0.pricingValue', 'This field is required'],
      [{ pricingType: 3, items: [{ catalogueId: sku['CP-0001'], quantity: 1, pricingValue: '' }] }, 'items.0.pricingValue', 'This field is required'],
      [{ pricingType: 1, commonPricingValue: '101' }, 'commonPricingValue', 'Value must be between 0 and 100'],
      [{ pricingType: 2, items: [{ catalogueId: sku['CP-0001'], quantity: 1, pricingValue: '120' }] }, 'items.0.pricingValue', 'Value must be between 0 and 100'],
      [{ shippingPrice: '-1' }, 'shippingPrice', 'Shipping Price cannot be less than 0'],
      [{ paymentMethod: 'upi' }, 'paymentMethod', 'Please select Payment Method!'],
      [{ shippingAddress: address({ email: 'priya@' }) }, 'shippingAddress.email', 'Email is not valid!'],
      [{ shippingAddress: address({ phone: '981234567' }) }, 'shippingAddress.phone', 'Phone number must be 10 digits'],
      [{ shippingAddress: address({ zip: '56003' }) }, 'shippingAddress.zip', 'Please input a valid Pincode!'],
      [{ shippingAddress: address({ gstin: '29ABCDE1234F1Z5X' }) }, 'shippingAddress.gstin', 'GSTIN must be at most 15 characters'],
      [{ shippingAddress: address({ firstName: '' }) }, 'shippingAddress.firstName', 'Please input First Name!'],
      [{ shippingAddress: address({ city: '' }) }, 'shippingAddress.city', 'Please input City!'],
      [{ sameAsShipping: false, billingAddress: address({ address2: '' }) }, 'billingAddress.address2', 'Please input Address Line 2!'],
      [{ specialDiscount: '800' }, 'specialDiscount', 'Final Order Value is Negative'],
      [{ items: [{ catalogueId: sku['KT-0001'], quantity: 1 }] }, 'items.0.catalogueId', 'Please select product'],
    ];
    for (const [over, path, message] of cases) {
      const r = await seller.json('/api/orders/manual', { method: 'POST', body: order(over) });
      expect(r.status, path).toBe(400);
      expect(r.body.errors, `${path} ${JSON.stringify(r.body)}`).toContainEqual({ path, message });
    }
    // Khadi Threads ships only from Bhiwandi: the Hoskote warehouse is not theirs to choose.
    const wh = await signInDemo(app, 'warehouse');
    await wh.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: [C1] } });
    const notLinked = await wh.json('/api/orders/manual', { method: 'POST', body: order({ whId: BLR1, items: [{ catalogueId: sku['KT-0001'], quantity: 1 }] }) });
    expect(notLinked.status).toBe(400);
    expect(notLinked.body.errors).toContainEqual({ path: 'whId', message: 'Please select warehouse' });
    expect(await Promise.all([count('orders'), count('order_items'), count('order_trails')])).toEqual(before);
  });

  it('refuses an order id already used by the company with 409', async () => {
    expect((await seller.json('/api/orders/manual', { method: 'POST', body: order({ id: 'CP-DUP-1' }) })).status).toBe(201);
    const before = await count('orders');
    const again = await seller.json('/api/orders/manual', { method: 'POST', body: order({ id: 'CP-DUP-1' }) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Order ID CP-DUP-1 already exists');
    expect(await count('orders')).toBe(before);
    // another company may use the same id
    const other = await d2r.json('/api/orders/manual', { method: 'POST', body: order({ id: 'CP-DUP-1', items: [{ catalogueId: sku['DN-0001'], quantity: 1 }] }) });
    expect(other.status).toBe(201);
  });
});

describe('clone and Clone & Edit', () => {
  it('pre-fills from the stored order and keeps other tenants out', async () => {
    const created = await seller.json('/api/orders/manual', {
      method: 'POST',
      body: order({ id: 'CP-SRC-1', pricingType: 2, items: [{ catalogueId: sku['CP-0002'], quantity: 3, pricingValue: '15' }], purchaseOrderNumber: 'PO-1' }),
    });
    const p = await seller.json(`/api/orders/manual/${created.body.data.id}/prefill`);
    expect(p.status).toBe(200);
    expect(p.body.data).toMatchObject({
      shopOrderId: 'CP-SRC-1', orderType: 0, pricingType: 2, purchaseOrderNumber: 'PO-1', paymentMethod: 'prepaid', shippingPrice: '50',
      items: [{ catalogueId: sku['CP-0002'], quantity: 3, isFree: false, pricingValue: '15' }],
      shippingAddress: { firstName: 'Priya', zip: '560038', state: 'Karnataka' },
    });
    expect((await d2r.json(`/api/orders/manual/${created.body.data.id}/prefill`)).status).toBe(404);
    const stolen = await d2r.json('/api/orders/manual', {
      method: 'POST', body: order({ cloneFrom: created.body.data.id, mode: 'edit', items: [{ catalogueId: sku['DN-0001'], quantity: 1 }] }),
    });
    expect(stolen.status).toBe(404);
    expect((await stored(created.body.data.id)).o.status).toBe('PLACED');
  });

  it('Clone & Edit cancels the original with "Edited as <new id>" when it is still PLACED', async () => {
    const src = await seller.json('/api/orders/manual', { method: 'POST', body: order({ id: 'CP-EDIT-SRC' }) });
    const r = await seller.json('/api/orders/manual', { method: 'POST', body: order({ id: 'CP-EDIT-NEW', cloneFrom: src.body.data.id, mode: 'edit' }) });
    expect(r.status).toBe(201);
    expect(r.body.data.cancelledOriginal).toBe(true);
    const { o, trails } = await stored(src.body.data.id);
    expect(o).toMatchObject({ status: 'CANCELLED', cancel_reason: 'Edited as CP-EDIT-NEW', version: 1 });
    expect(trails.map((t) => [t.status, t.description, t.actor_name])).toContainEqual(['CANCELLED', 'Order cancelled: Edited as CP-EDIT-NEW', 'Ritika Sharma']);
    expect((await stored(r.body.data.id)).o.status).toBe('PLACED');
  });

  it('keeps the per-status counts right and releases the stock a cancelled original held', async () => {
    const counts = async () => {
      const rows = await ctx.db.selectFrom('order_status_counts').selectAll().where('company_id', '=', C0).execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
    };
    const src = await ctx.db.selectFrom('orders').selectAll().where('company_id', '=', C0).where('status', '=', 'PLACED')
      .where('inventory_blocked', '=', 1).where('warehouse_id', 'is not', null).executeTakeFirstOrThrow();
    const trailsBefore = await ctx.db.selectFrom('inventory_trail').select('id').where('kind', '=', 'unblock').execute();
    const before = await counts();
    const r = await seller.json('/api/orders/manual', { method: 'POST', body: order({ id: 'CP-EDIT-SEEDED', cloneFrom: src.id, mode: 'edit' }) });
    expect(r.status).toBe(201);
    const after = await counts();
    expect(after.PLACED).toBe(before.PLACED); // one new PLACED, one PLACED cancelled
    expect(after.CANCELLED).toBe((before.CANCELLED ?? 0) + 1);
    expect((await stored(src.id)).o).toMatchObject({ status: 'CANCELLED', inventory_blocked: 0 });
    const trailsAfter = await ctx.db.selectFrom('inventory_trail').select('id').where('kind', '=', 'unblock').execute();
    expect(trailsAfter.length).toBeGreaterThan(trailsBefore.length);
  });

  it('leaves an original that moved on untouched; a plain clone never cancels', async () => {
    const delivered = await ctx.db.selectFrom('orders').selectAll().where('company_id', '=', C0).where('status', '=', 'DELIVERED').executeTakeFirstOrThrow();
    const r = await seller.json('/api/orders/manual', { method: 'POST', body: order({ cloneFrom: delivered.id, mode: 'edit' }) });
    expect(r.status).toBe(201);
    expect(r.body.data.cancelledOriginal).toBe(false);
    expect((await stored(delivered.id)).o).toMatchObject({ status: 'DELIVERED', version: delivered.version });

    const src = await seller.json('/api/orders/manual', { method: 'POST', body: order() });
    await seller.json('/api/orders/manual', { method: 'POST', body: order({ cloneFrom: src.body.data.id, mode: 'clone' }) });
    expect((await stored(src.body.data.id)).o.status).toBe('PLACED');
  });
});

describe('lookups the form makes', () => {
  it('GET /api/pincode/:pincode gives state and district', async () => {
    const r = await seller.json('/api/pincode/560038');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: true, warehousePinDetails: [{ state: 'Karnataka', district: 'Bangalore' }] });
    const unknown = await seller.json('/api/pincode/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.warehousePinDetails).toEqual([]);
    expect((await seller.json('/api/pincode/5600')).status).toBe(400);
  });

  it('GET /api/company/warehouses lists the company warehouses with their states', async () => {
    const r = await seller.json('/api/company/warehouses');
    expect(r.status).toBe(200);
    expect(r.body.companyState).toBe('Karnataka');
    expect(r.body.warehouses.map((w: any) => [w.id, w.state]).sort()).toEqual([[BHW1, 'Maharashtra'], [BLR1, 'Karnataka']].sort());
    expect((await seller.json(`/api/company/warehouses?companyId=${C1}`)).status).toBe(404);
  });

  it('POST /api/salesman validates, refuses a duplicate phone and lists per company', async () => {
    const bad = await seller.json('/api/salesman', { method: 'POST', body: { firstName: 'A', lastName: 'B', email: 'not-mail', phone: '12345' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([
      { path: 'email', message: 'Email is not valid!' }, { path: 'phone', message: 'Phone number must be 10 digits' },
    ]));
    const ok = await seller.json('/api/salesman', { method: 'POST', body: { firstName: 'Vikram', lastName: 'Rao', email: 'vikram@chaipoint.in', phone: '9900112233' } });
    expect(ok.status).toBe(201);
    const dup = await seller.json('/api/salesman', { method: 'POST', body: { firstName: 'V', lastName: 'R', email: 'v@chaipoint.in', phone: '9900112233' } });
    expect(dup.status).toBe(409);
    const list = await seller.json('/api/salesman');
    expect(list.body.salesmen.map((s: any) => s.phone)).toEqual(['9900112233']);
  });
});
