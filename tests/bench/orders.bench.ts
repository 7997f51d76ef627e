/**
 * Order list benchmark: the pages a person uses (the first 50 pages of each
 * sidebar section, with filters and sorts, counts included) through the whole
 * API (`app.request()`: session, validation, counts, page, items, JSON), and
 * the same pages from hand-written prepared better-sqlite3 statements on the
 * same database as the reference: the page's rows, their items and the counts
 * the answer carries, checked page by page to be what the API returns.
 *
 * Data: --quick seeds ~50k orders into a temporary file; the full run uses
 * data/bench.db with 1,000,000 orders, seeding it first when it is missing
 * (`npm run seed -- --orders 1000000 --file data/bench.db --fresh` does the same).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Statement } from 'better-sqlite3';
import pino from 'pino';
import { connect, type DbHandle } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { DEMO_COMPANIES, isSeeded, seed, SEED_ANCHOR } from '../../db/seed';
import { createApp } from '../../edge-api/app';
import { signInDemo, type Agent } from '../api/helpers';
import { percentile } from './stats';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  reference?: number;
  ratio?: number;
  data: string;
}

export const PAGES = 50;
export const PAGE_SIZE = 50;

const round = (n: number, d = 2) => Number(n.toFixed(d));

async function openDatabase(quick: boolean, log: (s: string) => void): Promise<{ dbh: DbHandle; orders: number; seeded?: { seconds: number; perSecond: number }; tmpDir?: string }> {
  if (quick) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bench-'));
    const dbh = connect({ file: path.join(dir, 'bench.db') });
    await migrateToLatest(dbh.db);
    const r = await seed(dbh, { orders: 50_000, pincodes: false });
    return { dbh, orders: 50_000, seeded: { seconds: r.seconds, perSecond: r.ordersPerSecond }, tmpDir: dir };
  }
  const file = process.env.BENCH_DB ?? 'data/bench.db';
  const want = 1_000_000;
  let seeded: { seconds: number; perSecond: number } | undefined;
  let dbh = connect({ file });
  await migrateToLatest(dbh.db);
  const have = Number((await dbh.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  if (have < want * 0.99 || !(await isSeeded(dbh))) {
    await dbh.destroy();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    dbh = connect({ file });
    await migrateToLatest(dbh.db);
    log(`seeding ${want} orders into ${file} (a few minutes)…`);
    const r = await seed(dbh, { orders: want, pincodes: false, log });
    seeded = { seconds: r.seconds, perSecond: r.ordersPerSecond };
  }
  return { dbh, orders: Math.max(have, want), seeded };
}

export type Scenario = { who: 'seller' | 'warehouse' | 'admin'; tab: string; sortField: string; sortOrder: 'ASC' | 'DESC'; filter: Record<string, string> };

export function scenarios(): Scenario[] {
  const out: Scenario[] = [];
  // The last 30 days of the seeded data.
  const from = new Date(SEED_ANCHOR - 30 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(SEED_ANCHOR).toISOString().slice(0, 10);
  const filters: Record<string, string>[] = [{}, { paymentMode: 'cod' }, { from, to }, { shopType: 'manual', paymentMode: 'prepaid' }];
  const sorts: [string, 'ASC' | 'DESC'][] = [['id', 'DESC'], ['updatedAt', 'DESC'], ['totalPaise', 'ASC']];
  for (const tab of ['all', 'returns', 'ndr', 'unserviceable']) {
    for (const [sortField, sortOrder] of sorts) for (const filter of filters) out.push({ who: 'seller', tab, sortField, sortOrder, filter });
    // Warehouse with all four companies selected, and admin over every company.
    out.push({ who: 'warehouse', tab, sortField: 'id', sortOrder: 'DESC', filter: {} });
    out.push({ who: 'warehouse', tab, sortField: 'updatedAt', sortOrder: 'DESC', filter: { paymentMode: 'cod' } });
    out.push({ who: 'admin', tab, sortField: 'id', sortOrder: 'DESC', filter: {} });
    out.push({ who: 'admin', tab, sortField: 'totalPaise', sortOrder: 'DESC', filter: { from, to } });
  }
  // Search by the start of the customer's name, in any case, as each role.
  for (const q of ['Anika', 'kav', 'Meera S']) {
    out.push({ who: 'seller', tab: 'all', sortField: 'id', sortOrder: 'DESC', filter: { q } });
    out.push({ who: 'seller', tab: 'ndr', sortField: 'updatedAt', sortOrder: 'DESC', filter: { q } });
    out.push({ who: 'warehouse', tab: 'all', sortField: 'id', sortOrder: 'DESC', filter: { q } });
    out.push({ who: 'admin', tab: 'all', sortField: 'totalPaise', sortOrder: 'DESC', filter: { q } });
  }
  return out;
}

export function listUrl(s: Scenario, extra: Record<string, string>) {
  const qs = new URLSearchParams({ tab: s.tab, sortField: s.sortField, sortOrder: s.sortOrder, pageSize: String(PAGE_SIZE), ...s.filter, ...extra });
  return `/api/orders?${qs}`;
}

export async function timed(agent: Agent, url: string): Promise<{ ms: number; body: any }> {
  const t = performance.now();
  const res = await agent.request(url);
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return { ms, body: JSON.parse(text) };
}

/** Walks up to PAGES pages of a scenario by cursor, as the page's Next button does. */
export async function walk(agent: Agent, s: Scenario, times: number[] | null, pages = PAGES) {
  let cursor: string | null = null;
  for (let p = 0; p < pages; p++) {
    const r = await timed(agent, listUrl(s, cursor ? { cursor } : {}));
    times?.push(r.ms);
    cursor = r.body.page.nextCursor;
    if (!cursor) break;
  }
}

