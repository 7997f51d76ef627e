import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES, SELECT_REASON, TYPE_REASON, type DeliveryStatus } from '../../domain/delivery';

import { EMAIL_TOO_MANY_ROWS } from '../../domain/downloads';
import { createApp, defaultConfig } from '../../edge-api/app';
import { drainJobs } from '../../edge-api/jobs/runner';
import { JOB_HANDLERS } from '../../edge-api/jobs/handlers';
import { makeTestApp, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let dbh: Awaited<ReturnType<typeof makeTestApp>>['dbh'];
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let admin: Agent;

beforeAll(async () => {
  ({ app, dbh, db } = await makeTestApp({ orders: 50 }));
  admin = await signInDemo(app, 'admin');
}, 60_000);

const rid = () => randomUUID();
let seq = 0;
/** A fresh delivery order in `status` (its own AWB), so each case starts clean. */
async function orderIn(status: DeliveryStatus, extra: Record<string, unknown> = {}) {
  const awb = `TA${String(100000 + ++seq)}`;
  const at = new Date(Date.now() - 3 * 86_400_000).toISOString();
  const company = await db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db
    .insertInto('delivery_orders')
    .values({
      awb, company_id: company.id, order_status: status, attempt: 0, otp: '1234', payment_method: 'cod', total_paise: 49900,
      customer_address: JSON.stringify({ name: 'Asha Rao', phone: '9876501234', addressLine1: '12, MG Road', addressLine2: 'Near Park', city: 'Pune', state: 'Maharashtra', pincode: '411001' }),
      driver_id: null, pod_url: null, shipping_label_url: null, created_at: at, updated_at: at, ...extra,
    })
    .execute();
  return awb;
}
const row = (awb: string) => db.selectFrom('delivery_orders').selectAll().where('awb', '=', awb).executeTakeFirstOrThrow();
const trailCount = async (awb: string) => Number((await db.selectFrom('delivery_order_trails').select((eb) => eb.fn.countAll<number>().as('n')).where('awb', '=', awb).executeTakeFirstOrThrow()).n);
const anyDriver = async (active = 1) => (await db.selectFrom('drivers').select(['id', 'name', 'phone']).where('active', '=', active).orderBy('id').executeTakeFirstOrThrow());

const past = () => new Date(Date.now() - 3_600_000).toISOString();
const ACTIONS = {
  delivered: (awb: string) => ({ path: '/api/admin/order/mark-as-delivered', body: { awb, timeStamp: past(), requestId: rid() }, to: 'DELIVERED' }),
  undelivered: (awb: string) => ({ path: '/api/admin/order/mark-as-undelivered', body: { awb, reason: 'Address not found', requestId: rid() }, to: 'UNDELIVERED' }),
  cancelled: (awb: string) => ({ path: '/api/admin/order/mark-as-cancelled', body: { awb, reason: 'Seller asked', requestId: rid() }, to: 'RTO_IN_TRANSIT' }),
  rto: (awb: string) => ({ path: '/api/admin/order/mark-as-rto-delivered', body: { awb, requestId: rid() }, to: 'RTO_DELIVERED' }),
} as const;

describe('delivery actions by status', () => {
  const allowed = DELIVERY_STATUSES.filter((s) => s !== 'DELIVERED' && s !== 'RTO_DELIVERED');
  for (const [name, make] of Object.entries(ACTIONS)) {
    for (const status of allowed) {
      it(`${name} is applied from ${status}, with a trail row naming the admin`, async () => {
        const awb = await orderIn(status);
        const a = make(awb);
        const r = await admin.json(a.path, { method: 'POST', body: a.body });
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ status: true, awb, orderStatus: a.to, replayed: false });
        expect((await row(awb)).order_status).toBe(a.to);
        const trail = await db.selectFrom('delivery_order_trails').selectAll().where('awb', '=', awb).execute();
        expect(trail).toHaveLength(1);
        expect(trail[0]).toMatchObject({ from_status: status, status: a.to, actor_name: 'Platform Admin' });
      });
    }
    for (const status of ['DELIVERED', 'RTO_DELIVERED'] as const) {
      it(`${name} is refused (409) in ${status} and changes nothing`, async () => {
        const awb = await orderIn(status);
        const before = await row(awb);
        const a = make(awb);
        const r = await admin.json(a.path, { method: 'POST', body: a.body });
        expect(r.status).toBe(409);
        expect(r.body.status).toBe(false);
        expect(r.body.message).toContain('no further action');
        expect(await row(awb)).toEqual(before);
        expect(await trailCount(awb)).toBe(0);
      });
    }
  }

  it('an unknown AWB answers 404', async () => {
    const r = await admin.json('/api/admin/order/mark-as-rto-delivered', { method: 'POST', body: { awb: 'NOPE9999', requestId: rid() } });
    expect(r.status).toBe(404);
  });
});

