import { beforeAll, describe, expect, it } from 'vitest';
import { company } from './orders-fixtures';
import { makeTestApp, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let admin: Agent;
let seller: Agent;

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 400 }));
  [admin, seller] = await Promise.all([signInDemo(app, 'admin'), signInDemo(app, 'seller')]);
}, 60_000);

const retailer = (phone: string, firstName = 'Sunil', GSTIN = '') => ({ firstName, lastName: 'Traders', phone, GSTIN });
const parseCsv = (text: string) => text.trim().split('\r\n').map((l) => l.split(','));

/** A delivered D2R order of the distributor company with items: its retailer phone. */
async function deliveredRetailerPhone() {
  const o = await db
    .selectFrom('orders')
    .select(['id', 'customer_phone'])
    .where('company_id', '=', company(2))
    .where('order_type', '=', 2)
    .where('status', '=', 'DELIVERED')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return o;
}

describe('creating promoters', () => {
  it('creates a promoter with its retailers and lists it', async () => {
    const r = await admin.json('/api/admin/promoter', {
      method: 'POST',
      body: { name: 'Ravi Kulkarni', phone: '9876500011', retailers: [retailer('9876500012'), retailer('9876500013', 'Asha', '27AAPFU0939F1ZV')], user: 'Platform Admin' },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ name: 'Ravi Kulkarni', phone: '9876500011', hmsUserReferenceId: expect.stringMatching(/^HMS-/) });
    expect(r.body.data.retailers).toHaveLength(2);
    expect(r.body.data.retailers).toEqual(expect.arrayContaining([expect.objectContaining({ firstName: 'Asha', GSTIN: '27AAPFU0939F1ZV' })]));
    const list = await admin.json('/api/admin/promoter/list', { method: 'POST', body: { where: { name: 'ravi' }, pagination: { page: 1, pageSize: 10 } } });
    expect(list.body.totalRecords).toBe(1);
    expect(list.body.data[0].retailers).toHaveLength(2);
  });

  it('answers the server message when the promoter cannot be created', async () => {
    const dup = await admin.json('/api/admin/promoter', { method: 'POST', body: { name: 'Someone', phone: '9876500011', retailers: [retailer('9876500099')] } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A promoter with this phone already exists');
    const noRetailer = await admin.json('/api/admin/promoter', { method: 'POST', body: { name: 'Someone', phone: '9876500021', retailers: [] } });
    expect(noRetailer.status).toBe(400);
    expect(noRetailer.body.message).toBe('Please add atleast 1 retailer');
    const twice = await admin.json('/api/admin/promoter', { method: 'POST', body: { name: 'Someone', phone: '9876500021', retailers: [retailer('9876500031'), retailer('9876500031')] } });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual([{ path: 'retailers.1.phone', message: 'Each retailer needs a different phone' }]);
    expect((await db.selectFrom('promoters').select('id').where('phone', '=', '9876500021').execute()).length).toBe(0);
  });

  it('filters, sorts and pages the list', async () => {
    for (const [i, name] of ['Zoya Khan', 'Amit Das', 'Meena Rao'].entries()) {
      await admin.json('/api/admin/promoter', { method: 'POST', body: { name, phone: `98765001${40 + i}`, retailers: [retailer(`98765002${40 + i}`)] } });
    }
    const byName = await admin.json('/api/admin/promoter/list', { method: 'POST', body: { sortBy: { field: 'name', order: 'ASC' }, pagination: { page: 1, pageSize: 2 } } });
    expect(byName.body.totalRecords).toBe(4);
    expect(byName.body.data.map((p: { name: string }) => p.name)).toEqual(['Amit Das', 'Meena Rao']);
    const page2 = await admin.json('/api/admin/promoter/list', { method: 'POST', body: { sortBy: { field: 'name', order: 'ASC' }, pagination: { page: 2, pageSize: 2 } } });
    expect(page2.body.data.map((p: { name: string }) => p.name)).toEqual(['Ravi Kulkarni', 'Zoya Khan']);
    const byRetailer = await admin.json('/api/admin/promoter/list', { method: 'POST', body: { where: { retailerPhone: '9876500241' } } });
    expect(byRetailer.body.data.map((p: { name: string }) => p.name)).toEqual(['Amit Das']);
  });

  it('is for admins only', async () => {
    expect((await seller.json('/api/admin/promoter/list', { method: 'POST', body: {} })).status).toBe(403);
    expect((await seller.json('/api/admin/promoter', { method: 'POST', body: { name: 'X', phone: '9876500051', retailers: [retailer('9876500052')] } })).status).toBe(403);
  });
});

describe('stock details and credit notes', () => {
  it("reports the units delivered to the promoter's retailers per SKU, paged and as CSV", async () => {
    const o = await deliveredRetailerPhone();
    const created = await admin.json('/api/admin/promoter', { method: 'POST', body: { name: 'Stock Promoter', phone: '9000000001', retailers: [retailer(o.customer_phone, 'Kiran'), retailer('9000000002')] } });
    expect(created.status).toBe(201);
    const expected = await db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['order_items.sku', (eb) => eb.fn.sum<number>('order_items.quantity').as('q')])
      .where('orders.customer_phone', '=', o.customer_phone)
      .where('orders.order_type', '=', 2)
      .where((eb) => eb.or([eb('orders.status', '=', 'DELIVERED'), eb('orders.status', 'like', 'DTO_%')]))
      .groupBy('order_items.sku')
      .execute();
    const r = await admin.json('/api/admin/promoter/stock-details?promoterName=stock%20promoter&record=500&page=1');
    expect(r.status).toBe(200);
    expect(r.body.totalRecords).toBe(expected.length);
    const got = Object.fromEntries(r.body.data.map((x: { sku: string; quantity: number }) => [x.sku, x.quantity]));
    expect(got).toEqual(Object.fromEntries(expected.map((e) => [e.sku, Number(e.q)])));
    expect(r.body.data[0]).toMatchObject({ promoterName: 'Stock Promoter', retailerName: 'Kiran Traders', retailerPhone: o.customer_phone });

    const paged = await admin.json('/api/admin/promoter/stock-details?promoterName=stock%20promoter&record=1&page=1');
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.totalRecords).toBe(expected.length);

    const csv = await admin.request('/api/admin/promoter/stock-details?promoterName=stock%20promoter&record=1&csvFlag=true');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = parseCsv(await csv.text());
    expect(rows[0]).toEqual(['Promoter', 'Retailer', 'Retailer Phone', 'SKU', 'Product', 'Quantity', 'Returned', 'Value (INR)', 'Last Order (IST)']);
    expect(rows).toHaveLength(expected.length + 1); // every row, not one page

    const sku = expected[0].sku;
    const bySku = await admin.json(`/api/admin/promoter/stock-details?promoterName=stock&searchOptionType=sku&searchValue=${sku}`);
    expect(bySku.body.data.map((x: { sku: string }) => x.sku)).toEqual([sku]);
    const past = await admin.json('/api/admin/promoter/stock-details?promoterName=stock&startDate=2020-01-01&endDate=2020-12-31');
    expect(past.body.totalRecords).toBe(0);
  });

  it('reports the credit notes of those retailers', async () => {
    const o = await deliveredRetailerPhone();
    const cn = await admin.json(`/api/orders/${o.id}/credit-notes`, { method: 'POST', body: { reason: 'Damaged in transit', amountPaise: 1000 } });
    expect(cn.status).toBe(200);
    const r = await admin.json('/api/admin/promoter/credit-note?promoterName=stock');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([expect.objectContaining({ retailerPhone: o.customer_phone, amountPaise: 1000, reason: 'Damaged in transit' })]);
    const csv = await admin.request('/api/admin/promoter/credit-note?promoterName=stock&csvFlag=true');
    const rows = parseCsv(await csv.text());
    expect(rows[1]).toContain('10.00');
    const other = await admin.json('/api/admin/promoter/credit-note?promoterName=ravi');
    expect(other.body.totalRecords).toBe(0);
  });

  it('refuses an end date before the start date', async () => {
    const r = await admin.json('/api/admin/promoter/stock-details?startDate=2026-02-01&endDate=2026-01-01');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('End date cannot be before start date');
  });
});
