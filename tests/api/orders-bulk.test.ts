import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../edge-api/app';
import { drainJobs } from '../../edge-api/jobs/runner';
import { JOB_HANDLERS } from '../../edge-api/jobs/handlers';
import { rebuildOrderStatusCounts } from '../../db/orders/status';
import { company, countsMatchTable, lastTrail, orderPicker, snapshot } from './orders-fixtures';
import { makeTestApp, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let dbh: Awaited<ReturnType<typeof makeTestApp>>['dbh'];
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let seller: Agent;
let admin: Agent;
let orderIn: ReturnType<typeof orderPicker>;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  ({ app, dbh, db } = await makeTestApp({ orders: 400 }));
  [seller, admin] = await Promise.all([signInDemo(app, 'seller'), signInDemo(app, 'admin')]);
  orderIn = orderPicker(db);
});

const status = async (id: string) => (await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('bulk Mark Ready To Ship', () => {
  it('runs as a durable job with progress, marking the PLACED orders and reporting the others', async () => {
    const placed = [await orderIn(0, { status: 'PLACED' }), await orderIn(0, { status: 'PLACED' }), await orderIn(0, { status: 'PLACED' })];
    const delivered = await orderIn(0, { status: 'DELIVERED' });
    const r = await seller.json('/api/bulkreadytoship/', { method: 'POST', body: { orderids: [...placed, delivered].join(',') } });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ status: true, jobId: expect.any(String), total: 4 });
    const queued = await seller.json(`/api/jobs/${r.body.jobId}`);
    expect(queued.body.job).toMatchObject({ status: 'queued', progress: 0, total: 4 });
    await drainJobs(dbh, defaultConfig(), log, JOB_HANDLERS);
    const done = await seller.json(`/api/jobs/${r.body.jobId}`);
    expect(done.body.job).toMatchObject({ status: 'done', progress: 4, total: 4 });
    expect(done.body.job.result).toMatchObject({ total: 4, succeeded: 3, failed: [{ orderId: delivered, reason: expect.stringContaining('DELIVERED') }] });
    for (const id of placed) {
      expect(await status(id)).toBe('READY_TO_SHIP');
      expect(await lastTrail(db, id)).toMatchObject({ actor_name: 'Ritika Sharma', description: 'Marked ready to ship' });
    }
    expect(await status(delivered)).toBe('DELIVERED');
  });

  it('answers "Select atleast 1 order!" for an empty selection and status false when none can be marked', async () => {
    const empty = await seller.json('/api/bulkreadytoship/', { method: 'POST', body: { orderids: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Select atleast 1 order!');
    const shipped = await orderIn(0, { status: 'SHIPPED' });
    const none = await seller.json('/api/bulkreadytoship/', { method: 'POST', body: { orderids: shipped } });
    expect(none.status).toBe(409);
    expect(none.body.status).toBe(false);
    expect(none.body.message).toBe('READY TO SHIP is not available for an order in status SHIPPED');
  });

  it('refuses the whole request (404, no job) when one order is another company\'s', async () => {
    const mine = await orderIn(0, { status: 'PLACED' });
    const theirs = await orderIn(1, { status: 'PLACED' });
    const jobsBefore = (await db.selectFrom('jobs').select('id').execute()).length;
    const r = await seller.json('/api/bulkreadytoship/', { method: 'POST', body: { orderids: `${mine},${theirs}` } });
    expect(r.status).toBe(404);
    expect((await db.selectFrom('jobs').select('id').execute()).length).toBe(jobsBefore);
  });

  it('does not show one user\'s multi-company job to another company\'s seller', async () => {
    const a = await orderIn(1, { status: 'PLACED' });
    const b = await orderIn(2, { status: 'PLACED' });
    const r = await admin.json('/api/bulkreadytoship', { method: 'POST', body: { orderids: `${a},${b}` } });
    expect(r.status).toBe(202);
    expect((await seller.json(`/api/jobs/${r.body.jobId}`)).status).toBe(404);
    await drainJobs(dbh, defaultConfig(), log, JOB_HANDLERS);
    expect((await admin.json(`/api/jobs/${r.body.jobId}`)).body.job.status).toBe('done');
  });
});

describe('bulk cancel of placed orders', () => {
  const url = (companyId: string, ids: string[]) => `/api/bulk/cancel-placed-orders/${companyId}?orderIds=${ids.join(',')}`;

  it('cancels the PLACED ones and reports the rest', async () => {
    const placed = [await orderIn(0, { status: 'PLACED' }), await orderIn(0, { status: 'PLACED' })];
    const rts = await orderIn(0, { status: 'READY_TO_SHIP' });
    const r = await seller.json(url(company(0), [...placed, rts]));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: true, cancelled: placed, failed: [{ orderId: rts }] });
    for (const id of placed) expect(await status(id)).toBe('CANCELLED');
    expect(await status(rts)).toBe('READY_TO_SHIP');
  });

  it('limits a request to 50 orders, needs the xsrf header and refuses another company', async () => {
    const ids = Array.from({ length: 51 }, (_, i) => `x${i}`);
    const r = await seller.json(url(company(0), ids));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Limit to bulk cancel placed orders is 50');
    const id = await orderIn(0, { status: 'PLACED' });
    const before = await snapshot(db, id);
    const noXsrf = await app.request(url(company(0), [id]), { headers: { cookie: seller.cookie } });
    expect(noXsrf.status).toBe(403);
    expect((await seller.json(url(company(1), [id]))).status).toBe(404);
    const theirs = await orderIn(1, { status: 'PLACED' });
    expect((await seller.json(url(company(0), [id, theirs]))).status).toBe(404);
    expect(await snapshot(db, id)).toEqual(before);
    expect(await status(theirs)).toBe('PLACED');
  });
});

