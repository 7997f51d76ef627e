import { beforeAll, describe, expect, it } from 'vitest';
import { effectiveStatuses, sectionCount } from '../../domain/orders/sections';
import { company } from './orders-fixtures';
import { makeTestApp, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let seller: Agent;
let admin: Agent;
let warehouse: Agent; // all four companies selected

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 900 }));
  [seller, admin, warehouse] = await Promise.all([signInDemo(app, 'seller'), signInDemo(app, 'admin'), signInDemo(app, 'warehouse')]);
  await warehouse.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: [0, 1, 2, 3].map(company) } });
});

type Row = { id: string; created_at: string; updated_at: string; total_paise: number; status: string; company_id: string };
const SORT_COL = { id: 'created_at', updatedAt: 'updated_at', totalPaise: 'total_paise' } as const;

/** The expected order of a section straight from the table. */
async function expected(companies: string[] | null, tab: 'all' | 'returns' | 'ndr' | 'unserviceable', sortField: keyof typeof SORT_COL, sortOrder: 'ASC' | 'DESC', extra: (r: Row & { payment_mode: string }) => boolean = () => true) {
  let q = db.selectFrom('orders').select(['id', 'created_at', 'updated_at', 'total_paise', 'status', 'company_id', 'payment_mode']);
  if (companies) q = q.where('company_id', 'in', companies);
  const st = effectiveStatuses(tab);
  if (st) q = q.where('status', 'in', st);
  const rows = (await q.execute()).filter(extra);
  const col = SORT_COL[sortField];
  const dir = sortOrder === 'DESC' ? -1 : 1;
  rows.sort((a, b) => {
    const x = a[col] < b[col] ? -1 : a[col] > b[col] ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return x * dir;
  });
  return rows.map((r) => r.id);
}

/** Every page of a listing by following nextCursor. */
async function walkAll(agent: Agent, params: Record<string, string>) {
  const ids: string[] = [];
  const pages: any[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 500; i++) {
    const qs: URLSearchParams = new URLSearchParams({ pageSize: '20', ...params, ...(cursor ? { cursor } : {}) });
    const r: { status: number; body: any } = await agent.json(`/api/orders?${qs}`);
    expect(r.status).toBe(200);
    pages.push(r.body);
    ids.push(...r.body.order.map((o: { id: string }) => o.id));
    cursor = r.body.page.nextCursor;
    if (!cursor) break;
  }
  return { ids, pages };
}

