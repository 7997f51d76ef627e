// Return approval wherever the spec puts it (part 1 §4): READY_TO_SHIP orders
// may be approved as returns for the one company the spec names, and for no
// other; the rule is the same online (/process-returns) and offline (sync);
// processed returns of the demo data have rows to show; a station can find a
// return by AWB on the server.
import { beforeAll, describe, expect, it } from 'vitest';
import { notApprovableReason } from '../../domain/floor';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import '../../db/tables/sync';
import type { PushResponse } from '../../sync/protocol';
import { makeTestApp, signInDemo, type Agent } from './helpers';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let wh: Agent;
let seller: Agent;
let admin: Agent;
const RTS_COMPANY = DEMO_COMPANIES.find((c) => c.approve === 1)!.id;
const OTHER = DEMO_COMPANIES.find((c) => c.approve === 0)!.id;
const W0 = DEMO_WAREHOUSES[0].id;

beforeAll(async () => {
  t = await makeTestApp({ orders: 400 });
  wh = await signInDemo(t.app, 'warehouse');
  seller = await signInDemo(t.app, 'seller');
  admin = await signInDemo(t.app, 'admin');
});

async function readyToShip(companyId: string, skip = 0) {
  const rows = await t.db.selectFrom('orders').selectAll().where('company_id', '=', companyId).where('status', '=', 'READY_TO_SHIP').where('warehouse_id', '=', W0).orderBy('id').execute();
  expect(rows.length).toBeGreaterThan(skip);
  return rows[skip];
}
const statusOf = async (id: string) => (await t.db.selectFrom('orders').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow());
const body = (orderId: string, rows: { wsin: string; sku: string }[], returnType = 'RTO') => ({
  returnInfo: rows.map((r) => ({ wsin: r.wsin, sku: r.sku, missingQuantity: 0, damageQuantity: 0 })), damagedItemsImage: {}, orderData: { id: orderId }, returnType,
});

describe('READY_TO_SHIP return approval', () => {
  it('names only the spec\'s one company, within the caller\'s scope', async () => {
    expect((await wh.json('/api/return-rules')).body).toEqual({ status: true, rtsApprovalCompanyIds: [RTS_COMPANY] });
    expect((await admin.json('/api/return-rules')).body).toEqual({ status: true, rtsApprovalCompanyIds: [RTS_COMPANY] });
    // The demo seller's company is not that company.
    expect((await seller.json('/api/return-rules')).body).toEqual({ status: true, rtsApprovalCompanyIds: [] });
  });

  it('approves a READY_TO_SHIP order of that company as RTO online: RTO_PROCESSED with its rows', async () => {
    const order = await readyToShip(RTS_COMPANY);
    const info = await wh.json(`/api/return-info?splitOrderId=${order.id}`);
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ approvable: true, processed: false, returnType: 'RTO' });
    const rows = info.body.data.data as { wsin: string; sku: string }[];
    expect(rows.length).toBeGreaterThan(0);
    const dto = await wh.json('/api/process-returns', { method: 'POST', body: body(order.id, rows, 'DTO') });
    expect(dto.status).toBe(409);
    expect(dto.body.message).toBe(notApprovableReason({ shopOrderId: order.shop_order_id, status: 'READY_TO_SHIP' }, 'DTO'));
    const ok = await wh.json('/api/process-returns', { method: 'POST', body: body(order.id, rows) });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: true, message: 'RTO approved' });
    expect((await statusOf(order.id)).status).toBe('RTO_PROCESSED');
    const details = await wh.json(`/api/return-info?splitOrderId=${order.id}`);
    expect(details.body.data.processed).toBe(true);
    expect(details.body.data.data.map((r: { wsin: string }) => r.wsin).sort()).toEqual(rows.map((r) => r.wsin).sort());
  });

  it('refuses a READY_TO_SHIP order of any other company, online and offline, and changes nothing', async () => {
    const order = await readyToShip(OTHER);
    const before = await statusOf(order.id);
    const info = await wh.json(`/api/return-info?splitOrderId=${order.id}`);
    expect(info.body.data.approvable).toBe(false);
    const rows = info.body.data.data as { wsin: string; sku: string }[];
    const online = await wh.json('/api/process-returns', { method: 'POST', body: body(order.id, rows) });
    expect(online.status).toBe(409);
    expect(online.body).toMatchObject({ status: false, message: notApprovableReason({ shopOrderId: order.shop_order_id, status: 'READY_TO_SHIP' }, 'RTO') });
    const clientId = `rts-device-${Date.now()}`;
    const push = await wh.json<PushResponse>('/api/sync/push', {
      method: 'POST',
      body: { clientId, schemaVersion: 1, commands: [{ seq: 1, name: 'return.approve', args: { orderId: order.id, returnType: 'RTO', items: body(order.id, rows).returnInfo }, createdAt: new Date().toISOString() }] },
    });
    expect(push.body.results[0]).toMatchObject({ status: 'rejected', reason: online.body.message });
    expect(await statusOf(order.id)).toEqual(before);
    expect(await t.db.selectFrom('return_items').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
  });

  it('approves a READY_TO_SHIP order of that company from a device (sync), like online', async () => {
    const order = await readyToShip(RTS_COMPANY, 1);
    const rows = (await wh.json(`/api/return-info?splitOrderId=${order.id}`)).body.data.data as { wsin: string; sku: string; maxQuantity: number }[];
    const push = await wh.json<PushResponse>('/api/sync/push', {
      method: 'POST',
      body: {
        clientId: `rts-device-ok-${Date.now()}`, schemaVersion: 1,
        commands: [{ seq: 1, name: 'return.approve', args: { orderId: order.id, returnType: 'RTO', items: rows.map((r) => ({ wsin: r.wsin, sku: r.sku, missingQuantity: 0, damageQuantity: r.maxQuantity })) }, createdAt: new Date().toISOString() }],
      },
    });
    expect(push.body.results[0].status).toBe('applied');
    expect((await statusOf(order.id)).status).toBe('RTO_PROCESSED');
  });
});

