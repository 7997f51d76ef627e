/**
 * PostgreSQL scale benchmarks (skipped with a note when PostgreSQL is not
 * reachable at DATABASE_URL_TEST or postgres://postgres@127.0.0.1:5432/test).
 *  - pg.sync.push_1000_ms: 1,000 pack.scan commands (100 orders x 10 units)
 *    pushed through POST /api/sync/push in 10 pushes of 100 (the engine's
 *    batch size), in-process, on PostgreSQL (a schema of its own). Goal < 250.
 *  - pg.sync.push_ratio_to_raw: that time over hand-written SQL writing the
 *    same rows (packing_scans upserts, orders' sync_version, the version
 *    counter, the device's lastSeq) in the same number of transactions (10),
 *    set-based (multi-row INSERT .. ON CONFLICT, UPDATE .. FROM (VALUES ..)).
 *    Goal <= 4.
 */
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import pg from 'pg';
import pino from 'pino';
import { connect } from '../../db/connect';
import { seedPackingOrders } from '../../db/floor/seed';
import { migrateToLatest } from '../../db/migrate';
import { DEMO_COMPANIES, DEMO_WAREHOUSES, seed } from '../../db/seed';
import '../../db/tables/sync';
import { createApp } from '../../edge-api/app';
import { signInDemo } from '../api/helpers';
import { pushScans, type BenchResult } from './floor.bench';
import { PAGE_SIZE, PAGES, scenarios, walk, type Scenario } from './orders.bench';
import { percentile as quantile } from './stats';

const PG_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const C0 = DEMO_COMPANIES[0].id;
const W0 = DEMO_WAREHOUSES[0].id;
const round = (n: number, d = 1) => Number(n.toFixed(d));

