// The seller's desk spec rules as a caller meets them: store-address GSTIN,
// pincode and state of a manual order, the common discount, revert to PLACED,
// a shipping package's maximum weight, bulk ready-to-ship ids as an array,
// drivers within their cluster, productType from the category, missed-order
// search/date range/CSV and the inventory trail's inverted range.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../db/seed';
import { loadPincodes } from '../../db/pincodes/load';
import { indiaDate } from '../../domain/india-time';
import { orderPicker, snapshot } from './orders-fixtures';
import { makeTestApp, signIn, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let seller: Agent; // Chai Point, Bengaluru, Karnataka
let admin: Agent;
let d2r: Agent;
let orderIn: ReturnType<typeof orderPicker>;
const sku: Record<string, string> = {};

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 200 }));
  [seller, admin] = await Promise.all([signInDemo(app, 'seller'), signInDemo(app, 'admin')]);
  d2r = await signIn(app, 'd2r@shipdesk.in', 'Distributor@1234');
  orderIn = orderPicker(db);
  for (const r of await db.selectFrom('catalogue_items').select(['id', 'sku']).execute()) sku[r.sku] = r.id;
  await loadPincodes(db, {
    records: [
      { pincode: 560038, district: 'Bangalore', state: 'Karnataka' },
      { pincode: 400001, district: 'Mumbai', state: 'Maharashtra' },
    ],
  });
});

describe('POST /api/d2r/store-address: GSTIN by its spec name', () => {
  const store = (over: Record<string, unknown>) => ({
    storeName: 'Shree Ganesh Stores', phone: '9825011111', address1: 'Shop 4, Relief Road', address2: 'Lal Darwaja', zip: '380001',
    city: 'Ahmedabad', state: 'Gujarat', ...over,
  });
  it('stores GSTIN sent as `GSTIN` and answers it under that name', async () => {
    const r = await d2r.json('/api/d2r/store-address', { method: 'POST', body: store({ GSTIN: '24AAACS1234B1Z2' }) });
    expect(r.status).toBe(201);
    expect(r.body.data.GSTIN).toBe('24AAACS1234B1Z2');
    const list = await d2r.json('/api/d2r/store-address/list?searchText=Shree%20Ganesh&limit=10');
    expect(list.body.storeAddressData.map((s: any) => s.GSTIN)).toContain('24AAACS1234B1Z2');
  });
  it('refuses a GSTIN longer than 15 characters and stores nothing', async () => {
    const before = (await db.selectFrom('store_addresses').select('id').execute()).length;
    const r = await d2r.json('/api/d2r/store-address', { method: 'POST', body: store({ storeName: 'Too Long GSTIN', GSTIN: '24AAACS1234B1Z2XY' }) });
    expect(r.status).toBe(400);
    expect(r.body.errors).toContainEqual({ path: 'GSTIN', message: 'GSTIN must be at most 15 characters' });
    expect((await db.selectFrom('store_addresses').select('id').execute()).length).toBe(before);
  });
});

describe('POST /api/orders/manual', () => {
  let seq = 0;
  const address = (over: Record<string, string> = {}) => ({
    firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: '', address1: 'Flat 302, Sai Residency', address2: 'Indiranagar',
    zip: '560038', city: 'Bengaluru', state: 'Karnataka', gstin: '', ...over,
  });
  const order = (over: Record<string, unknown> = {}) => ({
    id: `DESK-${++seq}`, orderType: 0, pricingType: 0, paymentMethod: 'prepaid', shippingPrice: '0', shippingAddress: address(),
    sameAsShipping: true, items: [{ catalogueId: sku['CP-0001'], quantity: 1 }], ...over,
  });

  it('refuses a Mumbai pincode with state Karnataka, and creates nothing', async () => {
    const before = (await db.selectFrom('orders').select('id').execute()).length;
    const r = await seller.json('/api/orders/manual', { method: 'POST', body: order({ shippingAddress: address({ zip: '400001', city: 'Mumbai' }) }) });
    expect(r.status).toBe(400);
    expect(r.body.errors).toContainEqual({ path: 'shippingAddress.state', message: 'Pincode 400001 is in Maharashtra, not Karnataka' });
    expect((await db.selectFrom('orders').select('id').execute()).length).toBe(before);
    const ok = await seller.json('/api/orders/manual', { method: 'POST', body: order({ shippingAddress: address({ zip: '400001', city: 'Mumbai', state: 'Maharashtra' }) }) });
    expect(ok.status).toBe(201);
    const o = await db.selectFrom('orders').select(['shipping_state']).where('id', '=', ok.body.data.id).executeTakeFirstOrThrow();
    expect(o.shipping_state).toBe('Maharashtra');
  });

  it('pricingType 2 with commonPricingValue discounts every line that has no value of its own', async () => {
    const r = await seller.json('/api/orders/manual', { method: 'POST', body: order({ pricingType: 2, commonPricingValue: '20', items: [{ catalogueId: sku['CP-0001'], quantity: 2 }] }) });
    expect(r.status).toBe(201);
    const items = await db.selectFrom('order_items').select('final_price_paise').where('order_id', '=', r.body.data.id).execute();
    expect(items[0].final_price_paise).toBe(27920); // ₹349 less 20%
  });
});

