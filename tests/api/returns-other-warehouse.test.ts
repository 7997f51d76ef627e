// The seller preference "return to other warehouse". A
// warehouse user at W receiving a return of an order that lies at another
// warehouse of the same company: refused as "Order not found" while the
// preference is off; with it on, the return is approved at W (online and
// through the sync command), its good units go back into W's stock, and the
// trail says where it was received. Another company's orders stay unreachable.
import { beforeAll, describe, expect, it } from 'vitest';
import { approvableAs, type FloorOrderDoc, type ReturnType as FloorReturnType } from '../../domain/floor';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { writePreferences } from '../../db/preferences/queries';
import { DEFAULT_PREFERENCES } from '../../domain/preferences';
import '../../db/tables/sync';
import type { PullResponse, PushResponse } from '../../sync/protocol';
import { makeTestApp, signInDemo, type Agent } from './helpers';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let wh: Agent; // warehouse user at W0 (Bhiwandi)
let seller: Agent; // company C0 (Clickpost active)
let admin: Agent;
const C0: string = DEMO_COMPANIES[0].id;
const C2: string = DEMO_COMPANIES[2].id;
const W0: string = DEMO_WAREHOUSES[0].id;
const W1: string = DEMO_WAREHOUSES[1].id; // Hoskote, linked to C0 and C2

type Row = { id: string; shop_order_id: string; tracking_number: string | null; return_awb: string | null; status: string };
let a: Row; // C0 return, moved to W1
let b: Row; // C0 return, moved to W1
let x: Row; // C2 return, moved to W1

const PREFS = { printItemLabel: false, hideCustomerPhoneOnLabel: false, courierProvider1: null, courierProvider2: null, maxWeightWhiteLabelG: null };

beforeAll(async () => {
  t = await makeTestApp({ orders: 400 });
  [wh, seller, admin] = await Promise.all([signInDemo(t.app, 'warehouse'), signInDemo(t.app, 'seller'), signInDemo(t.app, 'admin')]);
  const returns = (companyId: string) =>
    t.db.selectFrom('orders').select(['id', 'shop_order_id', 'tracking_number', 'return_awb', 'status']).where('company_id', '=', companyId).where('warehouse_id', '=', W0)
      .where('status', 'in', ['RTO_DELIVERED', 'DTO_DELIVERED']).orderBy('id').execute();
  const c0 = await returns(C0);
  const c2 = await returns(C2);
  expect(c0.length).toBeGreaterThanOrEqual(2);
  expect(c2.length).toBeGreaterThanOrEqual(1);
  [a, b] = c0;
  [x] = c2;
  await t.db.updateTable('orders').set({ warehouse_id: W1 }).where('id', 'in', [a.id, b.id, x.id]).execute();
}, 60_000);

