// The data bulk uploads feed: shipping-charge adjustments
// in the orders CSV, D2R discounts in the store's D2R price, and external
// retailers' clusters checked against the admin console's clusters.
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { ordersExport, rowsOf } from '../../db/billing/exports';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import '../../db/tables/admin';
import { csvLine } from '../../domain/csv';
import { ordersCsvFilterSchema } from '../../domain/downloads';
import { makeTestApp, signInDemo, type Agent } from './helpers';

const CP = DEMO_COMPANIES[0].id;
const WH = DEMO_WAREHOUSES[0].id;
const ADJ = 'Shipping Charge Adjustment (INR)';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let seller: Agent;
let admin: Agent;

beforeAll(async () => {
  t = await makeTestApp({ orders: 80 });
  seller = await signInDemo(t.app, 'seller');
  admin = await signInDemo(t.app, 'admin');
}, 120_000);

const csvRows = (buf: Buffer) => Papa.parse<Record<string, string>>(buf.toString('utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;

async function exportBytes(dbh: typeof t.dbh) {
  const src = ordersExport(dbh, [CP], ordersCsvFilterSchema.parse({ tab: 'all' }), 25);
  const parts: Buffer[] = [];
  if (!src.chunks) throw new Error('the orders export writes bytes');
  for await (const c of src.chunks()) parts.push(Buffer.from(c.bytes));
  return Buffer.concat(parts);
}

describe('shipping-charge adjustments in the orders CSV', () => {
  it("adds the order's total adjustment as the last column, the same from the packed and the plain writer", async () => {
    const [o, other] = await t.db.selectFrom('orders').select(['id', 'tracking_number', 'shipping_paise']).where('company_id', '=', CP)
      .where('tracking_number', 'is not', null).orderBy('id').limit(2).execute();
    const adjust = (shippingPrice: string) =>
      admin.json('/api/charges/adjust-shipping-charges', { method: 'POST', body: { rows: [{ awb: o.tracking_number, shippingPrice, isDto: 'no' }] } });
    expect((await adjust('80')).body).toMatchObject({ executeSuccess: 1, executeErrors: 0 });
    expect((await adjust('95.5')).body).toMatchObject({ executeSuccess: 1, executeErrors: 0 });
    const want = ((9550 - Number(o.shipping_paise)) / 100).toFixed(2); // two adjustments add up to new − original

    const res = await seller.request('/api/download/csv/orders', { method: 'POST', body: { filter: { tab: 'all' } } });
    expect(res.status).toBe(200);
    const text = Buffer.from(await res.arrayBuffer());
    expect(text.toString('utf8').split('\r\n')[0].endsWith(`,Items,${ADJ}`)).toBe(true);
    const rows = csvRows(text);
    expect(rows.find((r) => r['Internal ID'] === o.id)?.[ADJ]).toBe(want);
    expect(rows.find((r) => r['Internal ID'] === other.id)?.[ADJ]).toBe('');

    // SQLite's packed fast path and the plain writer (as on PostgreSQL) write the very same bytes.
    const packed = await exportBytes(t.dbh);
    const plain = await exportBytes({ ...t.dbh, sqlite: undefined });
    expect(packed.length).toBeGreaterThan(1000);
    expect(packed.equals(plain)).toBe(true);
    // ... and the cell form (pages) the very same lines.
    const cells: string[] = [];
    for await (const row of rowsOf(ordersExport(t.dbh, [CP], ordersCsvFilterSchema.parse({ tab: 'all' }), 25))) cells.push(csvLine(row));
    expect(packed.toString('utf8')).toBe(cells.join(''));
    expect(csvRows(Buffer.concat([Buffer.from(`${ordersExport(t.dbh, [CP], ordersCsvFilterSchema.parse({})).header.join(',')}\r\n`), packed]))
      .find((r) => r['Internal ID'] === o.id)?.[ADJ]).toBe(want);
  });
});

describe('D2R discounts price the D2R orders of their store', () => {
  it('a D2R manual order for the store gets its discount; one for another store does not', async () => {
    const newStore = async (storeName: string, phone: string) => {
      const r = await seller.json('/api/d2r/store-address', {
        method: 'POST', body: { storeName, phone, address1: 'Shop 1', address2: 'Market', zip: '400001', city: 'Mumbai', state: 'Maharashtra' },
      });
      expect(r.status).toBeLessThan(300);
      return (r.body.data?.id ?? r.body.storeAddress?.id ?? r.body.id) as string;
    };
    const discounted = await newStore('Discount Store', '9876500011');
    const plainStore = await newStore('Full Price Store', '9876500012');
    const item = await t.db.selectFrom('catalogue_items').select(['id', 'price_paise']).where('company_id', '=', CP).where('sku', '=', 'CP-0001').executeTakeFirstOrThrow();
    const up = await seller.json(`/api/catalogue/pricing/${CP}/${discounted}`, { method: 'POST', body: { rows: [{ catalogueId: item.id, discount: '10' }] } });
    expect(up.body).toMatchObject({ executeSuccess: 1, executeErrors: 0 });

    const order = (id: string, storeId: string) => ({
      id, orderType: 2, whId: WH, pricingType: 0, paymentMethod: 'prepaid', shippingPrice: '0', selectedStoreAddressId: storeId, sameAsShipping: true,
      shippingAddress: {
        firstName: 'Ravi', lastName: 'Shah', phone: '9812345678', email: 'ravi@example.in', address1: 'Shop 1', address2: 'Market', zip: '400001', city: 'Mumbai',
        state: 'Maharashtra', gstin: '',
      },
      items: [{ catalogueId: item.id, quantity: 2 }],
    });
    const price = Number(item.price_paise);
    const tenOff = Math.round(price * 0.9);
    const a = await seller.json('/api/orders/manual', { method: 'POST', body: order('D2R-DISC-1', discounted) });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    const b = await seller.json('/api/orders/manual', { method: 'POST', body: order('D2R-DISC-2', plainStore) });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    const lineOf = (orderId: string) => t.db.selectFrom('order_items').select('final_price_paise').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const totalOf = (orderId: string) => t.db.selectFrom('orders').select('total_paise').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect((await lineOf(a.body.data.id)).final_price_paise).toBe(tenOff);
    expect((await totalOf(a.body.data.id)).total_paise).toBe(2 * tenOff);
    expect((await lineOf(b.body.data.id)).final_price_paise).toBe(price);
    expect((await totalOf(b.body.data.id)).total_paise).toBe(2 * price);
  });
});

describe("external retailers' cluster is one of the admin console's clusters", () => {
  const ext = (over: Record<string, string>) => ({
    externalId: 'EXT-C1', storeName: 'Cluster Kirana', firstName: 'Sai', lastName: 'Prasad', phone: '9876512399', alternatePhone: '', email: '', addressLine1: '14 Station Road',
    addressLine2: 'Opp Bus Stand', landmark: '', city: 'Pune', state: 'Maharashtra', pincode: '411001', gstin: '', pan: '', class: 'B', type: 'Kirana', cluster: 'NCR',
    salesmanId: '', beatName: '', creditLimit: '', creditDays: '', latitude: '', longitude: '', ...over,
  });

  it('refuses an unknown cluster with its reason, accepts a real one (any case) and one an admin adds later', async () => {
    const names = (await t.db.selectFrom('clusters').select('name').orderBy('name').execute()).map((c) => c.name);
    expect(names.length).toBeGreaterThan(0);
    const r = await seller.json('/api/bulk/external-retailers', {
      method: 'POST', body: { rows: [ext({ cluster: 'ncr' }), ext({ externalId: 'EXT-C2', cluster: 'West' }), ext({ externalId: 'EXT-C3', cluster: 'Pune Hub' })] },
    });
    expect(r.body).toMatchObject({ executeSuccess: 1, executeErrors: 2 });
    expect(r.body.errorArray).toEqual([
      { row: 2, col: 'cluster', reason: `Unknown cluster: West. cluster must be one of ${names.join(', ')}`, value: 'West' },
      { row: 3, col: 'cluster', reason: `Unknown cluster: Pune Hub. cluster must be one of ${names.join(', ')}`, value: 'Pune Hub' },
    ]);
    const saved = await t.db.selectFrom('retailer_profiles').select('cluster').where('company_id', '=', CP).where('external_id', '=', 'EXT-C1').executeTakeFirstOrThrow();
    expect(saved.cluster).toBe('NCR'); // as the admin console spells it

    await t.db.insertInto('clusters').values({ id: 'cl-pune-hub', name: 'Pune Hub', city: 'Pune', owner_id: null, created_at: new Date().toISOString() }).execute();
    const again = await seller.json('/api/bulk/external-retailers', { method: 'POST', body: { rows: [ext({ externalId: 'EXT-C3', cluster: 'Pune Hub' })] } });
    expect(again.body).toMatchObject({ executeSuccess: 1, executeErrors: 0 });
  });
});