describe('order actions', () => {
  it('revert to PLACED clears the courier, the AWB and the booking', async () => {
    const id = await orderIn(0, { status: 'PLACED', tracking_number: null, delivery_partner_id: null, shipper: null });
    const rts = await seller.json(`/api/orders/${id}/ready-to-ship`, { method: 'PATCH' });
    expect(rts.status).toBe(200);
    const shipped = await db.selectFrom('orders').select(['tracking_number', 'delivery_partner_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(shipped.tracking_number).toBeTruthy();
    const r = await admin.json(`/api/orders/${id}/revert-to-placed`, { method: 'PATCH' });
    expect(r.status).toBe(200);
    const o = await db.selectFrom('orders').select(['status', 'tracking_number', 'delivery_partner_id', 'shipper']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(o).toEqual({ status: 'PLACED', tracking_number: null, delivery_partner_id: null, shipper: null });
    const bookings = await db.selectFrom('carrier_bookings').select('status').where('order_id', '=', id).execute();
    expect(bookings.length).toBeGreaterThan(0);
    expect(bookings.every((b) => b.status !== 'booked')).toBe(true);
  });

  it('refuses a shipping package whose maximum weight is below the order weight', async () => {
    const id = await orderIn(0, { status: 'PLACED', weight_g: 840 });
    const before = await snapshot(db, id);
    const r = await seller.json('/api/order-shipping-packages', { method: 'PATCH', body: { orderId: id, selectedValue: 'ENV-S' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Courier envelope (small) holds at most 500 g; this order weighs 840 g');
    expect(await snapshot(db, id)).toEqual(before);
    expect((await seller.json('/api/order-shipping-packages', { method: 'PATCH', body: { orderId: id, selectedValue: 'BOX-XS' } })).status).toBe(200);
  });

  it('POST /bulkreadytoship/ takes orderids as a JSON array as well as a comma-separated string', async () => {
    const id = await orderIn(0, { status: 'PLACED' });
    const r = await seller.json('/api/bulkreadytoship/', { method: 'POST', body: { orderids: [id] } });
    expect(r.status).toBe(202);
    const none = await seller.json('/api/bulkreadytoship/', { method: 'POST', body: { orderids: [] } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Select atleast 1 order!');
  });
});

describe('drivers deliver only in their cluster', () => {
  it("refuses orders whose pincode the driver's cluster does not serve, and assigns nothing", async () => {
    const driver = await db.selectFrom('drivers').select(['id', 'name', 'cluster_id']).where('active', '=', 1).where('cluster_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const served = await db.selectFrom('cluster_pincodes').select('pincode').where('cluster_id', '=', driver.cluster_id!).executeTakeFirstOrThrow();
    const mk = async (awb: string, pincode: string) => {
      const at = new Date(Date.now() - 86_400_000).toISOString();
      await db.insertInto('delivery_orders').values({
        awb, company_id: DEMO_COMPANIES[0].id, order_status: 'PLACED', attempt: 0, otp: '1234', payment_method: 'cod', total_paise: 49900,
        customer_address: JSON.stringify({ name: 'Asha Rao', phone: '9876501234', addressLine1: '12 MG Road', addressLine2: '', city: 'X', state: 'Y', pincode }),
        driver_id: null, pod_url: null, shipping_label_url: null, created_at: at, updated_at: at,
      }).execute();
      return awb;
    };
    const inside = await mk('DC100001', served.pincode);
    const outside = await mk('DC100002', '799001');
    const r = await admin.json('/api/admin/drivers/assigned-orders', { method: 'POST', body: { assignedOrderIds: [inside, outside], driverId: driver.id } });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`${driver.name}'s cluster does not serve the pincode of: ${outside}`);
    const rows = await db.selectFrom('delivery_orders').select(['order_status', 'driver_id']).where('awb', 'in', [inside, outside]).execute();
    expect(rows.every((x) => x.order_status === 'PLACED' && x.driver_id === null)).toBe(true);
    const ok = await admin.json('/api/admin/drivers/assigned-orders', { method: 'POST', body: { assignedOrderIds: [inside], driverId: driver.id } });
    expect(ok.status).toBe(200);
  });
});

describe('catalogue productType', () => {
  it('is the category: one that disagrees is refused; none given stores the category', async () => {
    const body = (over: Record<string, unknown>) => ({
      productTitle: 'Masala Chai 250 g', productId: 'P-DESK-1', skuId: 'DESK-SKU-1', category: 'Tea', active: 1, price: '249', weight: '250',
      dimensions: { length: '10', breadth: '8', height: '5' }, imageUrls: ['https://cdn.example.in/chai.png'],
      gstPercentage: { sgst: '2.5', cgst: '2.5', igst: '5' }, ...over,
    });
    const bad = await seller.json('/api/catalogue', { method: 'POST', body: body({ productType: 'Electronics' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({ path: 'productType', message: 'Product Type must be the Category' });
    const ok = await seller.json('/api/catalogue', { method: 'POST', body: body({}) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const stored = await db.selectFrom('catalogue_items').select(['product_type', 'category']).where('sku', '=', 'DESK-SKU-1').executeTakeFirstOrThrow();
    expect(stored.product_type).toBe('Tea');
  });
});

describe('missed orders: search, date range and download', () => {
  it('filters by India calendar days, refuses an inverted range, and downloads what it shows', async () => {
    const all = await seller.json('/api/missed-orders?pageSize=200');
    expect(all.status).toBe(200);
    expect(all.body.order.length).toBeGreaterThan(1);
    const day = indiaDate(all.body.order[0].createdAt);
    const onDay = all.body.order.filter((o: any) => indiaDate(o.createdAt) === day);
    const r = await seller.json(`/api/missed-orders?pageSize=200&from=${day}&to=${day}`);
    expect(r.body.order.map((o: any) => o.id).sort()).toEqual(onDay.map((o: any) => o.id).sort());
    const inverted = await seller.json('/api/missed-orders?from=2026-11-20&to=2026-11-10');
    expect(inverted.status).toBe(400);
    expect(inverted.body.errors).toContainEqual({ path: 'to', message: 'Start date must be before end date' });

    const target = all.body.order[1].shopOrderId as string;
    const csv = await seller.request(`/api/missed-orders/csv?q=${encodeURIComponent(target)}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Order ID,Status,Sync,Reason,Created');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toContain(target);
    expect(lines.length - 1).toBe((await seller.json(`/api/missed-orders?q=${encodeURIComponent(target)}`)).body.currentCount);
  });
});

describe('inventory trail range', () => {
  it("answers the orders list's 'Start date must be before end date' for an inverted range", async () => {
    const inv = await db.selectFrom('inventory').select('id').where('company_id', '=', DEMO_COMPANIES[0].id).executeTakeFirst();
    const id = inv?.id ?? 'none';
    const r = await seller.json(`/api/inventory/trail/${id}`, { method: 'POST', body: { filter: { trailsBetweenTime: { start: '2026/11/20', end: '2026/11/01' }, page: 1 } } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toContainEqual({ path: 'filter.trailsBetweenTime.end', message: 'Start date must be before end date' });
  });
});
