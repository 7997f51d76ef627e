// The floor through the real routes: sync push/pull (exactly once, retries,
// gaps, ownership, schema version), the command handlers' rules and the
// conflicts the server decides, tenant isolation, and the online calls.
import { beforeAll, describe, expect, it } from 'vitest';
import { alreadyPackedReason, belowZeroReason, PACKED_AT_STATION, QUANTITY_ERROR, requiredUnits, WSIN_ERROR, type FloorOrderDoc, type InventoryDoc } from '../../domain/floor';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { setOrderStatus } from '../../db/orders/status';
import '../../db/tables/sync';
import type { PullResponse, PushResponse } from '../../sync/protocol';
import { makeTestApp, signInDemo, type Agent } from './helpers';

type Setup = Awaited<ReturnType<typeof makeTestApp>>;
let t: Setup;
let wh: Agent;
let seller: Agent;

const C0: string = DEMO_COMPANIES[0].id;
const C1: string = DEMO_COMPANIES[1].id;
const W0: string = DEMO_WAREHOUSES[0].id;

beforeAll(async () => {
  t = await makeTestApp({ orders: 400 });
  wh = await signInDemo(t.app, 'warehouse');
  seller = await signInDemo(t.app, 'seller');
});

let clientCounter = 0;
const newClient = () => `device-${++clientCounter}-${Date.now()}`;
const at = () => new Date().toISOString();

/** One device: its client id and next seq, pushing commands through the route. */
function device(agent: Agent, clientId = newClient()) {
  let seq = 0;
  let cookie: number | null = null;
  return {
    clientId,
    command: (name: string, args: unknown) => ({ seq: ++seq, name, args, createdAt: at() }),
    push: (commands: unknown[]) => agent.json<PushResponse>('/api/sync/push', { method: 'POST', body: { clientId, schemaVersion: 1, commands } }),
    pull: async (companyIds = [C0], fresh = false) => {
      const res = await agent.json<PullResponse>('/api/sync/pull', { method: 'POST', body: { clientId, cookie: fresh ? null : cookie, scope: { companyIds } } });
      if (res.status === 200) cookie = res.body.cookie;
      return res;
    },
  };
}

async function orderToPack(companyId = C0, status = 'PLACED', skip = 0) {
  const rows = await t.db.selectFrom('orders').selectAll().where('company_id', '=', companyId).where('status', '=', status).where('warehouse_id', '=', W0).orderBy('id').execute();
  const order = rows[skip];
  const items = await t.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
  const required = requiredUnits(items.map((i) => ({ sku: i.sku, quantity: i.quantity, wsinMapping: JSON.parse(i.wsin_mapping) })));
  return { order, required };
}

function scanCommands(d: ReturnType<typeof device>, order: { id: string; tracking_number: string | null; shop_order_id: string }, required: Record<string, number>) {
  const awb = order.tracking_number ?? order.shop_order_id;
  const scans = Object.entries(required).flatMap(([wsin, n]) => Array.from({ length: n }, () => d.command('pack.scan', { awb, orderId: order.id, wsin })));
  return [...scans, d.command('pack.submit', { awb, orderId: order.id, scanned: required })];
}

const stock = (companyId: string, wsin: string, warehouseId = W0) =>
  t.db.selectFrom('inventory').selectAll().where('company_id', '=', companyId).where('wsin', '=', wsin).where('warehouse_id', '=', warehouseId).executeTakeFirstOrThrow();
const counter = async () => Number((await t.db.selectFrom('sync_counter').select('version').executeTakeFirstOrThrow()).version);
const trails = (orderId: string) => t.db.selectFrom('order_trails').selectAll().where('order_id', '=', orderId).where('description', '=', PACKED_AT_STATION).execute();

