// Return approval: missing and damaged units of a line together are at most
// the line's units (part 1 §5: each is 0 to item quantity x WSIN multiplier;
// together they cannot be more, a unit is either missing or damaged). The
// server refuses it with the line's own message, online (/process-returns)
// and offline (the return.approve sync command), and changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WAREHOUSES } from '../../db/seed';
import '../../db/tables/sync';
import type { PushResponse } from '../../sync/protocol';
import { makeTestApp, signInDemo, type Agent } from './helpers';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let wh: Agent;
const W0 = DEMO_WAREHOUSES[0].id;

beforeAll(async () => {
  t = await makeTestApp({ orders: 400 });
  wh = await signInDemo(t.app, 'warehouse');
});

type Row = { wsin: string; sku: string; maxQuantity: number };
/** An RTO-delivered order of the warehouse and its return rows as the server lists them. */
async function rtoDelivered(skip: number) {
  const orders = await t.db.selectFrom('orders').select(['id', 'shop_order_id']).where('status', '=', 'RTO_DELIVERED').where('warehouse_id', '=', W0).orderBy('id').execute();
  expect(orders.length).toBeGreaterThan(skip);
  const order = orders[skip];
  const info = await wh.json<{ data: { data: Row[]; approvable: boolean } }>(`/api/return-info?splitOrderId=${order.id}`);
  expect(info.status).toBe(200);
  expect(info.body.data.approvable).toBe(true);
  return { order, rows: info.body.data.data };
}
const state = async (id: string) => t.db.selectFrom('orders').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
/** Every line returned in full, the first split as `missing` missing and the rest damaged plus one too many. */
const items = (rows: Row[], over: boolean) =>
  rows.map((r, i) => {
    if (i > 0) return { wsin: r.wsin, sku: r.sku, missingQuantity: 0, damageQuantity: 0 };
    const missing = Math.ceil(r.maxQuantity / 2);
    return { wsin: r.wsin, sku: r.sku, missingQuantity: missing, damageQuantity: r.maxQuantity - missing + (over ? 1 : 0) };
  });

describe('return approval: missing + damaged of a line at most its units', () => {
  it('online: one unit too many together is refused with the line\'s message, nothing changes; exactly the units is approved', async () => {
    const { order, rows } = await rtoDelivered(0);
    const first = rows[0];
    const before = await state(order.id);
    const refused = await wh.json('/api/process-returns', {
      method: 'POST',
      body: { returnInfo: items(rows, true), damagedItemsImage: {}, orderData: { id: order.id }, returnType: 'RTO' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`Missing and damaged units of ${first.wsin} together cannot be more than ${first.maxQuantity}`);
    expect(await state(order.id)).toEqual(before);

    const ok = await wh.json('/api/process-returns', {
      method: 'POST',
      body: { returnInfo: items(rows, false), damagedItemsImage: {}, orderData: { id: order.id }, returnType: 'RTO' },
    });
    expect(ok.status).toBe(200);
    expect((await state(order.id)).status).toBe('RTO_PROCESSED');
  });

  it('offline: the pushed return.approve is rejected with the same message and the order stays RTO delivered', async () => {
    const { order, rows } = await rtoDelivered(1);
    const first = rows[0];
    const before = await state(order.id);
    const push = await wh.json<PushResponse>('/api/sync/push', {
      method: 'POST',
      body: {
        clientId: `return-total-${Date.now()}`,
        schemaVersion: 1,
        commands: [{ seq: 1, name: 'return.approve', args: { orderId: order.id, returnType: 'RTO', items: items(rows, true) }, createdAt: new Date().toISOString() }],
      },
    });
    expect(push.status).toBe(200);
    expect(push.body.results[0]).toMatchObject({
      status: 'rejected',
      reason: `Missing and damaged units of ${first.wsin} together cannot be more than ${first.maxQuantity}`,
    });
    expect(await state(order.id)).toEqual(before);
  });
});
