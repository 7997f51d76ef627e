// The first pull's order documents built as JSON text by SQLite (floorFeed
// with dialect 'sqlite') are the documents buildOrderDocs gives in JS, field
// for field, for every kind of order a device keeps: packed and unpacked,
// scanned by this device or another, with odd WSIN mappings, of a company
// that approves ready-to-ship returns, first pulls and later ones, and the
// pull route's JSON is the same as JSON.stringify of the response.
import { beforeAll, describe, expect, it } from 'vitest';
import { requiredUnits } from '../../domain/floor';
import { floorFeed, type FeedOp } from '../../db/floor/feed';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import '../../db/tables/sync';
import type { PullResponse, PushResponse } from '../../sync/protocol';
import { JsonText, pullResponseJson } from '../../sync/server/json-text';
import { makeTestApp, signInDemo, type Agent } from '../api/helpers';

const C0: string = DEMO_COMPANIES[0].id;
const C1: string = DEMO_COMPANIES[1].id;
const W0: string = DEMO_WAREHOUSES[0].id;

let t: Awaited<ReturnType<typeof makeTestApp>>;
let wh: Agent;
const clientId = `feed-json-${Date.now()}`;

/** Ops as comparable plain values (a JSON op parsed). */
const plain = (ops: FeedOp[]) =>
  ops.map((op) => (op.op === 'del' ? op : 'json' in op ? { op: 'put', table: op.table, key: op.key, value: JSON.parse(op.json), version: op.version } : op));

async function feeds(cookie: number | null, companyIds: string[], warehouseId: string | null, device = clientId) {
  return t.db.transaction().execute(async (trx) => {
    const js = await floorFeed({ warehouseId, clientId: device })(trx, cookie, { companyIds });
    const sqlite = await floorFeed({ warehouseId, clientId: device, dialect: 'sqlite' })(trx, cookie, { companyIds });
    return { js, sqlite };
  });
}

const byKey = (ops: ReturnType<typeof plain>) => [...ops].sort((a, b) => `${a.table}|${a.key}|${a.op}`.localeCompare(`${b.table}|${b.key}|${b.op}`));

beforeAll(async () => {
  t = await makeTestApp({ orders: 400 });
  wh = await signInDemo(t.app, 'warehouse');
  // This device scans one order part way and packs another; a second device scans a third.
  const orders = await t.db.selectFrom('orders').select(['id', 'shop_order_id', 'tracking_number']).where('company_id', '=', C0).where('warehouse_id', '=', W0).where('status', '=', 'PLACED').orderBy('id').limit(3).execute();
  const plans = [];
  for (const o of orders) {
    const items = await t.db.selectFrom('order_items').select(['sku', 'quantity', 'wsin_mapping']).where('order_id', '=', o.id).execute();
    plans.push({ o, required: requiredUnits(items.map((i) => ({ sku: i.sku, quantity: i.quantity, wsinMapping: JSON.parse(i.wsin_mapping ?? '{}') }))) });
  }
  let seq = 0;
  const cmd = (name: string, args: unknown) => ({ seq: ++seq, name, args, createdAt: new Date().toISOString() });
  const [partial, packed, other] = plans;
  const awb = (o: (typeof orders)[number]) => o.tracking_number ?? o.shop_order_id;
  const commands = [
    cmd('pack.scan', { awb: awb(partial.o), orderId: partial.o.id, wsin: Object.keys(partial.required)[0] }),
    ...Object.entries(packed.required).flatMap(([wsin, n]) => Array.from({ length: n }, () => cmd('pack.scan', { awb: awb(packed.o), orderId: packed.o.id, wsin }))),
    cmd('pack.submit', { awb: awb(packed.o), orderId: packed.o.id, scanned: packed.required }),
  ];
  const res = await wh.json<PushResponse>('/api/sync/push', { method: 'POST', body: { clientId, schemaVersion: 1, commands } });
  expect(res.body.results.map((r) => r.status)).toEqual(commands.map(() => 'applied'));
  const res2 = await wh.json<PushResponse>('/api/sync/push', {
    method: 'POST',
    body: { clientId: `${clientId}-other`, schemaVersion: 1, commands: [{ seq: 1, name: 'pack.scan', args: { awb: awb(other.o), orderId: other.o.id, wsin: Object.keys(other.required)[0] }, createdAt: new Date().toISOString() }] },
  });
  expect(res2.body.results[0].status).toBe('applied');
  // Odd mappings: empty, not JSON, a JSON string with quotes and unicode.
  const [a, b, c] = await t.db.selectFrom('order_items').innerJoin('orders', 'orders.id', 'order_items.order_id').select('order_items.id').where('orders.company_id', '=', C0).where('orders.warehouse_id', '=', W0).where('orders.status', 'in', ['PLACED', 'PROCESSED']).orderBy('order_items.id', 'desc').limit(3).execute();
  await t.db.updateTable('order_items').set({ wsin_mapping: '' }).where('id', '=', a.id).execute();
  await t.db.updateTable('order_items').set({ wsin_mapping: 'not json' }).where('id', '=', b.id).execute();
  await t.db.updateTable('order_items').set({ wsin_mapping: '{"W\\"Q\\u00e9":2,"Zä":1}', title: 'Saree "Kanjeevaram" \\ \u2028 ✓' }).where('id', '=', c.id).execute();
  await t.db.updateTable('companies').set({ approve_rts_returns: 1 }).where('id', '=', C1).execute();
});