describe('sync push and pull', () => {
  it('packs an order exactly once, however often the push is retried', async () => {
    const d = device(wh);
    const { order, required } = await orderToPack();
    const [wsin] = Object.keys(required);
    const before = await stock(C0, wsin);
    const commands = scanCommands(d, order, required);

    const first = await d.push(commands);
    expect(first.status).toBe(200);
    expect(first.body.results.every((r) => r.status === 'applied')).toBe(true);
    expect(first.body.lastSeq).toBe(commands.length);

    const retry = await d.push(commands);
    expect(retry.body.results.every((r) => r.status === 'skipped')).toBe(true);

    const after = await t.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('READY_TO_SHIP');
    expect(after.inventory_blocked).toBe(0);
    const packed = await trails(order.id);
    expect(packed).toHaveLength(1);
    expect(packed[0].actor_name).toBe('Manoj Patil');
    expect((await stock(C0, wsin)).quantity).toBe(before.quantity - Math.min(required[wsin], before.quantity));
    const packTrail = await t.db.selectFrom('inventory_trail').selectAll().where('inventory_id', '=', before.id).where('kind', '=', 'pack').execute();
    expect(packTrail).toHaveLength(1);

    // The device's next pull shows the order packed by it.
    const pulled = await d.pull([C0], true);
    const doc = pulled.body.patch.find((op) => op.op === 'put' && op.key === order.id);
    expect(doc?.op === 'put' && (doc.value as FloorOrderDoc).packing.status).toBe('PACKED');
    expect(pulled.body.lastSeq).toBe(commands.length);
  });

  it('stops at a gap and takes the batch again once the missing command arrives', async () => {
    const d = device(wh);
    const { order, required } = await orderToPack(C0, 'PLACED', 1);
    const [first, second, ...rest] = scanCommands(d, order, required);
    const gap = await d.push([first, ...rest]);
    expect(gap.body.lastSeq).toBe(1);
    expect(gap.body.results).toEqual([{ seq: 1, status: 'applied' }]);
    const healed = await d.push([first, second, ...rest]);
    expect(healed.body.lastSeq).toBe(rest.length + 2);
    expect(healed.body.results[0].status).toBe('skipped');
    expect(await trails(order.id)).toHaveLength(1);
  });

  it('answers 409 to another protocol version and 400 to bad input, changing nothing', async () => {
    const before = await counter();
    const old = await wh.json('/api/sync/push', { method: 'POST', body: { clientId: newClient(), schemaVersion: 99, commands: [] } });
    expect(old.status).toBe(409);
    const bad = await wh.json('/api/sync/push', { method: 'POST', body: { clientId: '', schemaVersion: 1, commands: [{ seq: 0 }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe(false);
    const badPull = await wh.json('/api/sync/pull', { method: 'POST', body: { clientId: 'x', cookie: 'yesterday' } });
    expect(badPull.status).toBe(400);
    expect(await counter()).toBe(before);
  });

  it('refuses a malformed command as rejected, with the reason, and moves on', async () => {
    const d = device(wh);
    const res = await d.push([d.command('inventory.adjust', { warehouseId: W0, companyId: C0, wsin: 'X', delta: 0, remarks: '' })]);
    expect(res.body.results[0].status).toBe('rejected');
    expect(res.body.results[0].reason).toMatch(/^Invalid command/);
    expect(res.body.lastSeq).toBe(1);
  });

  it('binds a client id to the first user and refuses it to anyone else', async () => {
    const d = device(wh);
    expect((await d.pull()).status).toBe(200);
    const stolen = device(seller, d.clientId);
    expect((await stolen.pull()).status).toBe(403);
    expect((await stolen.push([stolen.command('pack.scan', { awb: 'x', orderId: 'x', wsin: 'x' })])).status).toBe(403);
    expect((await t.app.request('/api/sync/pull', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(401);
  });

  it('pulls only the scope: orders to pack and returns to approve, stock and WSIN mappings of the companies asked for and allowed', async () => {
    const d = device(seller);
    const res = await d.pull([C0, C1]);
    expect(res.status).toBe(200);
    const orders = res.body.patch.filter((op) => op.op === 'put' && op.table === 'orders').map((op) => (op as { value: FloorOrderDoc }).value);
    expect(orders.length).toBeGreaterThan(0);
    expect(new Set(orders.map((o) => o.companyId))).toEqual(new Set([C0]));
    expect(orders.every((o) => ['PLACED', 'PROCESSED', 'READY_TO_SHIP', 'RTO_DELIVERED', 'DTO_DELIVERED'].includes(o.status))).toBe(true);
    const stockRows = res.body.patch.filter((op) => op.op === 'put' && op.table === 'inventory').map((op) => (op as { value: InventoryDoc }).value);
    expect(stockRows.length).toBeGreaterThan(0);
    expect(stockRows.every((s) => s.companyId === C0)).toBe(true);
    expect(res.body.patch.some((op) => op.table === 'catalogue')).toBe(true);
    // Nothing changed since: an empty patch.
    expect((await d.pull([C0, C1])).body.patch).toEqual([]);
  });
});

describe('conflicts are decided by the server', () => {
  it('two devices pack the same order: the first submit wins, the other is rejected with who packed it', async () => {
    const a = device(wh);
    const b = device(wh);
    const { order, required } = await orderToPack(C0, 'PLACED', 2);
    await a.pull();
    await b.pull();
    const aRes = await a.push(scanCommands(a, order, required));
    expect(aRes.body.results.every((r) => r.status === 'applied')).toBe(true);
    const bRes = await b.push(scanCommands(b, order, required));
    const last = bRes.body.results.at(-1)!;
    expect(last.status).toBe('rejected');
    const when = (await t.db.selectFrom('packing_metadata').select('packed_at').where('order_id', '=', order.id).executeTakeFirstOrThrow()).packed_at;
    expect(last.reason).toBe(alreadyPackedReason({ shopOrderId: order.shop_order_id }, 'Manoj Patil', when));
    expect(await trails(order.id)).toHaveLength(1);
    // B's next pull reports every refusal and shows the order packed.
    const pulled = await b.pull();
    expect(pulled.body.rejected.map((r) => r.seq)).toEqual(bRes.body.results.map((r) => r.seq));
    const doc = pulled.body.patch.find((op) => op.op === 'put' && op.key === order.id) as { value: FloorOrderDoc };
    expect(doc.value.packing.status).toBe('PACKED');
  });

  it('an order cancelled on the server while packed offline is rejected, and the next pull drops it', async () => {
    const d = device(wh);
    const { order, required } = await orderToPack(C0, 'PLACED', 3);
    await d.pull();
    await setOrderStatus(t.db, { orderId: order.id, to: 'CANCELLED', trail: { description: 'Order cancelled by seller', source: 'user' } });
    const res = await d.push(scanCommands(d, order, required));
    expect(res.body.results.every((r) => r.status === 'rejected')).toBe(true);
    expect(res.body.results[0].reason).toBe(`Order ${order.shop_order_id} was cancelled, so it can no longer be packed. Put its items back.`);
    const pulled = await d.pull();
    expect(pulled.body.patch).toContainEqual({ op: 'del', table: 'orders', key: order.id });
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('CANCELLED');
  });

  it('stock adjusted twice: the second adjustment that would go below zero is rejected', async () => {
    const a = device(wh);
    const b = device(wh);
    const row = await t.db.selectFrom('inventory').selectAll().where('company_id', '=', C0).where('warehouse_id', '=', W0).where('quantity', '>', 3).orderBy('wsin').executeTakeFirstOrThrow();
    const delta = -(row.quantity - 1);
    const key = { warehouseId: W0, companyId: C0, wsin: row.wsin };
    const first = await a.push([a.command('inventory.adjust', { ...key, delta, remarks: 'Damaged in storage' })]);
    expect(first.body.results[0].status).toBe('applied');
    const second = await b.push([b.command('inventory.adjust', { ...key, delta, remarks: 'Damaged in storage' })]);
    expect(second.body.results[0]).toEqual({ seq: 1, status: 'rejected', reason: belowZeroReason(row.wsin, 1, delta) });
    expect((await stock(C0, row.wsin)).quantity).toBe(1);
    const pulled = await b.pull();
    expect(pulled.body.rejected).toEqual([{ seq: 1, name: 'inventory.adjust', reason: belowZeroReason(row.wsin, 1, delta) }]);
  });

  it('refuses scans of a WSIN not in the order or beyond the required quantity', async () => {
    const d = device(wh);
    const { order, required } = await orderToPack(C0, 'PROCESSED');
    const [wsin, n] = Object.entries(required)[0];
    const awb = order.shop_order_id;
    const invalid = d.command('pack.scan', { awb, orderId: order.id, wsin: 'NOT-A-WSIN' });
    const extra = Array.from({ length: n + 1 }, () => d.command('pack.scan', { awb, orderId: order.id, wsin }));
    const res = await d.push([invalid, ...extra]);
    expect(res.body.results[0].reason).toBe(WSIN_ERROR.message);
    expect(res.body.results.at(-1)).toEqual({ seq: n + 2, status: 'rejected', reason: QUANTITY_ERROR.message });
    expect(res.body.results.slice(1, -1).every((r) => r.status === 'applied')).toBe(true);
  });

  it('a push of scans over several orders counts each order on its own, keeps the scans after a refused one, and a retry changes nothing', async () => {
    const d = device(wh);
    const a = await orderToPack(C0, 'PLACED', 5);
    const b = await orderToPack(C0, 'PLACED', 6);
    const [wa, na] = Object.entries(a.required)[0];
    const [wb] = Object.keys(b.required);
    const scan = (o: typeof a, wsin: string) => d.command('pack.scan', { awb: o.order.shop_order_id, orderId: o.order.id, wsin });
    // a's first WSIN once more than needed, interleaved with b, an order that does not exist and a lower-case WSIN.
    const commands = [
      ...Array.from({ length: na }, (_, i) => [scan(a, i === 0 ? wa.toLowerCase() : wa), scan(b, wb)]).flat(),
      d.command('pack.scan', { awb: 'NO-SUCH-ORDER', orderId: 'no-such-order', wsin: wa }),
      scan(a, wa),
      scan(b, wb),
    ];
    const res = await d.push(commands);
    expect(res.status).toBe(200);
    const statusOf = (seq: number) => res.body.results.find((r) => r.seq === seq);
    expect(statusOf(2 * na + 1)).toEqual({ seq: 2 * na + 1, status: 'rejected', reason: 'Order not found' });
    expect(statusOf(2 * na + 2)).toEqual({ seq: 2 * na + 2, status: 'rejected', reason: QUANTITY_ERROR.message });
    expect(res.body.lastSeq).toBe(commands.length);
    const scans = async (orderId: string) =>
      JSON.parse((await t.db.selectFrom('packing_scans').select('scanned').where('order_id', '=', orderId).where('client_id', '=', d.clientId).executeTakeFirstOrThrow()).scanned);
    expect((await scans(a.order.id))[wa]).toBe(na);
    const bScans = Math.min(na + 1, b.required[wb]);
    expect((await scans(b.order.id))[wb]).toBe(bScans);
    expect(res.body.results.filter((r) => r.status === 'applied')).toHaveLength(na + bScans);
    expect(await t.db.selectFrom('packing_scans').select('order_id').where('client_id', '=', d.clientId).orderBy('order_id').execute()).toEqual(
      [{ order_id: a.order.id }, { order_id: b.order.id }].sort((x, y) => (x.order_id < y.order_id ? -1 : 1)),
    );

    const before = await counter();
    const retry = await d.push(commands);
    expect(retry.body.results.every((r) => r.status === 'skipped')).toBe(true);
    expect(await counter()).toBe(before);
    expect((await scans(a.order.id))[wa]).toBe(na);
  });
});

describe('tenant isolation', () => {
  it("another company's order is not found: rejected through sync, 404 online", async () => {
    const d = device(seller);
    const { order, required } = await orderToPack(C1);
    const res = await d.push(scanCommands(d, order, required));
    expect(res.body.results.every((r) => r.status === 'rejected' && r.reason === 'Order not found')).toBe(true);
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('PLACED');
    expect((await seller.json(`/api/order/packaging-metadata/find/${order.shop_order_id}`, { method: 'POST', body: {} })).status).toBe(404);
    expect((await seller.json(`/api/return-info?splitOrderId=${order.id}`)).status).toBe(404);
    const submit = await seller.json(`/api/order/packaging-metadata/${order.id}`, {
      method: 'POST',
      body: { orderData: { items_to_scan: Object.entries(required).map(([wsin, qty]) => ({ wsin, qty, scanned_qty: qty })) } },
    });
    expect(submit.status).toBe(404);
  });

  it("another company's stock is rejected and its trail is 404", async () => {
    const d = device(seller);
    const other = await stock(C1, (await t.db.selectFrom('inventory').select('wsin').where('company_id', '=', C1).executeTakeFirstOrThrow()).wsin);
    const res = await d.push([d.command('inventory.inbound', { warehouseId: W0, companyId: C1, wsin: other.wsin, accepted: 5, rejected: 0 })]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', reason: 'Inventory not found' });
    expect((await stock(C1, other.wsin)).quantity).toBe(other.quantity);
    expect((await seller.json(`/api/inventory/trail/${other.id}`, { method: 'POST', body: { filter: {} } })).status).toBe(404);
    const csv = await seller.request(`/api/inventory/trail/export?warehouseId=${W0}&wsin=${other.wsin}&companyId=${C1}&appType=seller`);
    expect(csv.status).toBe(404);
  });

  it('updating scanned stock is for warehouse users only', async () => {
    const row = await t.db.selectFrom('inventory').selectAll().where('company_id', '=', C0).where('warehouse_id', '=', W0).executeTakeFirstOrThrow();
    const d = device(seller);
    const refused = await d.push([d.command('inventory.scanned', { warehouseId: W0, companyId: C0, wsin: row.wsin, quantity: 7 })]);
    expect(refused.body.results[0]).toMatchObject({ status: 'rejected', reason: 'Only warehouse users can update scanned stock' });
    const w = device(wh);
    const done = await w.push([w.command('inventory.scanned', { warehouseId: W0, companyId: C0, wsin: row.wsin, quantity: 7 })]);
    expect(done.body.results[0].status).toBe('applied');
    expect((await stock(C0, row.wsin)).scanned_quantity).toBe(7);
    const trail = await wh.json(`/api/inventory/scanned-stock/trail/${row.wsin}`, { method: 'POST', body: { companyId: C0, filter: {} } });
    expect(trail.status).toBe(200);
    expect(trail.body.trails[0]).toMatchObject({ kind: 'scanned', quantityAfter: 7 });
  });
});

describe('return approval', () => {
  async function uploadProof(agent: Agent) {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const presign = await agent.json('/api/uploads/presign', { method: 'POST', body: { purpose: 'proof', fileName: 'box.png', contentType: 'image/png', size: png.length } });
    expect(presign.status).toBe(200);
    const put = await agent.request(presign.body.uploadUrl, { method: 'PUT', body: new Uint8Array(png), headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);
    return presign.body.key as string;
  }

  it('approves an RTO offline with a proof photo: RTO_PROCESSED, good units restocked, details readable', async () => {
    const order = await t.db.selectFrom('orders').selectAll().where('status', '=', 'RTO_DELIVERED').where('company_id', '=', C0).where('warehouse_id', '=', W0).executeTakeFirstOrThrow();
    const info = await wh.json(`/api/return-info?splitOrderId=${order.id}`);
    expect(info.status).toBe(200);
    const rows = info.body.data.data as { wsin: string; sku: string; maxQuantity: number }[];
    expect(rows.length).toBeGreaterThan(0);
    const [line] = rows;
    const before = await stock(C0, line.wsin);
    const key = await uploadProof(wh);
    const d = device(wh);
    const tooMany = d.command('return.approve', { orderId: order.id, returnType: 'RTO', items: [{ wsin: line.wsin, sku: line.sku, missingQuantity: line.maxQuantity + 1, damageQuantity: 0 }] });
    const unknownPhoto = d.command('return.approve', { orderId: order.id, returnType: 'RTO', items: [{ wsin: line.wsin, sku: line.sku, missingQuantity: 0, damageQuantity: 1, imageKey: 'proof-00000000-0000-7000-8000-000000000000.png' }] });
    const good = d.command('return.approve', { orderId: order.id, returnType: 'RTO', items: [{ wsin: line.wsin, sku: line.sku, missingQuantity: 0, damageQuantity: 1, imageKey: key }] });
    const again = d.command('return.approve', { orderId: order.id, returnType: 'RTO', items: [{ wsin: line.wsin, sku: line.sku, missingQuantity: 0, damageQuantity: 0 }] });
    const res = await d.push([tooMany, unknownPhoto, good, again]);
    expect(res.body.results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'applied', 'rejected']);
    expect(res.body.results[0].reason).toBe(`Missing quantity must be a number from 0 to ${line.maxQuantity}`);
    expect(res.body.results[1].reason).toBe(`The proof photo of ${line.wsin} was not uploaded`);
    expect(res.body.results[3].reason).toBe(`The return of order ${order.shop_order_id} was already approved.`);
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('RTO_PROCESSED');
    expect((await stock(C0, line.wsin)).quantity).toBe(before.quantity + line.maxQuantity - 1);
    const details = await wh.json(`/api/return-info?splitOrderId=${order.id}`);
    expect(details.body.data.processed).toBe(true);
    expect(details.body.data.data.find((r: { wsin: string }) => r.wsin === line.wsin)).toMatchObject({ damageQuantity: 1, missingQuantity: 0, imageLocation: `/api/files/${key}` });
  });

  it('approves a DTO online through /process-returns with the same rules', async () => {
    const order = await t.db.selectFrom('orders').selectAll().where('status', '=', 'DTO_DELIVERED').where('company_id', '=', C0).executeTakeFirstOrThrow();
    const info = await seller.json(`/api/dto_items_info?splitOrderId=${order.id}`);
    const items = info.body.data.data.items as { wsin: string; sku: string; maxQuantity: number }[];
    const wrongType = await seller.json('/api/process-returns', {
      method: 'POST',
      body: { returnInfo: items.map((i) => ({ wsin: i.wsin, sku: i.sku, missingQuantity: 0, damageQuantity: 0 })), damagedItemsImage: {}, orderData: { id: order.id }, returnType: 'RTO' },
    });
    expect(wrongType.status).toBe(409);
    expect(wrongType.body.status).toBe(false);
    const ok = await seller.json('/api/process-returns', {
      method: 'POST',
      body: { returnInfo: items.map((i) => ({ wsin: i.wsin, sku: i.sku, missingQuantity: i.maxQuantity, damageQuantity: 0 })), damagedItemsImage: {}, orderData: { id: order.id }, returnType: 'DTO' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: true, message: 'DTO approved' });
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('DTO_PROCESSED');
  });
});

describe('online packing and inventory calls', () => {
  it('finds a packing order by AWB or order number, lists with counts, and packs it online once', async () => {
    const { order, required } = await orderToPack(C0, 'PLACED', 4);
    const found = await wh.json(`/api/order/packaging-metadata/find/${order.shop_order_id}`, { method: 'POST', body: { selectedCompanyIds: [C0] } });
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({ key: order.id, status: 'Not Packed' });
    expect(found.body.data.items_to_scan).toEqual(Object.entries(required).map(([wsin, qty]) => ({ wsin, qty, scanned_qty: 0 })));

    const list = await wh.json('/api/order/packaging-metadata/get', { method: 'POST', body: { filter: { packed: 2 }, selectedCompanyIds: [C0] } });
    expect(list.status).toBe(200);
    expect(list.body.count.all).toBe(list.body.count.packed + list.body.count.notPacked);
    expect(list.body.data.every((o: { status: string }) => o.status === 'Not Packed')).toBe(true);

    const items = Object.entries(required).map(([wsin, qty]) => ({ wsin, qty, scanned_qty: qty }));
    const short = await wh.json(`/api/order/packaging-metadata/${order.id}`, { method: 'POST', body: { orderData: { items_to_scan: items.map((i) => ({ ...i, scanned_qty: 0 })) } } });
    expect(short.status).toBe(400);
    const packed = await wh.json(`/api/order/packaging-metadata/${order.id}`, { method: 'POST', body: { orderData: { items_to_scan: items } } });
    expect(packed.status).toBe(200);
    const twice = await wh.json(`/api/order/packaging-metadata/${order.id}`, { method: 'POST', body: { orderData: { items_to_scan: items } } });
    expect(twice.status).toBe(409);
    expect(await trails(order.id)).toHaveLength(1);
    const missing = await wh.json('/api/order/packaging-metadata/find/NO-SUCH-AWB', { method: 'POST', body: {} });
    expect(missing.status).toBe(404);
  });

  it('lists the inventory, pages the trail by 50 within the default range, and exports it as CSV', async () => {
    const list = await wh.json('/api/inventory?page=1&pageSize=10');
    expect(list.status).toBe(200);
    expect(list.body.inventory).toHaveLength(10);
    expect(list.body.inventory.every((r: InventoryDoc) => r.warehouseId === W0 && r.companyId === C0)).toBe(true);
    const row = list.body.inventory[0] as InventoryDoc;
    const d = device(wh);
    const commands = Array.from({ length: 55 }, () => d.command('inventory.inbound', { warehouseId: W0, companyId: C0, wsin: row.wsin, accepted: 2, rejected: 1, remarks: 'GRN 42' }));
    expect((await d.push(commands)).body.results.every((r) => r.status === 'applied')).toBe(true);
    const page1 = await wh.json(`/api/inventory/trail/${row.id}`, { method: 'POST', body: { filter: {} } });
    expect(page1.body).toMatchObject({ status: true, warehouseId: W0, wsin: row.wsin, companyId: C0, pageSize: 50 });
    expect(page1.body.trail).toHaveLength(50);
    expect(page1.body.count).toBeGreaterThanOrEqual(55);
    const page2 = await wh.json(`/api/inventory/trail/${row.id}`, { method: 'POST', body: { filter: { page: 2 } } });
    expect(page2.body.trail.length).toBe(page1.body.count - 50);
    const old = await wh.json(`/api/inventory/trail/${row.id}`, { method: 'POST', body: { filter: { trailsBetweenTime: { start: '2020/01/01', end: '2020/02/01' } } } });
    expect(old.body.count).toBe(0);
    const csv = await wh.request(`/api/inventory/trail/export?warehouseId=${W0}&wsin=${row.wsin}&companyId=${C0}&appType=wms`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toContain('Date (IST),Type,Change');
    // Dates as a person in India reads them, not ISO UTC.
    expect(lines[1]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d,/);
    expect(lines.filter((l) => l.includes('GRN 42'))).toHaveLength(55);
  });
});
