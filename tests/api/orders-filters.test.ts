// Finding orders: courier, warehouse, delivery pincode and SKU
// filters of GET /api/orders, alone and together, through every page.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WAREHOUSES } from '../../db/seed';
import { company } from './orders-fixtures';
import { makeTestApp, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let seller: Agent;
let warehouse: Agent; // all four companies selected

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 2000 }));
  [seller, warehouse] = await Promise.all([signInDemo(app, 'seller'), signInDemo(app, 'warehouse')]);
  await warehouse.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: [0, 1, 2, 3].map(company) } });
});

type ListBody = { order: { id: string; shipper: string | null; warehouseId: string | null; pincode: string; items: { sku: string }[] }[]; currentCount: number; page: { nextCursor: string | null } };

/** Every id of a listing, following nextCursor. */
async function walkAll(agent: Agent, params: Record<string, string>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let total = -1;
  for (let i = 0; i < 100; i++) {
    const qs = new URLSearchParams({ pageSize: '20', ...params, ...(cursor ? { cursor } : {}) });
    const r = await agent.json(`/api/orders?${qs}`);
    expect(r.status).toBe(200);
    const body = r.body as ListBody;
    if (total < 0) total = body.currentCount;
    ids.push(...body.order.map((o) => o.id));
    cursor = body.page.nextCursor;
    if (!cursor) break;
  }
  return { ids, total };
}

/** Ids of the seller's company's orders matching `pred`, newest first. */
async function expectedIds(companyIds: string[], pred: (o: { shipper: string | null; warehouse_id: string | null; shipping_pincode: string; id: string }) => boolean, skuOf?: Map<string, Set<string>>, sku?: string) {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'shipper', 'warehouse_id', 'shipping_pincode', 'created_at'])
    .where('company_id', 'in', companyIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.filter((o) => pred(o) && (!sku || skuOf?.get(o.id)?.has(sku))).map((o) => o.id);
}

async function skusByOrder() {
  const items = await db.selectFrom('order_items').select(['order_id', 'sku']).execute();
  const by = new Map<string, Set<string>>();
  for (const it of items) by.set(it.order_id, (by.get(it.order_id) ?? new Set()).add(it.sku));
  return by;
}