describe('order documents built by SQLite', () => {
  it('equal the JS documents on a first pull of a warehouse device', async () => {
    const { js, sqlite } = await feeds(null, [C0, C1], W0);
    expect(js.length).toBeGreaterThan(20);
    expect(sqlite.some((op) => 'json' in op)).toBe(true);
    expect(byKey(plain(sqlite))).toEqual(byKey(plain(js)));
    const docs = plain(sqlite).flatMap((op) => ('value' in op && op.table === 'orders' ? [op.value as { packing: { status: string; scanned: object }; approveRtsReturns: boolean }] : []));
    expect(docs.some((d) => d.packing.status === 'PACKED')).toBe(true);
    expect(docs.some((d) => d.packing.status === 'NOT_PACKED' && Object.keys(d.packing.scanned).length > 0)).toBe(true);
    expect(docs.some((d) => d.approveRtsReturns)).toBe(true);
  });

  it('equal the JS documents for a seller, another device, and a later pull with orders leaving the scope', async () => {
    for (const [companies, warehouseId, device] of [[[C0], null, clientId], [[C0, C1], W0, `${clientId}-other`]] as const) {
      const { js, sqlite } = await feeds(null, [...companies], warehouseId, device);
      expect(byKey(plain(sqlite))).toEqual(byKey(plain(js)));
    }
    const cookie = Number((await t.db.selectFrom('sync_counter').select('version').executeTakeFirstOrThrow()).version);
    const moved = await t.db.selectFrom('orders').select('id').where('company_id', '=', C0).where('status', '=', 'PLACED').orderBy('id', 'desc').limit(2).execute();
    await t.db.updateTable('orders').set({ status: 'CANCELLED' }).where('id', '=', moved[0].id).execute();
    await t.db.updateTable('orders').set({ customer_name: 'Renamed Customer' }).where('id', '=', moved[1].id).execute();
    const { js, sqlite } = await feeds(cookie, [C0], W0);
    expect(plain(sqlite).map((op) => [op.op, op.key])).toEqual(expect.arrayContaining([['del', moved[0].id], ['put', moved[1].id]]));
    expect(byKey(plain(sqlite))).toEqual(byKey(plain(js)));
  });

  it('reach the device through the pull route as the same JSON', async () => {
    const res = await wh.json<PullResponse>('/api/sync/pull', { method: 'POST', body: { clientId, cookie: null, scope: { companyIds: [C0] } } });
    expect(res.status).toBe(200);
    const { js } = await feeds(null, [C0], W0);
    const fromRoute = res.body.patch.filter((op) => op.table === 'orders');
    expect(fromRoute.length).toBe(js.filter((op) => op.table === 'orders').length);
    const expected = new Map(plain(js).map((op) => [op.key, op]));
    for (const op of fromRoute) expect(op).toEqual({ op: 'put', table: 'orders', key: op.key, value: (expected.get(op.key) as { value: unknown }).value });
  });

  it('serialize to the JSON that JSON.stringify gives', () => {
    const res: PullResponse = {
      cookie: 7,
      lastSeq: 3,
      patch: [
        { op: 'put', table: 'orders', key: 'a"b', value: new JsonText('{"x":[1,{"y":null}],"s":"\\u2028"}') },
        { op: 'put', table: 'inventory', key: 'k', value: { q: 1 } },
        { op: 'del', table: 'orders', key: 'gone' },
      ],
      rejected: [{ seq: 2, name: 'pack.scan', reason: 'Wrong "WSIN"' }],
    };
    expect(JSON.parse(pullResponseJson(res))).toEqual(JSON.parse(JSON.stringify(res)));
    expect(JSON.parse(JSON.stringify(res)).patch[0].value).toEqual({ x: [1, { y: null }], s: '\u2028' });
  });
});