describe('exactly once', () => {
  it('a retried undelivered (same requestId) counts one attempt and one trail row', async () => {
    const awb = await orderIn('OUT_FOR_DELIVERY');
    const body = { awb, reason: 'Customer not available', requestId: rid() };
    const first = await admin.json('/api/admin/order/mark-as-undelivered', { method: 'POST', body });
    const again = await admin.json('/api/admin/order/mark-as-undelivered', { method: 'POST', body });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: true, awb, orderStatus: 'UNDELIVERED', replayed: true });
    const r = await row(awb);
    expect(r.attempt).toBe(1);
    expect(await trailCount(awb)).toBe(1);
    // A new attempt (new request id) is a second attempt.
    await admin.json('/api/admin/order/mark-as-undelivered', { method: 'POST', body: { ...body, requestId: rid() } });
    expect((await row(awb)).attempt).toBe(2);
  });

  it('a double click (two concurrent requests with one requestId) applies once', async () => {
    const awb = await orderIn('UNATTEMPTED');
    const body = { awb, reason: 'Customer not available', requestId: rid() };
    const [a, b] = await Promise.all([
      admin.json('/api/admin/order/mark-as-undelivered', { method: 'POST', body }),
      admin.json('/api/admin/order/mark-as-undelivered', { method: 'POST', body }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.replayed, b.body.replayed].sort()).toEqual([false, true]);
    expect((await row(awb)).attempt).toBe(1);
    expect(await trailCount(awb)).toBe(1);
  });

  it('a request id reused for another order is refused', async () => {
    const a1 = await orderIn('PLACED');
    const a2 = await orderIn('PLACED');
    const requestId = rid();
    expect((await admin.json('/api/admin/order/mark-as-rto-delivered', { method: 'POST', body: { awb: a1, requestId } })).status).toBe(200);
    const r = await admin.json('/api/admin/order/mark-as-rto-delivered', { method: 'POST', body: { awb: a2, requestId } });
    expect(r.status).toBe(409);
    expect((await row(a2)).order_status).toBe('PLACED');
  });
});

