// The order list's filtered counts (`currentCount`) are remembered between
// pages until the next write (db/orders/count-memo.ts). What a user would
// notice if that went wrong: a count that lags behind their own edit or
// another process's write, another tenant's count, or a search whose `_` or
// `%` matched as a wildcard.
import { beforeAll, describe, expect, it } from 'vitest';
import { company, orderPicker } from './orders-fixtures';
import { DEMO_LOGINS } from '../../db/seed-data';
import { makeTestApp, signIn, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let seller: Agent; // company 0
let d2r: Agent; // company 2
let admin: Agent;
let warehouse: Agent; // all four companies selected
let orderIn: ReturnType<typeof orderPicker>;

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 600 }));
  [seller, d2r, admin, warehouse] = await Promise.all([
    signInDemo(app, 'seller'), signInD2r(), signInDemo(app, 'admin'), signInDemo(app, 'warehouse'),
  ]);
  await warehouse.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: [0, 1, 2, 3].map(company) } });
  orderIn = orderPicker(db);
});

/** The demo's second seller (company 2). */
function signInD2r() {
  const d = DEMO_LOGINS.find((l) => l.email === 'd2r@shipdesk.in')!;
  return signIn(app, d.email, d.password, 'seller');
}

/** Every page of a listing (pageSize 10) by nextCursor: the ids and each page's currentCount. */
async function walk(agent: Agent, params: Record<string, string>) {
  const ids: string[] = [];
  const counts: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const qs: URLSearchParams = new URLSearchParams({ pageSize: '10', ...params, ...(cursor ? { cursor } : {}) });
    const r: { status: number; body: any } = await agent.json(`/api/orders?${qs}`);
    expect(r.status).toBe(200);
    ids.push(...r.body.order.map((o: { id: string }) => o.id));
    counts.push(r.body.currentCount);
    cursor = r.body.page.nextCursor;
    if (!cursor) break;
  }
  return { ids, counts };
}

const first = async (agent: Agent, params: Record<string, string>) => (await agent.json(`/api/orders?${new URLSearchParams({ pageSize: '10', ...params })}`)).body;

const customer = { phone: '9845012345', email: '', address1: '12, MG Road', address2: 'Near Metro', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };

describe('filtered counts of the order list', () => {
  it("a search's count follows the user's own edit at once, on the next page as on the first", async () => {
    const name = { firstName: 'Zephyrine', lastName: 'Quell' };
    const ids = [await orderIn(0, { status: 'PLACED' }), await orderIn(0, { status: 'PLACED' })];
    // Counted (and remembered) before the edit.
    expect((await first(seller, { q: 'zephyrine' })).currentCount).toBe(0);
    expect((await first(seller, { q: 'zephyrine' })).currentCount).toBe(0);
    for (const id of ids) expect((await seller.json(`/api/orders/${id}/customer`, { method: 'PATCH', body: { ...customer, ...name } })).status).toBe(200);
    const after = await first(seller, { q: 'zephyrine' });
    expect(after.currentCount).toBe(2);
    expect(after.order.map((o: { id: string }) => o.id).sort()).toEqual([...ids].sort());
  });

  it('follows a write made behind the API (another process) on the very next page: every page counts what is listed', async () => {
    const params = { q: 'pagewalk', sortField: 'totalPaise', sortOrder: 'DESC' };
    const some: string[] = [];
    for (let i = 0; i < 23; i++) some.push(await orderIn(0));
    await db.updateTable('orders').set({ customer_name: 'Pagewalk Tester' }).where('id', 'in', some).execute();
    const page1 = await first(seller, params);
    expect(page1.currentCount).toBe(23);
    // Two more matches written straight to the table between two pages.
    const more = [await orderIn(0), await orderIn(0)];
    await db.updateTable('orders').set({ customer_name: 'PAGEWALK Later' }).where('id', 'in', more).execute();
    const page2 = await first(seller, { ...params, cursor: page1.page.nextCursor });
    expect(page2.currentCount).toBe(25);
    const all = await walk(seller, params);
    expect(all.ids.sort()).toEqual([...some, ...more].sort());
    expect(all.counts.every((c) => c === 25)).toBe(true);
  });

  it('never answers one tenant with the count of another: the same search from sellers of two companies, a warehouse user and an admin', async () => {
    const name = 'Tenantcheck';
    // Three matches in company 0, one in company 2.
    const ours = [await orderIn(0), await orderIn(0), await orderIn(0)];
    const theirs = [await orderIn(2)];
    await db.updateTable('orders').set({ customer_name: `${name} Rao` }).where('id', 'in', [...ours, ...theirs]).execute();
    for (let round = 0; round < 2; round++) {
      // Interleaved, so a remembered count would be at hand for the next caller.
      const s = await first(seller, { q: name });
      const d = await first(d2r, { q: name });
      const w = await first(warehouse, { q: name });
      const a = await first(admin, { q: name });
      const a2 = await first(admin, { q: name, companyId: company(2) });
      const outside = await first(seller, { q: name, companyId: company(2) });
      expect([s.currentCount, d.currentCount, w.currentCount, a.currentCount, a2.currentCount, outside.currentCount]).toEqual([3, 1, 4, 4, 1, 0]);
      expect(s.order.map((o: { id: string }) => o.id).sort()).toEqual([...ours].sort());
      expect(d.order.map((o: { id: string }) => o.id)).toEqual(theirs);
      expect(outside.order).toEqual([]);
    }
  });

  it('takes `_` and `%` in a search literally, and counts exactly the orders that hold them', async () => {
    const [under, pct, plain] = [await orderIn(0), await orderIn(0), await orderIn(0)];
    await db.updateTable('orders').set({ customer_name: 'Qu_ill Nair' }).where('id', '=', under).execute();
    await db.updateTable('orders').set({ customer_name: 'Qu%ill Nair' }).where('id', '=', pct).execute();
    await db.updateTable('orders').set({ customer_name: 'Quaill Nair' }).where('id', '=', plain).execute();
    for (const [q, want] of [['qu_i', [under]], ['QU%I', [pct]], ['quai', [plain]], ['qu\\i', []]] as const) {
      for (let round = 0; round < 2; round++) {
        const r = await first(seller, { q });
        expect({ q, count: r.currentCount, ids: r.order.map((o: { id: string }) => o.id) }).toEqual({ q, count: want.length, ids: [...want] });
      }
    }
  });

  it('a count of a section with a filter moves with a status change made through the API', async () => {
    const cod = async () => (await first(seller, { tab: 'all', status: 'CANCELLED', paymentMode: 'cod' })).currentCount as number;
    const id = await orderIn(0, { status: 'PLACED', payment_mode: 'cod' });
    const before = await cod();
    expect(await cod()).toBe(before);
    const r = await seller.json(`/api/orders/${id}/cancel`, { method: 'PATCH', body: { reason: 'Customer changed mind' } });
    expect(r.status).toBe(200);
    expect(await cod()).toBe(before + 1);
  });
});
