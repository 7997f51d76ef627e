// The NDR workspace's facts per order: the courier's reason, attempts, last attempt, respond-by, the
// buyer's request, and an instruction shown pending until the courier's next event; RTO-undelivered
// orders say why they have no action; other companies' orders are left out.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../db/seed';
import { uuidv7 } from '../../domain/ids';
import { reattemptDates } from '../../domain/tracking';
import { makeTestApp, signInDemo, type TestApp } from './helpers';

type Db = Awaited<ReturnType<typeof makeTestApp>>['db'];
let app: TestApp;
let db: Db;
let seller: Awaited<ReturnType<typeof signInDemo>>;
const mine = DEMO_COMPANIES[0].id;

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 300 }));
  seller = await signInDemo(app, 'seller');
}, 120_000);

/** An IN_TRANSIT order of `company` that the courier then failed to deliver at `at`, with its reason. */
let used = 0;
async function failedDelivery(at: string, reason: string, company: string = mine, status = 'UNDELIVERED') {
  const rows = await db.selectFrom('orders').select('id').where('status', '=', 'IN_TRANSIT').where('company_id', '=', company).orderBy('id').execute();
  const o = rows[used++];
  await db.updateTable('orders').set({ status }).where('id', '=', o.id).execute();
  await db.insertInto('order_trails').values({ id: uuidv7(), order_id: o.id, status, description: reason, city: 'Pune', is_return: 0, source: 'carrier', actor_id: null, actor_name: null, event_id: null, created_at: at }).execute();
  return o.id;
}
const cases = async (ids: string[]) => {
  const r = await seller.json(`/api/problem-orders/ndr?ids=${ids.join(',')}`);
  expect(r.status).toBe(200);
  return r.body.data as { orderId: string; reason: string | null; attempts: number; lastAttemptAt: string | null; respondBy: string | null; pending: { kind: string; text: string } | null; request: unknown; noActionReason: string | null }[];
};

describe('the NDR workspace', () => {
  it('gives the reason, attempts, last attempt and respond-by of an undelivered order', async () => {
    const id = await failedDelivery('2026-11-20T06:00:00.000Z', 'Customer refused to accept');
    await db.insertInto('order_trails').values({ id: uuidv7(), order_id: id, status: 'UNDELIVERED', description: 'Address incomplete', city: 'Pune', is_return: 0, source: 'carrier', actor_id: null, actor_name: null, event_id: null, created_at: '2026-11-21T07:30:00.000Z' }).execute();
    const [c] = await cases([id]);
    expect(c).toMatchObject({ orderId: id, reason: 'Address incomplete', attempts: 2, lastAttemptAt: '2026-11-21T07:30:00.000Z', respondBy: '2026-11-23T07:30:00.000Z', pending: null, noActionReason: null });
  });

  it('shows a re-attempt pending after it is asked for, until the courier reports again', async () => {
    const id = await failedDelivery('2026-11-26T05:00:00.000Z', 'Customer not available at address');
    const date = reattemptDates()[0];
    expect((await seller.json(`/api/orders/${id}/ndr/reattempt`, { method: 'POST', body: { date, slot: 'evening' } })).status).toBe(200);
    const [asked] = await cases([id]);
    expect(asked.pending).toMatchObject({ kind: 'reattempt' });
    expect(asked.pending!.text).toMatch(/^Re-attempt requested for .+, 4 pm to 8 pm$/);
    expect(asked.respondBy).toBeNull(); // answered: nothing due from the seller

    // The courier's next event (out for delivery again) confirms it: no longer pending.
    await db.insertInto('order_trails').values({ id: uuidv7(), order_id: id, status: 'UNDELIVERED', description: 'Re-attempt scheduled by courier', city: 'Pune', is_return: 0, source: 'carrier', actor_id: null, actor_name: null, event_id: null, created_at: new Date(Date.now() + 60_000).toISOString() }).execute();
    const [after] = await cases([id]);
    expect(after.pending).toBeNull();
  });

  it('shows an address change pending, and the buyer’s request with its state', async () => {
    const id = await failedDelivery('2026-11-26T05:00:00.000Z', 'Customer not available at address');
    await db.insertInto('customer_requests').values({ id: uuidv7(), order_id: id, company_id: mine, kind: 'reattempt', payload: '{}', status: 'OPEN', created_at: '2026-11-26T09:00:00.000Z', decided_at: null, decline_reason: null, decided_by: null }).execute();
    expect((await seller.json(`/api/orders/${id}/ndr/address`, { method: 'POST', body: { phone: '9812345678' } })).status).toBe(200);
    const [c] = await cases([id]);
    expect(c.pending).toMatchObject({ kind: 'address', text: 'Delivery phone updated for the re-attempt' });
    expect(c.request).toEqual({ kind: 'reattempt', status: 'OPEN', createdAt: '2026-11-26T09:00:00.000Z', decidedAt: null });
  });

  it('says why an RTO-undelivered order has no action, and leaves out another company’s order', async () => {
    const rto = await failedDelivery('2026-11-25T05:00:00.000Z', 'Warehouse closed', mine, 'RTO_UNDELIVERED');
    const theirs = await failedDelivery('2026-11-25T05:00:00.000Z', 'Customer not available at address', DEMO_COMPANIES[1].id);
    const list = await cases([rto, theirs]);
    expect(list.map((c) => c.orderId)).toEqual([rto]);
    expect(list[0].noActionReason).toBe('On its way back to you: the courier could not deliver the return and tries again itself.');
    expect(list[0].respondBy).toBeNull();
  });

  it('refuses a request without ids', async () => {
    const r = await seller.json('/api/problem-orders/ndr?ids=');
    expect(r.status).toBe(400);
  });
});