export async function benchOrders(opts: { quick: boolean }): Promise<BenchResult[]> {
  const log = (m: string) => console.log(`  [orders] ${m}`);
  const { dbh, orders, seeded, tmpDir } = await openDatabase(opts.quick, log);
  try {
    const app = createApp({ dbh, logger: pino({ level: 'silent' }), config: { dataDir: path.join(os.tmpdir(), 'sd-bench-data') } });
    const agents = {
      seller: await signInDemo(app, 'seller'),
      warehouse: await signInDemo(app, 'warehouse'),
      admin: await signInDemo(app, 'admin'),
    };
    const all = await agents.warehouse.json('/api/auth/session');
    await agents.warehouse.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: all.body.companyData.map((c: { id: string }) => c.id) } });

    const list = scenarios();
    const sample = list;
    log(`${sample.length} scenarios × up to ${PAGES} pages on ${orders.toLocaleString('en-IN')} orders`);
    // Warm the caches (and the JIT): every page once on the big database, the first pages on the quick one.
    for (const s of sample) await walk(agents[s.who], s, null, opts.quick ? 5 : PAGES);
    const times: number[] = [];
    for (const s of sample) {
      const mine: number[] = [];
      await walk(agents[s.who], s, mine);
      times.push(...mine);
      if (process.env.BENCH_VERBOSE) log(`${s.who} ${s.tab} ${s.sortField} ${s.sortOrder} ${JSON.stringify(s.filter)}: ${mine.length} pages, p50 ${round(percentile(mine, 0.5))} p95 ${round(percentile(mine, 0.95))} max ${round(Math.max(...mine))}`);
    }
    const lastTimes: number[] = [];
    for (const s of sample) {
      const ms = (await timed(agents[s.who], listUrl(s, { page: 'last' }))).ms;
      lastTimes.push(ms);
      if (process.env.BENCH_VERBOSE) log(`last page ${s.who} ${s.tab} ${s.sortField} ${s.sortOrder} ${JSON.stringify(s.filter)}: ${round(ms)} ms`);
    }

    // The same pages: seller, All, newest first, no filter — API vs hand-written
    // prepared statements giving everything the answer carries: the page's rows
    // (the listed columns), their items, the per-status counts (the section's
    // total is their sum) and the missed-order and open-request counts.
    const sqlite = dbh.sqlite!;
    const cols = 'id, company_id, warehouse_id, shop_order_id, external_order_id, status, shop_type, order_type, payment_mode, total_paise, tracking_number, shipper, customer_name, customer_phone, shipping_city, shipping_state, shipping_pincode, remittance_status, created_at, updated_at';
    const first = sqlite.prepare(`SELECT ${cols} FROM orders WHERE company_id = ? ORDER BY created_at DESC, id DESC LIMIT ${PAGE_SIZE + 1}`);
    const next = sqlite.prepare(`SELECT ${cols} FROM orders WHERE company_id = ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ${PAGE_SIZE + 1}`);
    const itemsOf = new Map<number, Statement<string[]>>();
    const items = (ids: string[]) => {
      let st = itemsOf.get(ids.length);
      if (!st) itemsOf.set(ids.length, (st = sqlite.prepare<string[]>(`SELECT id, order_id, title, sku, quantity, catalogue_id FROM order_items WHERE order_id IN (${ids.map(() => '?').join(', ')})`)));
      return st.all(...ids) as RawItem[];
    };
    const statusCounts = sqlite.prepare('SELECT status, sum(count) AS n FROM order_status_counts WHERE company_id = ? GROUP BY status');
    const missed = sqlite.prepare('SELECT count(*) AS n FROM missed_orders WHERE company_id = ?');
    const requests = sqlite.prepare("SELECT count(*) AS n FROM customer_requests WHERE status = 'OPEN' AND company_id = ?");
    const company = DEMO_COMPANIES[0].id;
    type RawRow = Record<string, unknown> & { id: string; created_at: string };
    type RawItem = { id: string; order_id: string; title: string; sku: string; quantity: number; catalogue_id: string | null };
    type RawPage = { rows: RawRow[]; items: RawItem[]; counts: { status: string; n: number }[]; missed: number; requests: number };
    const rawPage = (last: RawRow | undefined): RawPage => {
      const rows = (last ? next.all(company, last.created_at, last.id) : first.all(company)) as RawRow[];
      return {
        rows,
        items: items(rows.slice(0, PAGE_SIZE).map((r) => r.id)),
        counts: statusCounts.all(company) as { status: string; n: number }[],
        missed: (missed.get(company) as { n: number }).n,
        requests: (requests.get(company) as { n: number }).n,
      };
    };
    const rawPass = (rowsOnly: boolean) => {
      const t: number[] = [];
      let last: RawRow | undefined;
      for (let p = 0; p < PAGES; p++) {
        const s = performance.now();
        const rows = rowsOnly ? ((last ? next.all(company, last.created_at, last.id) : first.all(company)) as RawRow[]) : rawPage(last).rows;
        t.push(performance.now() - s);
        last = rows[PAGE_SIZE - 1];
        if (!last) break;
      }
      return t;
    };
    const base: Scenario = { who: 'seller', tab: 'all', sortField: 'id', sortOrder: 'DESC', filter: {} };
    // The reference gives what the API gives: same orders, columns, items and counts, page by page.
    {
      let cursor: string | null = null;
      let last: RawRow | undefined;
      for (let p = 0; p < PAGES; p++) {
        const api: any = (await timed(agents.seller, listUrl(base, cursor ? { cursor } : {}))).body;
        const raw = rawPage(last);
        const fail = (what: string) => {
          throw new Error(`reference differs from the API on page ${p + 1}: ${what}`);
        };
        const rows = raw.rows.slice(0, PAGE_SIZE);
        if (api.order.length !== rows.length) fail(`${api.order.length} vs ${rows.length} orders`);
        rows.forEach((r, i) => {
          const o = api.order[i];
          const want = [r.id, r.company_id, r.warehouse_id, r.shop_order_id, r.external_order_id, r.status, r.shop_type, r.order_type, r.payment_mode, r.total_paise,
            r.tracking_number, r.shipper, r.customer_name, r.customer_phone, r.shipping_city, r.shipping_state, r.shipping_pincode, r.remittance_status, r.created_at, r.updated_at];
          const got = [o.id, o.companyId, o.warehouseId, o.shopOrderId, o.externalOrderId, o.status, o.shopType, o.orderType, o.paymentMode, o.totalPaise,
            o.trackingNumber, o.shipper, o.customerName, o.customerPhone, o.city, o.state, o.pincode, o.remittanceStatus, o.createdAt, o.updatedAt];
          if (JSON.stringify(want) !== JSON.stringify(got)) fail(`order ${r.id}: ${JSON.stringify(got)} vs ${JSON.stringify(want)}`);
          const its = raw.items.filter((x) => x.order_id === r.id).map((x) => [x.id, x.title, x.sku, x.quantity, x.catalogue_id]);
          const apiIts = o.items.map((x: { id: string; title: string; sku: string; quantity: number; catalogueId: string | null }) => [x.id, x.title, x.sku, x.quantity, x.catalogueId]);
          if (JSON.stringify(its.sort()) !== JSON.stringify(apiIts.sort())) fail(`items of ${r.id}`);
        });
        const counts = Object.fromEntries(raw.counts.filter((c) => c.n > 0).map((c) => [c.status, c.n]));
        if (JSON.stringify(Object.entries(counts).sort()) !== JSON.stringify(Object.entries(api.count).sort())) fail('status counts');
        if (api.currentCount !== Object.values(counts).reduce((a, b) => a + b, 0)) fail('section total');
        if (api.missedOrderCount !== raw.missed || api.customerRequestCount !== raw.requests) fail('missed-order / request counts');
        if (!!api.page.nextCursor !== raw.rows.length > PAGE_SIZE) fail('next page');
        cursor = api.page.nextCursor;
        last = raw.rows[PAGE_SIZE - 1];
        if (!cursor) break;
      }
    }
    const apiT: number[] = [];
    const rawT: number[] = [];
    const rowsOnlyT: number[] = [];
    for (let i = 0; i < 5; i++) {
      await walk(agents.seller, base, apiT);
      rawT.push(...rawPass(false));
      rowsOnlyT.push(...rawPass(true));
    }
    const api50 = percentile(apiT, 0.5);
    const raw50 = percentile(rawT, 0.5);
    const data = `${orders.toLocaleString('en-IN')} orders, ${sample.length} scenarios (sections × sorts × filters × roles), ${times.length} page requests; a filter's capped counts are remembered between pages until the next write (db/orders/count-memo.ts, at most 10 s)`;
    const p95 = percentile(times, 0.95);
    const results: BenchResult[] = [];
    if (seeded) results.push({ name: 'seed.orders_per_s', value: seeded.perSecond, unit: 'orders/s', data: `${orders.toLocaleString('en-IN')} orders in ${seeded.seconds.toFixed(1)} s` });
    results.push(
      { name: 'orders.list.p95_ms', value: round(p95), unit: 'ms', reference: round(percentile(rawT, 0.95), 3), ratio: round(p95 / percentile(rawT, 0.95), 1), data: `${data}; p50 ${round(percentile(times, 0.5))} ms, max ${round(Math.max(...times))} ms` },
      { name: 'orders.list.last_page_ms', value: round(Math.max(...lastTimes)), unit: 'ms', data: `worst of ${lastTimes.length} last pages; median ${round(percentile(lastTimes, 0.5))} ms; ${orders.toLocaleString('en-IN')} orders` },
      {
        name: 'orders.list.ratio_to_raw',
        value: round(api50 / raw50, 1),
        unit: 'x',
        reference: round(raw50, 3),
        ratio: round(api50 / raw50, 1),
        data:
          `median page: API ${round(api50, 3)} ms vs prepared statements ${round(raw50, 3)} ms (rows, items, status/missed/request counts; ` +
          `the page's rows alone ${round(percentile(rowsOnlyT, 0.5), 3)} ms, ratio ${round(api50 / percentile(rowsOnlyT, 0.5), 1)}) ` +
          `(seller, All, newest first, ${PAGES} pages × 5); ${orders.toLocaleString('en-IN')} orders`,
      },
    );
    return results;
  } finally {
    await dbh.destroy();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}