describe('bulk serviceability check', () => {
  it('marks orders to unknown pincodes, or to special zones their courier does not serve, UNSERVICEABLE', async () => {
    await db.insertInto('pincodes').values([
      { pincode: '560001', district: 'Bengaluru', state: 'Karnataka', is_metro: 1, is_special: 0 },
      { pincode: '194101', district: 'Leh', state: 'Ladakh', is_metro: 0, is_special: 1 },
    ]).onConflict((oc) => oc.column('pincode').doNothing()).execute();
    // Ekart stops serving special zones; the others still do.
    await db.updateTable('delivery_partners').set({ service_levels: JSON.stringify({ same_city: 1, same_state: 3, metro_to_metro: 4, rest_of_india: 6 }) }).where('code', '=', 'ekart').execute();
    const ok = await orderIn(0, { status: 'PLACED', shipping_pincode: '560001' });
    const unknown = await orderIn(0, { status: 'PLACED', shipping_pincode: '999999' });
    const specialEkart = await orderIn(0, { status: 'PLACED', shipping_pincode: '194101', delivery_partner_id: 'dp-ekart' });
    const specialAny = await orderIn(0, { status: 'PLACED', shipping_pincode: '194101', delivery_partner_id: null });
    const back = await orderIn(0, { status: 'UNSERVICEABLE', shipping_pincode: '560001' });
    const r = await seller.json('/api/bulk-check-serviceability', { method: 'POST', body: { orderIds: [ok, unknown, specialEkart, specialAny, back] } });
    expect(r.status).toBe(200);
    const by = Object.fromEntries(r.body.data.map((x: { orderId: string }) => [x.orderId, x]));
    expect(by[ok]).toMatchObject({ serviceable: true, status: 'PLACED' });
    expect(by[unknown]).toMatchObject({ serviceable: false, status: 'UNSERVICEABLE', reason: 'Pincode 999999 is not serviceable' });
    expect(by[specialEkart]).toMatchObject({ serviceable: false, status: 'UNSERVICEABLE' });
    expect(by[specialAny]).toMatchObject({ serviceable: true, status: 'PLACED' });
    expect(by[back]).toMatchObject({ serviceable: true, status: 'PLACED' });
    expect(await status(unknown)).toBe('UNSERVICEABLE');
    expect((await lastTrail(db, unknown)).description).toBe('Pincode 999999 is not serviceable');
    expect(await status(back)).toBe('PLACED');
  });

  it('needs at least one order', async () => {
    const r = await seller.json('/api/bulk-check-serviceability', { method: 'POST', body: { orderIds: [] } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Select atleast 1 order!');
  });
});

describe('order_status_counts', () => {
  it('follows every status change, including inserts, deletes and writes from outside the orders area', async () => {
    const id = await orderIn(3, { status: 'PLACED' });
    await db.updateTable('orders').set({ status: 'IN_TRANSIT' }).where('id', '=', id).execute();
    const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const { sync_version: _s, ...copy } = row as typeof row & { sync_version?: number };
    await db.insertInto('orders').values({ ...copy, id: '01f00000-0000-7000-8000-0000000000dd', tracking_number: null, status: 'PLACED' } as never).execute();
    await db.deleteFrom('orders').where('id', '=', '01f00000-0000-7000-8000-0000000000dd').execute();
    const { kept, real } = await countsMatchTable(db);
    expect(kept).toEqual(real);
    // and the list answers from them
    const list = await admin.json(`/api/orders?companyId=${company(3)}&status=IN_TRANSIT&pageSize=10`);
    const inTransit = real.find((x) => x.startsWith(`${company(3)}|IN_TRANSIT|`))!;
    expect(list.body.currentCount).toBe(Number(inTransit.split('|')[2]));
  });

  it('can be rebuilt from the orders table', async () => {
    await db.updateTable('order_status_counts').set({ count: 12345 }).execute();
    await rebuildOrderStatusCounts(db);
    const { kept, real } = await countsMatchTable(db);
    expect(kept).toEqual(real);
  });
});