describe('GET /api/orders', () => {
  it('answers the spec shape with per-status counts of the caller\'s company', async () => {
    const r = await seller.json('/api/orders');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: true, message: '', currentCount: expect.any(Number), missedOrderCount: expect.any(Number) });
    expect(r.body.order).toHaveLength(50);
    const real = await db.selectFrom('orders').select((eb) => ['status', eb.fn.countAll<number>().as('n')]).where('company_id', '=', company(0)).groupBy('status').execute();
    expect(r.body.count).toEqual(Object.fromEntries(real.map((x) => [x.status, Number(x.n)])));
    expect(r.body.currentCount).toBe(real.reduce((n, x) => n + Number(x.n), 0));
    const missed = await db.selectFrom('missed_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', company(0)).executeTakeFirstOrThrow();
    expect(r.body.missedOrderCount).toBe(Number(missed.n));
    expect(r.body.order.every((o: { companyId: string }) => o.companyId === company(0))).toBe(true);
    expect(r.body.order[0].items.length).toBeGreaterThan(0);
  });

  it('gives the same sidebar counts in the list and in /orders/counts for each role\'s companies, and they follow writes', async () => {
    const truth = async (companies: string[] | null) => {
      const scoped = <Q extends { where: (...a: any[]) => Q }>(q: Q) => (companies ? q.where('company_id', 'in', companies) : q);
      const byStatus = await scoped(db.selectFrom('orders').select((eb) => ['status', eb.fn.countAll<number>().as('n')]).groupBy('status')).execute();
      const missed = await scoped(db.selectFrom('missed_orders').select((eb) => eb.fn.countAll<number>().as('n'))).executeTakeFirstOrThrow();
      const open = await scoped(db.selectFrom('customer_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'OPEN')).executeTakeFirstOrThrow();
      return { count: Object.fromEntries(byStatus.map((x) => [x.status, Number(x.n)])), missedOrderCount: Number(missed.n), customerRequestCount: Number(open.n) };
    };
    const check = async () => {
      for (const [agent, companies] of [[seller, [company(0)]], [warehouse, [0, 1, 2, 3].map(company)], [admin, null]] as const) {
        const want = await truth(companies as string[] | null);
        const list = await agent.json('/api/orders?pageSize=10');
        expect({ count: list.body.count, missedOrderCount: list.body.missedOrderCount, customerRequestCount: list.body.customerRequestCount }).toEqual(want);
        const counts = await agent.json('/api/orders/counts');
        expect(counts.body).toEqual({ status: true, ...want });
      }
    };
    await check();
    // A status change and new requests show on the next request (nothing is kept between requests).
    const first = (await seller.json('/api/orders/counts')).body;
    const o = await db.selectFrom('orders').select(['id', 'status']).where('company_id', '=', company(0)).where('status', '=', 'PLACED').executeTakeFirstOrThrow();
    const ids = ['01f00000-0000-7000-8000-0000000000d1', '01f00000-0000-7000-8000-0000000000d2'];
    try {
      await db.updateTable('orders').set({ status: 'CANCELLED' }).where('id', '=', o.id).execute();
      await db.insertInto('customer_requests').values(ids.map((id, i) => ({
        id, order_id: o.id, company_id: company(0), kind: 'reattempt', payload: '{}', status: i ? 'DONE' : 'OPEN', created_at: new Date().toISOString(),
      }))).execute();
      const now = (await seller.json('/api/orders/counts')).body;
      expect(now.count.PLACED ?? 0).toBe(first.count.PLACED - 1);
      expect(now.count.CANCELLED).toBe((first.count.CANCELLED ?? 0) + 1);
      expect(now.customerRequestCount).toBe(first.customerRequestCount + 1);
      await check();
    } finally {
      await db.deleteFrom('customer_requests').where('id', 'in', ids).execute();
      await db.updateTable('orders').set({ status: o.status }).where('id', '=', o.id).execute();
    }
    await check();
  });

  it('filters each section by the spec statuses and totals it', async () => {
    for (const tab of ['unserviceable', 'returns', 'ndr'] as const) {
      const r = await seller.json(`/api/orders?tab=${tab}&pageSize=200`);
      const allowed = effectiveStatuses(tab)!;
      expect(r.body.order.every((o: { status: string }) => allowed.includes(o.status as never))).toBe(true);
      expect(r.body.currentCount).toBe(sectionCount(tab, r.body.count));
      expect(r.body.order.length).toBe(Math.min(200, r.body.currentCount));
    }
  });

  it('pages through a section by cursor in the exact sort order, for every sort', async () => {
    const cases: [string, 'id' | 'updatedAt' | 'totalPaise', 'ASC' | 'DESC'][] = [
      ['all', 'id', 'DESC'], ['returns', 'updatedAt', 'ASC'], ['all', 'totalPaise', 'DESC'], ['ndr', 'id', 'ASC'],
    ];
    for (const [tab, sortField, sortOrder] of cases) {
      const { ids, pages } = await walkAll(seller, { tab, sortField, sortOrder });
      expect(ids).toEqual(await expected([company(0)], tab as 'all', sortField, sortOrder));
      expect(pages[0].page.hasPrev).toBe(false);
      expect(pages.at(-1).page.hasNext).toBe(false);
    }
  });

  it('merges several companies into one order (warehouse with all companies, admin)', async () => {
    const w = await walkAll(warehouse, { tab: 'returns', sortField: 'totalPaise', sortOrder: 'ASC' });
    expect(w.ids).toEqual(await expected([0, 1, 2, 3].map(company), 'returns', 'totalPaise', 'ASC'));
    const a = await walkAll(admin, { tab: 'all', sortField: 'id', sortOrder: 'DESC', pageSize: '100' });
    expect(a.ids).toEqual(await expected(null, 'all', 'id', 'DESC'));
  });

  it('goes back with prevCursor, jumps to a numbered page and to the last page', async () => {
    const p1 = await seller.json('/api/orders?pageSize=20');
    const p2 = await seller.json(`/api/orders?pageSize=20&cursor=${p1.body.page.nextCursor}`);
    const back = await seller.json(`/api/orders?pageSize=20&cursor=${p2.body.page.prevCursor}&dir=prev`);
    expect(back.body.order.map((o: { id: string }) => o.id)).toEqual(p1.body.order.map((o: { id: string }) => o.id));
    expect(back.body.page.hasPrev).toBe(false);
    const byNumber = await seller.json('/api/orders?pageSize=20&page=2');
    expect(byNumber.body.order.map((o: { id: string }) => o.id)).toEqual(p2.body.order.map((o: { id: string }) => o.id));
    const all = await expected([company(0)], 'all', 'id', 'DESC');
    const last = await seller.json('/api/orders?pageSize=20&page=last');
    const remainder = all.length % 20 || 20;
    expect(last.body.order.map((o: { id: string }) => o.id)).toEqual(all.slice(all.length - remainder));
    expect(last.body.page).toMatchObject({ hasNext: false, hasPrev: true, current: Math.ceil(all.length / 20), pages: Math.ceil(all.length / 20) });
  });

  it('filters by payment mode, date range, shop type and search, with the filtered count', async () => {
    const cod = await walkAll(seller, { paymentMode: 'cod' });
    expect(cod.ids).toEqual(await expected([company(0)], 'all', 'id', 'DESC', (r) => r.payment_mode === 'cod'));
    expect(cod.pages[0].currentCount).toBe(cod.ids.length);

    const some = await db.selectFrom('orders').select(['created_at']).where('company_id', '=', company(0)).orderBy('created_at').offset(100).limit(1).executeTakeFirstOrThrow();
    const day = some.created_at.slice(0, 10);
    const range = await walkAll(seller, { from: day, to: day, sortField: 'totalPaise', sortOrder: 'DESC' });
    const start = new Date(Date.parse(`${day}T00:00:00Z`) - 330 * 60_000).toISOString();
    const end = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000 - 1 - 330 * 60_000).toISOString();
    expect(range.ids).toEqual(await expected([company(0)], 'all', 'totalPaise', 'DESC', (r) => r.created_at >= start && r.created_at <= end));

    const o = await db.selectFrom('orders').select(['id', 'shop_order_id', 'tracking_number', 'customer_phone']).where('company_id', '=', company(0)).where('tracking_number', 'is not', null).executeTakeFirstOrThrow();
    for (const q of [o.shop_order_id, o.tracking_number!, o.customer_phone, o.id]) {
      const r = await seller.json(`/api/orders?q=${encodeURIComponent(q)}`);
      expect(r.body.order.map((x: { id: string }) => x.id)).toContain(o.id);
    }
    // another company's order is not found by search
    const other = await db.selectFrom('orders').select(['shop_order_id']).where('company_id', '=', company(1)).executeTakeFirstOrThrow();
    expect((await seller.json(`/api/orders?q=${other.shop_order_id}`)).body.order).toEqual([]);

    const manual = await seller.json('/api/orders?shopType=manual&pageSize=200');
    expect(manual.body.order.every((x: { shopType: string }) => x.shopType === 'manual')).toBe(true);
  });

  it('narrows admins and warehouse users to one company, and gives an empty list for a company outside the scope', async () => {
    const a = await admin.json(`/api/orders?companyId=${company(2)}&pageSize=200`);
    expect(a.body.order.every((o: { companyId: string }) => o.companyId === company(2))).toBe(true);
    const s = await seller.json(`/api/orders?companyId=${company(1)}`);
    expect(s.status).toBe(200);
    expect(s.body.order).toEqual([]);
    expect(s.body.currentCount).toBe(0);
  });

  it('refuses bad input with 400', async () => {
    for (const qs of ['tab=nope', 'status=WHATEVER', 'sortField=customer', 'pageSize=5000', 'cursor=abc', 'from=2026-13-01', 'page=0']) {
      const r = await seller.json(`/api/orders?${qs}`);
      expect({ qs, status: r.status }).toEqual({ qs, status: 400 });
      expect(r.body.status).toBe(false);
    }
  });

  it('needs a session', async () => {
    expect((await app.request('/api/orders')).status).toBe(401);
  });
});