describe('GET /api/orders find filters', () => {
  it('search by the start of the customer name, any case: every match over every page, newest first, for one company and for four', async () => {
    // The most common first name of the demo's first company.
    const names = await db.selectFrom('orders').select('customer_name').where('company_id', '=', company(0)).execute();
    const counts = new Map<string, number>();
    for (const n of names) counts.set(n.customer_name.split(' ')[0], (counts.get(n.customer_name.split(' ')[0]) ?? 0) + 1);
    const common = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    let pagesWalked = 0;
    for (const [agent, companies] of [[seller, [company(0)]], [warehouse, [0, 1, 2, 3].map(company)]] as const) {
      for (const typed of [common.slice(0, 3).toUpperCase(), common.toLowerCase()]) {
        const rows = await db
          .selectFrom('orders')
          .select(['id', 'customer_name', 'shop_order_id'])
          .where('company_id', 'in', [...companies])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        const want = rows.filter((o) => o.customer_name.toLowerCase().startsWith(typed.toLowerCase()) || o.shop_order_id.startsWith(typed)).map((o) => o.id);
        expect(want.length).toBeGreaterThan(0);
        const got = await walkAll(agent, { q: typed });
        expect(got.ids).toEqual(want);
        if (want.length > 20) pagesWalked++;
      }
    }
    expect(pagesWalked).toBeGreaterThan(0); // some search ran over more than one page
  });

  it("beat: only the orders placed under that D2R beat, every page, with the exact count; the order shows its beat", async () => {
    const beat = '01900000-0000-7000-8000-0000000bea70';
    const some = await db.selectFrom('orders').select('id').where('company_id', '=', company(0)).orderBy('id').limit(30).execute();
    const chosen = some.filter((_, i) => i % 4 === 0).map((o) => o.id);
    await db.updateTable('orders').set({ beat_id: beat }).where('id', 'in', chosen).execute();
    try {
      const want = await expectedIds([company(0)], (o) => chosen.includes(o.id));
      expect(want.length).toBe(chosen.length);
      const got = await walkAll(seller, { beatId: beat });
      expect(got.ids).toEqual(want);
      expect(got.total).toBe(want.length);
      expect((await walkAll(seller, { beatId: 'no-such-beat' })).ids).toEqual([]);
      // Shown: the order names its beat.
      const now = new Date().toISOString();
      await db.insertInto('beats').values({ id: beat, company_id: company(0), name: 'Koramangala Tuesday', description: null, salesman_id: null, created_at: now, updated_at: now }).execute();
      const one = await seller.json(`/api/orders/${chosen[0]}`);
      expect(one.body.data.beat).toEqual({ id: beat, name: 'Koramangala Tuesday' });
      const unbeaten = await seller.json(`/api/orders/${some.find((o) => !chosen.includes(o.id))!.id}`);
      expect(unbeaten.body.data.beat).toBeNull();
      await db.deleteFrom('beats').where('id', '=', beat).execute();
    } finally {
      await db.updateTable('orders').set({ beat_id: null }).where('id', 'in', chosen).execute();
    }
  });

  it('courier: only orders shipped with that courier, every page, with the exact count', async () => {
    const mine = [company(0)];
    const shippers = await db.selectFrom('orders').select('shipper').distinct().where('company_id', '=', company(0)).where('shipper', 'is not', null).execute();
    expect(shippers.length).toBeGreaterThan(1);
    const courier = shippers[0].shipper!;
    const want = await expectedIds(mine, (o) => o.shipper === courier);
    expect(want.length).toBeGreaterThan(0);
    const got = await walkAll(seller, { courier });
    expect(got.ids).toEqual(want);
    expect(got.total).toBe(want.length);
  });

  it('warehouse: only orders of that warehouse, also inside a section', async () => {
    const [used] = await db.selectFrom('orders').select('warehouse_id').where('company_id', '=', company(0)).where('warehouse_id', 'is not', null).limit(1).execute();
    const wh = used.warehouse_id!;
    const otherWh = DEMO_WAREHOUSES.find((w) => w.id !== wh)!.id;
    const want = await expectedIds([company(0)], (o) => o.warehouse_id === wh);
    const got = await walkAll(seller, { warehouseId: wh });
    expect(got.ids).toEqual(want);
    expect(want.length).toBeGreaterThan(0);
    const other = await walkAll(seller, { warehouseId: otherWh });
    expect(other.ids.some((id) => want.includes(id))).toBe(false);
    // Inside the Returns section too (per-status arms).
    const returns = (await seller.json(`/api/orders?tab=returns&warehouseId=${wh}&pageSize=200`)).body as ListBody;
    for (const o of returns.order) expect(o.warehouseId).toBe(wh);
  });

  it('delivery pincode: exactly the orders going to that pincode', async () => {
    const [pick] = await db.selectFrom('orders').select('shipping_pincode').where('company_id', '=', company(0)).limit(1).execute();
    const want = await expectedIds([company(0)], (o) => o.shipping_pincode === pick.shipping_pincode);
    const got = await walkAll(seller, { pincode: pick.shipping_pincode });
    expect(got.ids).toEqual(want);
    expect(got.total).toBe(want.length);
    const bad = await seller.json('/api/orders?pincode=12ab');
    expect(bad.status).toBe(400);
  });

  it('SKU: orders with an item of that SKU, and the listed items show it', async () => {
    const by = await skusByOrder();
    const [pick] = await db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select('order_items.sku')
      .where('orders.company_id', '=', company(0))
      .limit(1)
      .execute();
    const want = await expectedIds([company(0)], () => true, by, pick.sku);
    expect(want.length).toBeGreaterThan(0);
    const got = await walkAll(seller, { sku: pick.sku });
    expect(got.ids).toEqual(want);
    const first = (await seller.json(`/api/orders?sku=${encodeURIComponent(pick.sku)}`)).body as ListBody;
    for (const o of first.order) expect(o.items.map((i) => i.sku)).toContain(pick.sku);
    const none = (await seller.json('/api/orders?sku=NO-SUCH-SKU')).body as ListBody;
    expect(none.order).toEqual([]);
    expect(none.currentCount).toBe(0);
  });

  it('filters combine, across all companies of a warehouse user, sorted by amount', async () => {
    const all = [0, 1, 2, 3].map(company);
    const shippers = await db.selectFrom('orders').select('shipper').distinct().where('shipper', 'is not', null).execute();
    const courier = shippers[0].shipper!;
    const wh = DEMO_WAREHOUSES[0].id;
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'total_paise'])
      .where('company_id', 'in', all)
      .where('shipper', '=', courier)
      .where('warehouse_id', '=', wh)
      .execute();
    rows.sort((a, b) => Number(b.total_paise) - Number(a.total_paise) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const got = await walkAll(warehouse, { courier, warehouseId: wh, sortField: 'totalPaise', sortOrder: 'DESC' });
    expect(got.ids).toEqual(rows.map((r) => r.id));
    expect(got.total).toBe(rows.length);
  });

  it("another company's warehouse or courier never shows its orders to a seller", async () => {
    const theirs = await db.selectFrom('orders').select(['id']).where('company_id', '!=', company(0)).execute();
    const theirIds = new Set(theirs.map((t) => t.id));
    const got = await walkAll(seller, { warehouseId: DEMO_WAREHOUSES[0].id });
    expect(got.ids.some((id) => theirIds.has(id))).toBe(false);
  });
});
