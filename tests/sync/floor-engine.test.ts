// The browser's engine setup (floor effects on Dexie) against the real API:
// optimistic rows while offline, and the server's decision replacing them on
// the next pull when it refuses (order cancelled meanwhile, packed elsewhere).
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FLOOR_TABLES, requiredUnits, type FloorOrderDoc, type InventoryDoc } from '../../domain/floor';
import { setOrderStatus } from '../../db/orders/status';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { DexieLocalStore, readRow, readTableRows, SyncDexie } from '../../sync/client/dexie-store';
import { SyncEngine } from '../../sync/client/engine';
import { HttpError, type SyncTransport } from '../../sync/client/transport';
import { commandArgs } from '../../sync/commands';
import { pullResponseSchema, pushResponseSchema } from '../../sync/protocol';
import { floorEffects } from '../../web/local-db/effects';
import { makeTestApp, signInDemo, type Agent } from '../api/helpers';

const C0: string = DEMO_COMPANIES[0].id;
const W0: string = DEMO_WAREHOUSES[0].id;
let t: Awaited<ReturnType<typeof makeTestApp>>;
let agent: Agent;

beforeAll(async () => {
  t = await makeTestApp({ orders: 300 });
  agent = await signInDemo(t.app, 'warehouse');
});

function apiTransport(online: { value: boolean }): SyncTransport {
  const call = async (path: string, body: unknown) => {
    if (!online.value) throw new TypeError('Failed to fetch');
    const res = await agent.json(path, { method: 'POST', body });
    if (res.status !== 200) throw new HttpError(res.status, res.body?.message);
    return res.body;
  };
  return {
    push: async (req) => pushResponseSchema.parse(await call('/api/sync/push', req)),
    pull: async (req) => pullResponseSchema.parse(await call('/api/sync/pull', req)),
  };
}

let n = 0;
function device() {
  const online = { value: true };
  const db = new SyncDexie(`floor-engine-${++n}`);
  const engine = new SyncEngine({
    store: new DexieLocalStore(db),
    transport: apiTransport(online),
    commands: commandArgs,
    effects: floorEffects,
    scope: () => ({ companyIds: [C0] }),
    timers: { setTimeout: () => 0, clearTimeout: () => undefined },
  });
  const order = async (id: string) => (await readRow(db.buckets, FLOOR_TABLES.orders, id)) as FloorOrderDoc | undefined;
  return { db, engine, online, order };
}

async function placedOrder(skip: number) {
  const o = await t.db.selectFrom('orders').select(['id', 'shop_order_id']).where('company_id', '=', C0).where('warehouse_id', '=', W0).where('status', '=', 'PLACED').orderBy('id').offset(skip).limit(1).executeTakeFirstOrThrow();
  return o;
}

async function packOffline(d: ReturnType<typeof device>, orderId: string) {
  const doc = (await d.order(orderId))!;
  const required = requiredUnits(doc.items);
  for (const [wsin, units] of Object.entries(required)) for (let i = 0; i < units; i++) await d.engine.enqueue('pack.scan', { awb: doc.shopOrderId, orderId, wsin });
  await d.engine.enqueue('pack.submit', { awb: doc.shopOrderId, orderId, scanned: required });
  return required;
}

describe('the floor engine against the API', () => {
  it('shows a pack offline at once, and keeps it once the server has applied it', async () => {
    const d = device();
    expect(await d.engine.sync()).toBe(true);
    const { id } = await placedOrder(0);
    d.online.value = false;
    await packOffline(d, id);
    expect((await d.order(id))!.packing.status).toBe('PACKED');
    expect((await d.order(id))!.status).toBe('READY_TO_SHIP');
    expect(d.engine.getStatus().pending).toBeGreaterThan(0);
    d.online.value = true;
    expect(await d.engine.sync()).toBe(true);
    expect(d.engine.getStatus()).toMatchObject({ pending: 0, rejected: [] });
    const doc = (await d.order(id))!;
    expect(doc.packing).toMatchObject({ status: 'PACKED', packedBy: 'Manoj Patil' });
  });

  it('an order cancelled on the server while packed offline: rejected with the reason, and gone after the pull', async () => {
    const d = device();
    await d.engine.sync();
    const { id, shop_order_id } = await placedOrder(1);
    d.online.value = false;
    await packOffline(d, id);
    await setOrderStatus(t.db, { orderId: id, to: 'CANCELLED', trail: { description: 'Order cancelled by seller' } });
    d.online.value = true;
    await d.engine.sync();
    expect(await d.order(id)).toBeUndefined();
    const { rejected, pending } = d.engine.getStatus();
    expect(pending).toBe(0);
    expect(new Set(rejected.map((r) => r.reason))).toEqual(new Set([`Order ${shop_order_id} was cancelled, so it can no longer be packed. Put its items back.`]));
    expect(rejected.at(-1)).toMatchObject({ name: 'pack.submit', args: { orderId: id } });
  });

  it('two devices pack the same order offline: the second sees the first one\u2019s pack and its own refusal', async () => {
    const a = device();
    const b = device();
    await a.engine.sync();
    await b.engine.sync();
    const { id } = await placedOrder(2);
    a.online.value = false;
    b.online.value = false;
    await packOffline(a, id);
    await packOffline(b, id);
    a.online.value = true;
    b.online.value = true;
    await a.engine.sync();
    await b.engine.sync();
    expect(a.engine.getStatus().rejected).toEqual([]);
    const refused = b.engine.getStatus().rejected;
    expect(refused.at(-1)!.reason).toMatch(/was already packed by Manoj Patil at .* on another device\.$/);
    expect((await b.order(id))!.packing).toMatchObject({ status: 'PACKED', packedBy: 'Manoj Patil' });
    expect(await t.db.selectFrom('order_trails').select('id').where('order_id', '=', id).where('description', '=', 'Packed at station').execute()).toHaveLength(1);
  });

  it('stock adjusted on two devices: the one the server refuses is undone locally by the pull', async () => {
    const a = device();
    const b = device();
    await a.engine.sync();
    await b.engine.sync();
    const row = (await readTableRows(a.db.buckets, FLOOR_TABLES.inventory))[0].value as InventoryDoc;
    const key = { warehouseId: row.warehouseId, companyId: row.companyId, wsin: row.wsin };
    expect(row.quantity).toBeGreaterThan(3);
    a.online.value = false;
    b.online.value = false;
    await a.engine.enqueue('inventory.adjust', { ...key, delta: -(row.quantity - 2), remarks: 'Water damage' });
    await b.engine.enqueue('inventory.adjust', { ...key, delta: -(row.quantity - 1), remarks: 'Counted short' });
    const stock = async (d: ReturnType<typeof device>) => ((await readRow(d.db.buckets, FLOOR_TABLES.inventory, `${key.warehouseId}|${key.companyId}|${key.wsin}`)) as InventoryDoc).quantity;
    expect(await stock(b)).toBe(1);
    a.online.value = true;
    b.online.value = true;
    await a.engine.sync();
    await b.engine.sync();
    // The server kept a's adjustment only; b's optimistic 1 is replaced by the server's 2.
    expect(b.engine.getStatus().rejected.map((r) => r.reason)).toEqual([`Stock of ${row.wsin} cannot go below zero: 2 in stock, adjustment ${-(row.quantity - 1)}.`]);
    expect(await stock(b)).toBe(2);
    expect((await t.db.selectFrom('inventory').select('quantity').where('id', '=', row.id).executeTakeFirstOrThrow()).quantity).toBe(2);
    await b.engine.sync();
    expect(b.engine.getStatus().pending).toBe(0);
  });
});
