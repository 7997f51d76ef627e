// The admin delivery-orders list (GET /api/admin/orders): every filter, sort and
// page answers what the row-by-row read (db/admin/delivery.ts listDeliveryOrders)
// gives, envelope included, byte for byte. On SQLite the API builds the page as
// JSON inside the database (listDeliveryOrdersJson); on PostgreSQL it serialises
// the rows. Both dialects run this file (unit and api-pg projects).
import { beforeAll, describe, expect, it } from 'vitest';
import { listDeliveryOrders, listDeliveryOrdersJson } from '../../db/admin/delivery';
import { DEMO_COMPANIES } from '../../db/seed';
import { DELIVERY_COUNT_CAP, DELIVERY_STATUSES, deliveryListQuerySchema, type DeliveryOrderRow } from '../../domain/delivery';
import { makeTestApp, signInDemo, type Agent } from './helpers';

let dbh: Awaited<ReturnType<typeof makeTestApp>>['dbh'];
let admin: Agent;
const EXTRA = DELIVERY_COUNT_CAP + 20;
const BASE = Date.parse('2026-10-01T00:00:00.000Z');

beforeAll(async () => {
  const t = await makeTestApp({ orders: 20 });
  dbh = t.dbh;
  admin = await signInDemo(t.app, 'admin');
  const drivers = (await dbh.db.selectFrom('drivers').select('id').orderBy('id').execute()).map((d) => d.id);
  const rows = Array.from({ length: EXTRA }, (_, i) => {
    const status = DELIVERY_STATUSES[(i * 5) % DELIVERY_STATUSES.length];
    // Equal creation times in pairs, so the AWB breaks ties; updates out of creation order.
    const created = new Date(BASE + Math.floor(i / 2) * 60_000).toISOString();
    const updated = new Date(BASE + ((i * 7919) % EXTRA) * 90_000).toISOString();
    const address =
      i === 7 ? '{not json' : i === 8 ? 'null' : i === 9 ? JSON.stringify({ phone: '9123456789' })
      : i === 10 ? JSON.stringify({ name: 'Tab\tNew\nline \u0001 ₹ 😀', city: 'Pune', pincode: 411001 })
      : JSON.stringify({ name: `Naïve "Quote" \\ ${i}`, phone: `98${String(i).padStart(8, '0')}`, addressLine1: 'MG Road', addressLine2: '', city: i % 3 ? 'Pune' : 'Chennai', state: 'MH', pincode: String(411000 + (i % 7)) });
    return {
      awb: `AL${String(500000 + ((i * 37) % EXTRA)).padStart(7, '0')}`, company_id: DEMO_COMPANIES[i % DEMO_COMPANIES.length].id, order_status: status,
      // Whole rupees, and paise: 19,900 + 37 i (every hundredth row a whole amount).
      attempt: i % 3, otp: '1234', payment_method: i % 4 ? 'cod' : 'prepaid', total_paise: 19_900 + i * 37,
      customer_address: address, driver_id: i % 5 === 0 ? null : drivers[i % drivers.length], pod_url: null, shipping_label_url: null,
      created_at: created, updated_at: updated,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await dbh.db.insertInto('delivery_orders').values(rows.slice(i, i + 200)).execute();
}, 120_000);

/** What the row-by-row read gives for these query parameters, as the API's answer. */
async function expected(params: Record<string, string>) {
  const q = deliveryListQuerySchema.parse(params);
  const { rows, count, capped } = await listDeliveryOrders({ db: dbh.db, sqlite: dbh.sqlite }, q);
  return {
    status: true, message: rows.length ? 'Delivery orders' : 'Nothing to display here', orders: rows, currentCount: count, capped,
    pageNumber: q.pageNumber, records: q.records, pages: Math.max(1, Math.ceil(count / q.records)),
  };
}

const FILTERS: Record<string, string>[] = [
  {},
  { orderStatus: 'DELIVERED' },
  { orderStatus: 'ASSIGNED,UNDELIVERED,PLACED' },
  { orderStatus: 'DELIVERED,DELIVERED,RECEIVED' },
  { orderStatus: 'UNDELIVERED,UNATTEMPTED', paymentMethod: 'cod' },
  { paymentMethod: 'prepaid' },
  { company: DEMO_COMPANIES[1].id },
  { start: '2026-10-01', end: '2026-10-01' },
  { search: 'al5000' },
  { search: 'LM7' },
  { search: '9800000011' },
  { search: 'NOPE' },
];
const SORTS: Record<string, string>[] = [{}, { by: 'updatedAt', order: 'DESC' }, { by: 'updatedAt', order: 'ASC' }, { by: 'awb', order: 'ASC' }, { by: 'createdAt', order: 'ASC' }];

describe('GET /api/admin/orders', () => {
  it('answers every filter × sort × page as the row-by-row read does', async () => {
    let compared = 0;
    for (const f of FILTERS) {
      for (const s of SORTS) {
        for (const page of [{ records: '20', pageNumber: '1' }, { records: '7', pageNumber: '3' }, { records: '100', pageNumber: '11' }]) {
          const params = { ...f, ...s, ...page };
          const res = await admin.request(`/api/admin/orders?${new URLSearchParams(params)}`);
          const text = await res.text();
          expect(res.status, JSON.stringify(params)).toBe(200);
          // The same bytes as the row-by-row read's answer serialised (a whole price is 199, not 199.0).
          expect(text, JSON.stringify(params)).toBe(JSON.stringify(await expected(params)));
          compared += (JSON.parse(text) as { orders: unknown[] }).orders.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    // A status named twice lists its orders once.
    const twice = await admin.json('/api/admin/orders?orderStatus=DELIVERED,DELIVERED&records=100');
    const once = await admin.json('/api/admin/orders?orderStatus=DELIVERED&records=100');
    expect(twice.body.orders.length).toBeGreaterThan(0);
    expect(twice.body).toEqual(once.body);
  });

  it('pages several statuses in the order a plain sorted query gives, by every sort key', async () => {
    const statuses = ['ASSIGNED', 'UNDELIVERED', 'PLACED'];
    for (const [by, column] of [['awb', 'awb'], ['createdAt', 'created_at'], ['updatedAt', 'updated_at']] as const) {
      for (const order of ['ASC', 'DESC'] as const) {
        const r = await admin.json(`/api/admin/orders?orderStatus=${statuses.join(',')}&by=${by}&order=${order}&records=9&pageNumber=4`);
        const dir = order === 'ASC' ? 'asc' : 'desc';
        const plain = await dbh.db.selectFrom('delivery_orders').select('awb').where('order_status', 'in', statuses).orderBy(column, dir).orderBy('awb', dir).limit(9).offset(27).execute();
        expect(r.body.orders.map((o: DeliveryOrderRow) => o.awb), `${by} ${order}`).toEqual(plain.map((x) => x.awb));
      }
    }
  });

  it('caps the count, pages past the end, and keeps the rows exact (prices, quotes, drivers, odd addresses)', async () => {
    const all = await admin.json('/api/admin/orders?records=100');
    expect(all.body).toMatchObject({ currentCount: DELIVERY_COUNT_CAP, capped: true, pages: DELIVERY_COUNT_CAP / 100, message: 'Delivery orders' });
    const past = await admin.json('/api/admin/orders?orderStatus=DELIVERED&records=100&pageNumber=90');
    expect(past.body).toMatchObject({ orders: [], message: 'Nothing to display here', capped: false });
    expect(past.body.currentCount).toBeGreaterThan(0);

    const byAwb = new Map<string, DeliveryOrderRow>();
    for (let p = 1; p <= 11; p++) for (const o of (await admin.json(`/api/admin/orders?by=awb&order=ASC&records=100&pageNumber=${p}`)).body.orders) byAwb.set(o.awb, o);
    const stored = await dbh.db.selectFrom('delivery_orders').selectAll().where('awb', 'like', 'AL%').execute();
    const drivers = new Map((await dbh.db.selectFrom('drivers').select(['id', 'name', 'phone']).execute()).map((d) => [d.id, d]));
    expect(stored.length).toBe(EXTRA);
    for (const row of stored) {
      const o = byAwb.get(row.awb);
      if (!o) continue; // beyond the 1,100 rows of the eleven pages
      expect(o.totalPrice).toBe(Number(row.total_paise) / 100);
      let a: Record<string, unknown>;
      try {
        a = (JSON.parse(row.customer_address) as Record<string, unknown>) ?? {};
      } catch {
        a = {};
      }
      expect([o.customerName, o.city, o.pincode]).toEqual([a.name ?? '', a.city ?? '', a.pincode ?? '']);
      const visible = ['ASSIGNED', 'OUT_FOR_DELIVERY', 'DELIVERED'].includes(row.order_status) && row.driver_id;
      expect(o.driver).toEqual(visible ? drivers.get(row.driver_id!) : null);
    }
    expect(byAwb.size).toBeGreaterThan(1000);
  });

  // listDeliveryOrdersJson is SQLite's path (PostgreSQL serves the list from objects), so this case exists on SQLite only.
  if (!process.env.API_TEST_PG) it('gives the same page inside a transaction (SQLite: through Kysely, not the cached statement)', async () => {
    const q = deliveryListQuerySchema.parse({ orderStatus: 'ASSIGNED,DELIVERED', by: 'updatedAt', records: '30', pageNumber: '2' });
    const outside = await listDeliveryOrdersJson({ db: dbh.db, sqlite: dbh.sqlite }, q);
    const inside = await dbh.db.transaction().execute((tx) => listDeliveryOrdersJson({ db: tx, sqlite: dbh.sqlite }, q));
    expect(dbh.sqlite?.inTransaction).toBe(false);
    expect(inside).toEqual(outside);
    expect(JSON.parse(outside.ordersJson)).toEqual((await listDeliveryOrders({ db: dbh.db, sqlite: dbh.sqlite }, q)).rows);
  });
});