describe('processed returns and finding a return', () => {
  it('every processed return of the demo data has rows for its read-only details', async () => {
    const processed = await t.db.selectFrom('orders').select(['id', 'status']).where('status', 'in', ['RTO_PROCESSED', 'DTO_PROCESSED']).where('company_id', '=', DEMO_COMPANIES[0].id).execute();
    expect(processed.length).toBeGreaterThan(0);
    for (const o of processed.slice(0, 5)) {
      const info = await seller.json(`/api/return-info?splitOrderId=${o.id}`);
      expect(info.status).toBe(200);
      expect(info.body.data.processed).toBe(true);
      expect(info.body.data.data.length).toBeGreaterThan(0);
      expect(info.body.data.returnType).toBe(o.status === 'DTO_PROCESSED' ? 'DTO' : 'RTO');
    }
  });

  it('finds a return by AWB for a station, and says why when there is none', async () => {
    const order = await t.db.selectFrom('orders').selectAll().where('status', '=', 'RTO_DELIVERED').where('company_id', '=', DEMO_COMPANIES[0].id).where('tracking_number', 'is not', null).executeTakeFirstOrThrow();
    const found = await admin.json(`/api/returns/find?code=${order.tracking_number}`);
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual({ orderId: order.id, status: 'RTO_DELIVERED', shopOrderId: order.shop_order_id });
    const none = await admin.json('/api/returns/find?code=NO-SUCH-AWB');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('No return awaiting approval has the AWB NO-SUCH-AWB.');
    // Another tenant's order is not found for a seller.
    const foreign = await t.db.selectFrom('orders').selectAll().where('status', '=', 'RTO_DELIVERED').where('company_id', '!=', DEMO_COMPANIES[0].id).where('tracking_number', 'is not', null).executeTakeFirst();
    if (foreign) expect((await seller.json(`/api/returns/find?code=${foreign.tracking_number}`)).status).toBe(404);
  });
});