const typeOf = (o: Row) => approvableAs({ status: o.status, approveRtsReturns: false }) as FloorReturnType;
/** The lines to fill in, as an admin (who sees every warehouse) reads them. */
async function lines(o: Row) {
  const info = await admin.json(`/api/return-info?splitOrderId=${o.id}`);
  expect(info.status).toBe(200);
  return info.body.data.data as { wsin: string; sku: string; maxQuantity: number }[];
}
const body = (o: Row, rows: { wsin: string; sku: string }[]) => ({
  returnInfo: rows.map((r) => ({ wsin: r.wsin, sku: r.sku, missingQuantity: 0, damageQuantity: 0 })), damagedItemsImage: {}, orderData: { id: o.id }, returnType: typeOf(o),
});
const statusOf = async (id: string) => (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
async function stock(warehouseId: string, wsins: string[]) {
  const rows = await t.db.selectFrom('inventory').select(['wsin', 'quantity']).where('warehouse_id', '=', warehouseId).where('company_id', '=', C0).where('wsin', 'in', wsins).execute();
  return Object.fromEntries(wsins.map((w) => [w, rows.filter((r) => r.wsin === w).reduce((s, r) => s + Number(r.quantity), 0)]));
}
const codeOf = (o: Row) => o.return_awb ?? o.tracking_number ?? o.shop_order_id;
/** A device that pulled before the preference was switched on. */
const early = { clientId: `ow-early-${Date.now()}`, cookie: null as number | null };
const pullDocs = async (device = { clientId: `ow-pull-${Date.now()}-${Math.random()}`, cookie: null as number | null }) => {
  const res = await wh.json<PullResponse>('/api/sync/pull', { method: 'POST', body: { clientId: device.clientId, cookie: device.cookie, scope: { companyIds: [C0, C2] } } });
  expect(res.status).toBe(200);
  device.cookie = res.body.cookie;
  return res.body.patch.filter((op) => op.op === 'put' && op.table === 'orders').map((op) => (op as { value: FloorOrderDoc }).value.id);
};
const pushApprove = async (o: Row, rows: { wsin: string; sku: string }[]) => {
  const clientId = `ow-device-${Date.now()}-${Math.random()}`;
  const res = await wh.json<PushResponse>('/api/sync/push', {
    method: 'POST',
    body: { clientId, schemaVersion: 1, commands: [{ seq: 1, name: 'return.approve', args: { orderId: o.id, returnType: typeOf(o), items: body(o, rows).returnInfo }, createdAt: new Date().toISOString() }] },
  });
  expect(res.status).toBe(200);
  return res.body.results[0];
};

describe('return to another warehouse of the same company', () => {
  it('without the preference: refused as "Order not found" online and offline, not found by AWB, not pulled, nothing changes', async () => {
    const rows = await lines(a);
    const before = await stock(W0, rows.map((r) => r.wsin));
    expect((await wh.json(`/api/return-info?splitOrderId=${a.id}`)).status).toBe(404);
    const online = await wh.json('/api/process-returns', { method: 'POST', body: body(a, rows) });
    expect(online.status).toBe(404);
    expect(online.body).toMatchObject({ status: false, message: 'Order not found' });
    expect(await pushApprove(a, rows)).toMatchObject({ status: 'rejected', reason: 'Order not found' });
    expect((await wh.json(`/api/returns/find?code=${encodeURIComponent(codeOf(a))}`)).status).toBe(404);
    expect(await pullDocs(early)).not.toContain(a.id);
    expect(await statusOf(a.id)).toBe(a.status);
    expect(await stock(W0, rows.map((r) => r.wsin))).toEqual(before);
  });

  it('with the preference on: accepted at the receiving warehouse online and through sync, stock goes into its inventory', async () => {
    const saved = await seller.json('/api/ums/profile/preferences', { method: 'POST', body: { ...PREFS, returnToOtherWarehouse: true } });
    expect(saved.status).toBe(200);

    // The station finds it and a device keeps it (offline approval).
    const found = await wh.json(`/api/returns/find?code=${encodeURIComponent(codeOf(a))}`);
    expect(found.status).toBe(200);
    expect(found.body.data.orderId).toBe(a.id);
    const pulled = await pullDocs();
    expect(pulled).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(pulled).not.toContain(x.id); // C2's preference is off
    // A device that pulled before gets them with its next pull.
    expect(await pullDocs(early)).toEqual(expect.arrayContaining([a.id, b.id]));

    const info = await wh.json(`/api/return-info?splitOrderId=${a.id}`);
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ approvable: true, processed: false });

    const rows = await lines(a);
    const wsins = rows.map((r) => r.wsin);
    const [w0Before, w1Before] = [await stock(W0, wsins), await stock(W1, wsins)];
    const ok = await wh.json('/api/process-returns', { method: 'POST', body: body(a, rows) });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: true, message: `${typeOf(a)} approved` });
    expect(await statusOf(a.id)).toBe(`${typeOf(a)}_PROCESSED`);
    const w0After = await stock(W0, wsins);
    for (const r of rows) expect(w0After[r.wsin] - w0Before[r.wsin]).toBe(rows.filter((x) => x.wsin === r.wsin).reduce((s, x) => s + x.maxQuantity, 0));
    expect(await stock(W1, wsins)).toEqual(w1Before);
    const trail = await t.db.selectFrom('order_trails').select(['description', 'actor_name']).where('order_id', '=', a.id).where('status', '=', `${typeOf(a)}_PROCESSED`).executeTakeFirstOrThrow();
    expect(trail.description).toContain(`at ${DEMO_WAREHOUSES[0].name}`);
    expect(trail.description).toContain(DEMO_WAREHOUSES[1].name);

    // The offline path: the same approval pushed as a sync command.
    const rowsB = await lines(b);
    const wsinsB = rowsB.map((r) => r.wsin);
    const beforeB = await stock(W0, wsinsB);
    expect(await pushApprove(b, rowsB)).toMatchObject({ status: 'applied' });
    expect(await statusOf(b.id)).toBe(`${typeOf(b)}_PROCESSED`);
    const afterB = await stock(W0, wsinsB);
    expect(wsinsB.reduce((s, w) => s + afterB[w] - beforeB[w], 0)).toBe(rowsB.reduce((s, r) => s + r.maxQuantity, 0));

    // A company whose preference is off keeps the refusal.
    const rowsX = await lines(x);
    const refused = await wh.json('/api/process-returns', { method: 'POST', body: body(x, rowsX) });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Order not found');
  });

  it("never reaches a company the warehouse is not linked to, even with that company's preference on", async () => {
    await writePreferences(t.db, C2, { ...DEFAULT_PREFERENCES, returnToOtherWarehouse: true }, null);
    await t.db.deleteFrom('warehouse_companies').where('warehouse_id', '=', W0).where('company_id', '=', C2).execute();
    const rowsX = await lines(x);
    expect((await wh.json(`/api/return-info?splitOrderId=${x.id}`)).status).toBe(404);
    const refused = await wh.json('/api/process-returns', { method: 'POST', body: body(x, rowsX) });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Order not found');
    expect(await pushApprove(x, rowsX)).toMatchObject({ status: 'rejected', reason: 'Order not found' });
    expect(await statusOf(x.id)).toBe(x.status);
  });
});