async function withSchema<T>(fn: (url: string, schema: string) => Promise<T>): Promise<T | null> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    console.warn(`  PostgreSQL at ${PG_URL} is not reachable: no pg.* figures`);
    return null;
  }
  const schema = `bench_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    return await fn(`${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`, schema);
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

/** pg.sync.push_1000_ms and pg.sync.push_ratio_to_raw. */
export async function benchPgSyncPush(): Promise<BenchResult[]> {
  const out = await withSchema(async (url) => {
    const h = connect({ url });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bench-pg-'));
    try {
      await migrateToLatest(h.db);
      await seed(h, { orders: 200, pincodes: false });
      const orders = await seedPackingOrders(h.db, { companyId: C0, warehouseId: W0, count: 200, units: 10, prefix: 'BP' });
      const app = createApp({ dbh: h, logger: pino({ level: 'silent' }), config: { dataDir: dir } });
      const agent = await signInDemo(app, 'warehouse');
      const { total, batches, clientId, createdAt } = await pushScans(agent, orders.slice(0, 100));
      const scans = (list: typeof orders) => list.flatMap((o) => Array.from({ length: o.units }, () => ({ orderId: o.id, wsin: o.wsin })));

      // Reference: the same rows for the other 100 orders, by hand-written SQL, 10 transactions of 100 scans.
      const raw = new pg.Client({ connectionString: url });
      await raw.connect();
      const refClient = `${clientId}-raw`;
      await raw.query(`INSERT INTO sync_clients (client_id, user_id, last_seq, created_at) VALUES ($1, NULL, 0, $2)`, [refClient, createdAt]);
      const refScans = scans(orders.slice(100));
      const counts = new Map<string, Record<string, number>>();
      const refStart = performance.now();
      for (let i = 0; i < refScans.length; i += 100) {
        const batch = refScans.slice(i, i + 100);
        const touched = new Set<string>();
        for (const s of batch) {
          const c = counts.get(s.orderId) ?? {};
          c[s.wsin] = (c[s.wsin] ?? 0) + 1;
          counts.set(s.orderId, c);
          touched.add(s.orderId);
        }
        const ids = [...touched];
        await raw.query('BEGIN');
        await raw.query(`SELECT last_seq FROM sync_clients WHERE client_id = $1 FOR UPDATE`, [refClient]);
        const { rows } = await raw.query<{ version: string }>(`UPDATE sync_counter SET version = version + $1 WHERE id = 1 RETURNING version`, [batch.length]);
        const top = Number(rows[0].version);
        await raw.query(
          `INSERT INTO packing_scans (order_id, client_id, scanned, updated_at) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
           ON CONFLICT (order_id, client_id) DO UPDATE SET scanned = excluded.scanned, updated_at = excluded.updated_at`,
          [ids, ids.map(() => refClient), ids.map((id) => JSON.stringify(counts.get(id))), ids.map(() => createdAt)],
        );
        await raw.query(`UPDATE orders SET sync_version = v.version FROM unnest($1::text[], $2::bigint[]) AS v(id, version) WHERE orders.id = v.id`, [ids, ids.map((_, k) => top - ids.length + 1 + k)]);
        await raw.query(`UPDATE sync_clients SET last_seq = last_seq + $1 WHERE client_id = $2`, [batch.length, refClient]);
        await raw.query('COMMIT');
      }
      const reference = performance.now() - refStart;
      await raw.end();
      return { total, reference, batches };
    } finally {
      await h.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  if (!out) return [];
  const { total, reference, batches } = out;
  return [
    {
      name: 'pg.sync.push_1000_ms',
      value: round(total),
      unit: 'ms',
      data: `1,000 pack.scan commands in 10 pushes of 100 over HTTP (in-process), PostgreSQL; per push ms: ${batches.map((b) => round(b)).join(', ')}; goal < 250 ms`,
    },
    {
      name: 'pg.sync.push_ratio_to_raw',
      value: round(total / reference, 2),
      unit: 'x',
      reference: round(reference),
      ratio: round(total / reference, 2),
      data: 'reference: the same rows (packing_scans, orders.sync_version, sync_counter, sync_clients) written by hand-written set-based SQL in 10 transactions on the same database; goal <= 4',
    },
  ];
}

/** Orders the generator (db/seed.ts) writes; a larger run copies them (replicateOrders). */
const SEED_BATCH = 50_000;

/**
 * Grows the seeded orders (and their items) to `want` by copying the first
 * `base` under new ids (and tracking numbers, order numbers) in SQL, one copy
 * per statement: the generator writes about 200 orders a second here, so
 * 1,000,000 would take over an hour; the copies keep its mix of companies,
 * statuses, dates and items. The triggers (status counts, sync versions, item
 * summaries) run for every copied order as for any insert; the items' ones
 * are skipped (their summary is copied with the order).
 */
async function replicateOrders(admin: pg.Client, schema: string, base: number, want: number, first: number) {
  const columns = async (table: string) =>
    (await admin.query<{ column_name: string }>('SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position', [schema, table])).rows.map((r) => r.column_name);
  const suffixed: Record<string, string[]> = { orders: ['id', 'tracking_number', 'shop_order_id'], order_items: ['id', 'order_id'] };
  const select = (table: string, cols: string[]) =>
    cols.map((c) => (suffixed[table].includes(c) ? `${c} || '~' || $1::text` : c === 'sync_version' ? '0' : c)).join(', ');
  const orderCols = await columns('orders');
  const itemCols = await columns('order_items');
  // The triggers name their tables unqualified.
  await admin.query(`SET search_path = ${schema}`);
  for (let copy = first; base * (copy + 1) <= want; copy++) {
    await admin.query('BEGIN');
    await admin.query(`INSERT INTO ${schema}.orders (${orderCols.join(', ')}) SELECT ${select('orders', orderCols)} FROM ${schema}.orders WHERE id NOT LIKE '%~%'`, [copy]);
    // The items' triggers only write the order's item summary, which the copied orders carry already:
    // they are skipped for this statement (replica role; a superuser's setting, as the bench runs).
    await admin.query('SET LOCAL session_replication_role = replica');
    await admin.query(`INSERT INTO ${schema}.order_items (${itemCols.join(', ')}) SELECT ${select('order_items', itemCols)} FROM ${schema}.order_items WHERE order_id NOT LIKE '%~%'`, [copy]);
    await admin.query('COMMIT');
    console.log(`  [pg orders] ${(base * (copy + 1)).toLocaleString('en-IN')} orders`);
  }
  await admin.query('RESET search_path');
}

/**
 * pg.orders.list.p95_ms and pg.orders.list.ratio_to_raw: the orders list's
 * scenarios (orders.bench.ts) on PostgreSQL through the whole API, and the
 * seller's newest-first pages against the same rows, items and counts by
 * prepared (named) SQL statements on the same database. Full run: the schema
 * bench_orders_1m with 1,000,000 orders, seeded once and reused by later
 * runs; --quick: 20,000 orders in a throwaway schema.
 */
export async function benchPgOrdersList(opts: { quick: boolean }): Promise<BenchResult[]> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    console.warn(`  PostgreSQL at ${PG_URL} is not reachable: no pg.orders.list figures`);
    return [];
  }
  const want = opts.quick ? 20_000 : 1_000_000;
  const schema = opts.quick ? `bench_${process.pid}_${Date.now()}` : 'bench_orders_1m';
  await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const dbh = connect({ url });
  const raw = new pg.Client({ connectionString: url });
  try {
    await migrateToLatest(dbh.db);
    const have = Number((await dbh.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    if (have < want * 0.99) {
      console.log(`  [pg orders] seeding ${want.toLocaleString('en-IN')} orders into schema ${schema} (once)…`);
      const base = Math.min(want, SEED_BATCH);
      if (have < base) {
        await admin.query(`DROP SCHEMA ${schema} CASCADE; CREATE SCHEMA ${schema}`);
        await migrateToLatest(dbh.db);
        await seed(dbh, { orders: base, pincodes: false });
      }
      // An interrupted run left whole copies (each is one transaction): go on from there.
      if (want > base) await replicateOrders(admin, schema, base, want, Math.max(1, Math.floor(have / base)));
      // What autovacuum does to a table that stopped growing: statistics, and the visibility map
      // without which the capped counts (index-only scans) read every matching order's page.
      for (const t of ['orders', 'order_items', 'order_status_counts']) await admin.query(`VACUUM (ANALYZE) ${schema}.${t}`);
      await admin.query(`SET search_path = ${schema}; ANALYZE; RESET search_path`);
    }
    const app = createApp({ dbh, logger: pino({ level: 'silent' }), config: { dataDir: path.join(os.tmpdir(), 'sd-bench-data') } });
    const agents = { seller: await signInDemo(app, 'seller'), warehouse: await signInDemo(app, 'warehouse'), admin: await signInDemo(app, 'admin') };
    const all = await agents.warehouse.json('/api/auth/session');
    await agents.warehouse.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: all.body.companyData.map((c: { id: string }) => c.id) } });
    const list = scenarios();
    for (const s of list) await walk(agents[s.who], s, null, 3);
    const times: number[] = [];
    const firstPages: number[] = [];
    const perScenario: { s: Scenario; p95: number }[] = [];
    for (const s of list) {
      const own: number[] = [];
      await walk(agents[s.who], s, own, opts.quick ? 10 : PAGES);
      times.push(...own);
      firstPages.push(own[0]);
      perScenario.push({ s, p95: quantile(own, 0.95) });
    }
    // The slowest scenarios, so that a reader sees where the tail comes from.
    const slowest = perScenario.sort((a, b) => b.p95 - a.p95).slice(0, 5)
      .map(({ s, p95 }) => `${s.who} ${s.tab} ${s.sortField} ${JSON.stringify(s.filter)} ${round(p95, 1)} ms`).join('; ');

    await raw.connect();
    const company = DEMO_COMPANIES[0].id;
    const cols = 'id, company_id, warehouse_id, shop_order_id, external_order_id, status, shop_type, order_type, payment_mode, total_paise, tracking_number, shipper, customer_name, customer_phone, shipping_city, shipping_state, shipping_pincode, remittance_status, created_at, updated_at';
    type Row = { id: string; created_at: string };
    const q = async <R,>(name: string, text: string, values: unknown[]) => (await raw.query<R & pg.QueryResultRow>({ name, text, values })).rows;
    const rawPage = async (last: Row | undefined) => {
      const rows = last
        ? await q<Row>('next', `SELECT ${cols} FROM orders WHERE company_id = $1 AND (created_at, id) < ($2, $3) ORDER BY created_at DESC, id DESC LIMIT ${PAGE_SIZE + 1}`, [company, last.created_at, last.id])
        : await q<Row>('first', `SELECT ${cols} FROM orders WHERE company_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${PAGE_SIZE + 1}`, [company]);
      await q('items', 'SELECT id, order_id, title, sku, quantity, catalogue_id FROM order_items WHERE order_id = ANY($1)', [rows.slice(0, PAGE_SIZE).map((r) => r.id)]);
      await q('counts', 'SELECT status, sum(count) AS n FROM order_status_counts WHERE company_id = $1 GROUP BY status', [company]);
      await q('missed', 'SELECT count(*) AS n FROM missed_orders WHERE company_id = $1', [company]);
      await q('requests', "SELECT count(*) AS n FROM customer_requests WHERE status = 'OPEN' AND company_id = $1", [company]);
      return rows;
    };
    const base: Scenario = { who: 'seller', tab: 'all', sortField: 'id', sortOrder: 'DESC', filter: {} };
    const pages = opts.quick ? 10 : PAGES;
    const apiT: number[] = [];
    const rawT: number[] = [];
    for (let i = 0; i < 5; i++) {
      await walk(agents.seller, base, apiT, pages);
      let last: Row | undefined;
      for (let p = 0; p < pages; p++) {
        const t = performance.now();
        const rows = await rawPage(last);
        rawT.push(performance.now() - t);
        last = rows[PAGE_SIZE - 1];
        if (!last) break;
      }
    }
    const api50 = quantile(apiT, 0.5);
    const raw50 = quantile(rawT, 0.5);
    const n = Math.max(have, want).toLocaleString('en-IN');
    return [
      { name: 'pg.orders.list.p95_ms', value: round(quantile(times, 0.95), 2), unit: 'ms', reference: round(quantile(rawT, 0.95), 3), ratio: round(quantile(times, 0.95) / quantile(rawT, 0.95), 1), data: `PostgreSQL, ${n} orders, ${list.length} scenarios, ${times.length} page requests; p50 ${round(quantile(times, 0.5), 2)} ms; goal < 10 ms (full run); a filter's capped counts (currentCount and the walk's per-arm counts) are remembered between the pages of a walk until the next write (db/orders/count-memo.ts: keyed by the sync version, at most 10 s), so each walk's first page counts afresh: first pages p50 ${round(quantile(firstPages, 0.5), 2)} ms, p95 ${round(quantile(firstPages, 0.95), 2)} ms; slowest scenarios by their p95: ${slowest}` },
      { name: 'pg.orders.list.ratio_to_raw', value: round(api50 / raw50, 2), unit: 'x', reference: round(raw50, 3), ratio: round(api50 / raw50, 2), data: `median page: API ${round(api50, 3)} ms vs named prepared statements ${round(raw50, 3)} ms (rows, items, status/missed/request counts; seller, All, newest first, ${pages} pages x 5; these pages' counts come from order_status_counts on every page, nothing remembered, as in the reference); ${n} orders; goal <= 2` },
    ];
  } finally {
    await raw.end().catch(() => undefined);
    await dbh.destroy();
    if (opts.quick) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