describe('missed orders', () => {
  it('lists them with their own statuses and sync state', async () => {
    const r = await seller.json('/api/missed-orders');
    expect(r.status).toBe(200);
    expect(r.body.order.length).toBe(r.body.missedOrderCount);
    expect(r.body.order.every((o: { companyId: string }) => o.companyId === company(0))).toBe(true);
    expect(new Set(r.body.order.map((o: { syncState: string }) => o.syncState))).toEqual(new Set(['Synced', 'Not Synced']));
    const failed = await seller.json('/api/missed-orders?status=FAILED');
    expect(failed.body.order.every((o: { status: string }) => o.status === 'FAILED')).toBe(true);
    expect(failed.body.currentCount).toBe(failed.body.order.length);
    const synced = await seller.json('/api/missed-orders?sync=synced');
    expect(synced.body.order.every((o: { synced: boolean }) => o.synced)).toBe(true);
  });

  it('is single-select for non-admins, multi-select for admins', async () => {
    expect((await seller.json('/api/missed-orders?status=FAILED,PENDING')).status).toBe(400);
    const a = await admin.json('/api/missed-orders?status=FAILED,PENDING');
    expect(a.status).toBe(200);
    expect(new Set(a.body.order.map((o: { status: string }) => o.status))).toEqual(new Set(['FAILED', 'PENDING']));
    expect((await seller.json('/api/missed-orders?status=DELIVERED')).status).toBe(400);
  });
});

describe('customer requests (NDR)', () => {
  it('lists the company\'s requests and finds one under data.data; another company\'s is 404', async () => {
    const theirs = await db.selectFrom('orders').select('id').where('company_id', '=', company(1)).executeTakeFirstOrThrow();
    await db.insertInto('customer_requests').values({
      id: '01f00000-0000-7000-8000-0000000000cc', order_id: theirs.id, company_id: company(1), kind: 'reattempt',
      payload: JSON.stringify({ date: '2026-11-25' }), status: 'OPEN', created_at: new Date().toISOString(),
    }).execute();
    const list = await admin.json('/api/customerRequests?pageSize=200');
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    const mine = await seller.json('/api/customerRequests');
    expect(mine.body.data.every((x: { companyId: string }) => x.companyId === company(0))).toBe(true);
    const req = mine.body.data[0];
    const one = await seller.json(`/api/customerRequests/find/${req.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.data).toMatchObject({ id: req.id, kind: req.kind, order: { shopOrderId: req.shopOrderId } });
    const other = list.body.data.find((x: { companyId: string }) => x.companyId !== company(0));
    expect((await seller.json(`/api/customerRequests/find/${other.id}`)).status).toBe(404);
  });
});