describe('action inputs', () => {
  it('undelivered needs a reason, and "Other" needs the typed reason', async () => {
    const awb = await orderIn('ASSIGNED');
    const none = await admin.json('/api/admin/order/mark-as-undelivered', { method: 'POST', body: { awb, requestId: rid() } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(SELECT_REASON);
    const other = await admin.json('/api/admin/order/mark-as-undelivered', { method: 'POST', body: { awb, reason: 'Other', requestId: rid() } });
    expect(other.status).toBe(400);
    expect(other.body.errors).toContainEqual({ path: 'otherReason', message: TYPE_REASON });
    expect((await row(awb)).order_status).toBe('ASSIGNED');
    const ok = await admin.json('/api/admin/order/mark-as-undelivered', { method: 'POST', body: { awb, reason: 'Other', otherReason: 'Gate locked', requestId: rid() } });
    expect(ok.status).toBe(200);
    const detail = await admin.json(`/api/admin/orders/${awb}`);
    expect(detail.body.order.lastReason).toBe('Other: Gate locked');
    expect(detail.body.order.trails.at(-1).note).toBe('Other: Gate locked');
  });

  it('delivered refuses a time in the future', async () => {
    const awb = await orderIn('OUT_FOR_DELIVERY');
    const r = await admin.json('/api/admin/order/mark-as-delivered', {
      method: 'POST', body: { awb, timeStamp: new Date(Date.now() + 3_600_000).toISOString(), requestId: rid() },
    });
    expect(r.status).toBe(400);
    expect((await row(awb)).order_status).toBe('OUT_FOR_DELIVERY');
  });

  it('delivered keeps the proof of delivery photo, its place and the time', async () => {
    const awb = await orderIn('OUT_FOR_DELIVERY');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const pre = await admin.json('/api/uploads/presign', { method: 'POST', body: { purpose: 'proof', fileName: 'pod.png', contentType: 'image/png', size: png.length } });
    expect(pre.status).toBe(200);
    const put = await admin.request(pre.body.uploadUrl, { method: 'PUT', body: png, headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);
    const when = past();
    const r = await admin.json('/api/admin/order/mark-as-delivered', {
      method: 'POST', body: { awb, timeStamp: when, podKey: pre.body.key, latitude: 18.52, longitude: 73.85, requestId: rid() },
    });
    expect(r.status).toBe(200);
    const d = (await admin.json(`/api/admin/orders/${awb}`)).body.order;
    expect(d.podUrl).toBe(`/api/files/${pre.body.key}`);
    expect(d.cordinates).toEqual({ latitude: 18.52, longitude: 73.85 });
    expect(d.deliveredAt).toBe(when);
    const file = await admin.request(d.podUrl);
    expect(file.status).toBe(200);
  });
});

describe('list and detail', () => {
  it('filters by status, payment method and AWB search, with the count and server-side paging', async () => {
    const r = await admin.json('/api/admin/orders?orderStatus=DELIVERED,UNDELIVERED&paymentMethod=cod&records=5&pageNumber=1');
    expect(r.status).toBe(200);
    expect(r.body.orders.length).toBeLessThanOrEqual(5);
    for (const o of r.body.orders) {
      expect(['DELIVERED', 'UNDELIVERED']).toContain(o.orderStatus);
      expect(o.paymentMethod).toBe('cod');
    }
    const all = await db.selectFrom('delivery_orders').select('awb').where('order_status', 'in', ['DELIVERED', 'UNDELIVERED']).where('payment_method', '=', 'cod').execute();
    expect(r.body.currentCount).toBe(all.length);
    const p2 = await admin.json('/api/admin/orders?orderStatus=DELIVERED,UNDELIVERED&paymentMethod=cod&records=5&pageNumber=2');
    const expected = await db.selectFrom('delivery_orders').select('awb').where('order_status', 'in', ['DELIVERED', 'UNDELIVERED']).where('payment_method', '=', 'cod')
      .orderBy('created_at', 'desc').orderBy('awb', 'desc').limit(10).execute();
    expect([...r.body.orders, ...p2.body.orders].map((o: any) => o.awb)).toEqual(expected.map((e) => e.awb));
    const byUpdated = await admin.json('/api/admin/orders?orderStatus=PLACED,RECEIVED&by=updatedAt&order=ASC&records=7&pageNumber=2');
    const expectedUpdated = await db.selectFrom('delivery_orders').select('awb').where('order_status', 'in', ['PLACED', 'RECEIVED'])
      .orderBy('updated_at', 'asc').orderBy('awb', 'asc').limit(7).offset(7).execute();
    expect(byUpdated.body.orders.map((o: any) => o.awb)).toEqual(expectedUpdated.map((e) => e.awb));

    const s = await admin.json('/api/admin/orders?search=lm70001');
    expect(s.body.orders.length).toBeGreaterThan(0);
    for (const o of s.body.orders) expect(o.awb.startsWith('LM70001')).toBe(true);
  });

  it('sorts on the server', async () => {
    const asc = await admin.json('/api/admin/orders?by=awb&order=ASC&records=10');
    const awbs = asc.body.orders.map((o: any) => o.awb);
    expect(awbs).toEqual([...awbs].sort());
  });

  it('shows the driver only when ASSIGNED, OUT_FOR_DELIVERY or DELIVERED', async () => {
    const driver = await anyDriver();
    for (const status of DELIVERY_STATUSES) {
      const awb = await orderIn(status, { driver_id: driver.id });
      const d = (await admin.json(`/api/admin/orders/${awb}`)).body.order;
      if (['ASSIGNED', 'OUT_FOR_DELIVERY', 'DELIVERED'].includes(status)) expect(d.driver).toEqual(driver);
      else expect(d.driver).toBeNull();
    }
  });

  it('the lightning equivalents answer the same', async () => {
    const a = await admin.json('/api/admin/orders?records=3');
    const b = await admin.json('/api/lightning/orders?records=3');
    expect(b.body.orders).toEqual(a.body.orders);
    const one = await admin.json(`/api/lightning/orders/${a.body.orders[0].awb}`);
    expect(one.body.order.awb).toBe(a.body.orders[0].awb);
  });
});

describe('assigning orders to a driver', () => {
  it('moves them to ASSIGNED with a journey; refuses a delivered order and changes nothing', async () => {
    const driver = await anyDriver();
    const a1 = await orderIn('PLACED');
    const a2 = await orderIn('RECEIVED');
    const r = await admin.json('/api/admin/drivers/assigned-orders', { method: 'POST', body: { assignedOrderIds: [a1, a2], driverId: driver.id } });
    expect(r.status).toBe(200);
    for (const awb of [a1, a2]) {
      const o = await row(awb);
      expect(o.order_status).toBe('ASSIGNED');
      expect(o.driver_id).toBe(driver.id);
    }
    const j = await admin.json(`/api/admin/journey/${r.body.journeyId}`);
    expect(j.body.journey).toMatchObject({ orders: 2, pending: 2, status: 'ACTIVE' });
    expect(j.body.orders.map((o: any) => o.awb).sort()).toEqual([a1, a2].sort());

    const done = await orderIn('DELIVERED');
    const a3 = await orderIn('PLACED');
    const bad = await admin.json('/api/admin/drivers/assigned-orders', { method: 'POST', body: { assignedOrderIds: [a3, done], driverId: driver.id } });
    expect(bad.status).toBe(409);
    expect(bad.body.message).toContain(done);
    expect((await row(a3)).order_status).toBe('PLACED');
  });

  it('refuses an inactive driver', async () => {
    const inactive = await anyDriver(0);
    const awb = await orderIn('PLACED');
    const r = await admin.json('/api/admin/drivers/assigned-orders', { method: 'POST', body: { assignedOrderIds: [awb], driverId: inactive.id } });
    expect(r.status).toBe(409);
    expect((await row(awb)).order_status).toBe('PLACED');
  });
});

describe('drivers, clusters, owners and warehouses', () => {
  it('creates a driver and lists drivers newest first, 10 a page by default', async () => {
    const clusters = (await admin.json('/api/admin/clusters')).body.cluster;
    const c = await admin.json('/api/admin/create-driver', { method: 'POST', body: { name: 'Ravi Kumar', phone: '9123456780', vehicle: 'Bike', clusterId: clusters[0].clusterId } });
    expect(c.status).toBe(201);
    expect(c.body.driver).toMatchObject({ name: 'Ravi Kumar', phone: '9123456780', vehicle: 'Bike', active: true, clusterName: clusters[0].clusterName });
    const dup = await admin.json('/api/admin/create-driver', { method: 'POST', body: { name: 'Ravi Again', phone: '9123456780', vehicle: 'Van' } });
    expect(dup.status).toBe(409);
    const bad = await admin.json('/api/admin/create-driver', { method: 'POST', body: { name: '', phone: '12', vehicle: 'Bike' } });
    expect(bad.status).toBe(400);

    for (let i = 0; i < 6; i++) await admin.json('/api/admin/create-driver', { method: 'POST', body: { name: `Driver ${i}`, phone: `90000000${10 + i}`, vehicle: 'Scooter' } });
    const list = await admin.json('/api/admin/drivers', { method: 'POST', body: {} });
    expect(list.status).toBe(200);
    expect(list.body.drivers).toHaveLength(10);
    expect(list.body.totalCount).toBe(6 + 1 + 6);
    expect(list.body.drivers[0].name).toBe('Driver 5');
    const created = list.body.drivers.map((d: any) => d.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const found = await admin.json('/api/admin/drivers', { method: 'POST', body: { where: { search: 'ravi' } } });
    expect(found.body.drivers.map((d: any) => d.name)).toEqual(['Ravi Kumar']);
    const one = await admin.json(`/api/admin/driver/${c.body.driver.id}`);
    expect(one.body.driver.phone).toBe('9123456780');
  });

  it('creates a cluster owner and a cluster, refuses a pincode of another cluster, and puts a warehouse in a cluster', async () => {
    const o = await admin.json('/api/admin/create-cluster-owner', { method: 'POST', body: { name: 'Kiran Shah', phone: '9988776655', email: 'kiran@example.com' } });
    expect(o.status).toBe(201);
    const c = await admin.json('/api/admin/create-cluster', { method: 'POST', body: { name: 'Gujarat', city: 'Ahmedabad', pincodes: ['380001', '395003'], ownerId: o.body.clusterOwner.id } });
    expect(c.status).toBe(201);
    expect(c.body.cluster).toMatchObject({ clusterName: 'Gujarat', clusterPincode: ['380001', '395003'], owner: { name: 'Kiran Shah' } });
    const clash = await admin.json('/api/admin/create-cluster', { method: 'POST', body: { name: 'Surat only', city: 'Surat', pincodes: ['395003'] } });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('395003 (Gujarat)');
    const owners = (await admin.json('/api/admin/cluster-owner')).body.clusterOwners;
    expect(owners.find((x: any) => x.id === o.body.clusterOwner.id).clusters).toEqual(['Gujarat']);

    const w = await admin.json('/api/admin/create-warehouse', {
      method: 'POST', body: { name: 'Sanand Hub', code: 'AMD1', email: 'amd1@example.com', phone: '9876543210', address: { line1: 'Plot 4', city: 'Sanand', state: 'Gujarat', pincode: '382110' } },
    });
    expect(w.status).toBe(201);
    const a = await admin.json('/api/admin/assign-cluster', { method: 'POST', body: { clusterId: c.body.cluster.clusterId, warehouseId: w.body.warehouse.id } });
    expect(a.status).toBe(200);
    const whs = (await admin.json('/api/admin/warehouses')).body.warehouses;
    expect(whs.find((x: any) => x.id === w.body.warehouse.id).cluster).toEqual({ id: c.body.cluster.clusterId, name: 'Gujarat' });
    const find = await admin.json('/api/warehouse/find?warehouseName=sanand');
    expect(find.body.warehouses.map((x: any) => x.name)).toEqual(['Sanand Hub']);
  });

  it('creates a warehouse owner who can sign in as a warehouse user', async () => {
    const whs = (await admin.json('/api/admin/warehouses')).body.warehouses;
    const r = await admin.json('/api/admin/create-warehouse-owner', { method: 'POST', body: { name: 'Farah Khan', email: 'farah@example.com', password: 'Secret@123', warehouseId: whs[0].id } });
    expect(r.status).toBe(201);
    const users = (await admin.json('/api/admin/warehouse-user')).body.warehouseUsers;
    expect(users.find((u: any) => u.email === 'farah@example.com')).toMatchObject({ name: 'Farah Khan', warehouseId: whs[0].id });
    const { signIn } = await import('./helpers');
    const farah = await signIn(app, 'farah@example.com', 'Secret@123', 'wms');
    const s = await farah.json('/api/auth/session');
    expect(s.status).toBe(200);
  });
});

const IST = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const indiaTime = (iso: string) => IST.format(new Date(iso)).replace(',', '');

describe('CSV and the e-mail switch', () => {
  it('counts, answers the CSV directly under the limit, asks for an e-mail above it, and mails the link', async () => {
    const count = await admin.json('/api/admin/orders/filter/count?paymentMethod=prepaid');
    const expected = await db.selectFrom('delivery_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('payment_method', '=', 'prepaid').executeTakeFirstOrThrow();
    expect(count.body.ordersCount).toBe(Number(expected.n));
    const csv = await admin.request('/api/admin/csv/orders/download?paymentMethod=prepaid');
    expect(csv.status).toBe(200);
    const text = await csv.text();
    const lines = text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(Number(expected.n) + 1);
    expect(lines[0]).toContain('AWB');
    // Dates in India time as DD/MM/YYYY HH:mm:ss, checked against the platform's time-zone database.
    const made = new Map((await db.selectFrom('delivery_orders').select(['awb', 'created_at', 'updated_at']).where('payment_method', '=', 'prepaid').execute()).map((o) => [o.awb, o]));
    for (const row of Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data) {
      expect([row['Created at (IST)'], row['Updated at (IST)']]).toEqual([indiaTime(made.get(row.AWB)!.created_at), indiaTime(made.get(row.AWB)!.updated_at)]);
    }

    // The same data behind an app whose direct limit is 5 rows.
    const config = defaultConfig({ dataDir: `/tmp/shipdesk-test-${process.pid}`, limits: { labelsDirect: 5, csvRowsDirect: 5 } });
    const small = createApp({ dbh, logger: pino({ level: 'silent' }), config });
    const a = await signInDemo(small, 'admin');
    const big = await a.json('/api/admin/csv/orders/download?paymentMethod=prepaid');
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ emailRequired: true, message: EMAIL_TOO_MANY_ROWS });
    const q = await a.json('/api/admin/csv/orders/download/email', { method: 'POST', body: { email: 'admin@shipdesk.in', filter: { paymentMethod: 'prepaid' } } });
    expect(q.status).toBe(202);
    await drainJobs(dbh, config, pino({ level: 'silent' }), JOB_HANDLERS);
    const job = await a.json(`/api/jobs/${q.body.jobId}`);
    expect(job.body.job.status).toBe('done');
    expect(job.body.job.result.rows).toBe(Number(expected.n));
    const mail = await db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'admin@shipdesk.in').executeTakeFirstOrThrow();
    const link = /https?:\/\/[^/\s]+(\/api\/exports\/\S+)/.exec(mail.body)![1];
    const file = await a.request(link);
    expect(file.status).toBe(200);
    expect((await file.text()).trim().split(/\r?\n/)).toHaveLength(Number(expected.n) + 1);
  });

  it('journeys: count, CSV and e-mail', async () => {
    const c = await admin.json('/api/admin/journey/filter/count');
    const n = Number((await db.selectFrom('journeys').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(c.body.journeyCount).toBe(n);
    const list = await admin.json('/api/admin/journey?records=100');
    expect(list.body.journeys).toHaveLength(n);
    const csv = await admin.request('/api/admin/journey/csv');
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.trim().split(/\r?\n/)).toHaveLength(n + 1);
    const made = new Map((await db.selectFrom('journeys').select(['id', 'created_at']).execute()).map((j) => [j.id, j.created_at]));
    for (const row of Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data) {
      expect(row['Created at (IST)']).toBe(indiaTime(made.get(row.Journey)!));
    }
    const e = await admin.json('/api/admin/journey/download/email', { method: 'POST', body: { email: 'admin@shipdesk.in' } });
    expect(e.status).toBe(202);
  });
});


