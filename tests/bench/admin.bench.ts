/**
 * Admin delivery-orders list benchmark: the pages an admin uses (the first 20
 * pages of the list with its filters and sorts, the capped count included)
 * through the whole API (`app.request()`: session, role guard, validation,
 * count, page, JSON), and the same pages from hand-written prepared
 * better-sqlite3 statements on the same database as the reference (the page's
 * rows with driver and company, and the capped count), checked page by page to
 * be what the API returns.
 *
 * Then the rule for a raw SQLite statement (it stays only where it is at least
 * 1.5x faster than its Kysely twin): the list's own read, the page as JSON built
 * by SQLite (deliveryListJson) against the Kysely read serialised
 * (JSON.stringify(deliveryList), PostgreSQL's path), every scenario and page,
 * checked byte for byte to be the same answer.
 *
 * Data: --quick puts 50,000 delivery orders into a temporary file; the full run
 * uses data/bench-admin.db with 1,000,000 delivery orders, building it first
 * when it is missing or short.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { connect, type DbHandle } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { DEMO_COMPANIES, isSeeded, seed, SEED_ANCHOR } from '../../db/seed';
import { DELIVERY_COUNT_CAP, DELIVERY_STATUSES, deliveryListQuerySchema } from '../../domain/delivery';
import { createApp } from '../../edge-api/app';
import { deliveryList, deliveryListJson } from '../../edge-api/services/admin/reads';
import { signInDemo, type Agent } from '../api/helpers';
import { percentile } from './stats';

type BenchResult = { name: string; value: number; unit: string; reference?: number; ratio?: number; data: string };

const PAGES = 20;
const RECORDS = 50;
const round = (n: number, d = 2) => Number(n.toFixed(d));

/** Tops the delivery orders up to `want` rows with a prepared insert in one transaction. */
function fillDeliveryOrders(dbh: DbHandle, want: number, log: (s: string) => void) {
  const sqlite = dbh.sqlite!;
  const have = (sqlite.prepare('SELECT count(*) AS n FROM delivery_orders').get() as { n: number }).n;
  if (have >= want) return 0;
  const drivers = (sqlite.prepare('SELECT id FROM drivers').all() as { id: string }[]).map((d) => d.id);
  log(`adding ${(want - have).toLocaleString('en-IN')} delivery orders…`);
  const ins = sqlite.prepare(
    `INSERT INTO delivery_orders (awb, company_id, order_status, attempt, otp, payment_method, total_paise, customer_address, driver_id, pod_url, shipping_label_url, created_at, updated_at, version)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?, 0)`,
  );
  const cities = [['Mumbai', 'Maharashtra', '400001'], ['Pune', 'Maharashtra', '411001'], ['Bengaluru', 'Karnataka', '560001'], ['New Delhi', 'Delhi', '110001'], ['Chennai', 'Tamil Nadu', '600001']];
  const t0 = performance.now();
  sqlite.exec('BEGIN');
  for (let i = have; i < want; i++) {
    const st = DELIVERY_STATUSES[(i * 7) % DELIVERY_STATUSES.length];
    const at = new Date(SEED_ANCHOR - (want - i) * 30_000).toISOString();
    const [city, state, pincode] = cities[i % cities.length];
    const driver = ['ASSIGNED', 'OUT_FOR_DELIVERY', 'DELIVERED', 'UNATTEMPTED', 'UNDELIVERED'].includes(st) ? drivers[i % drivers.length] : null;
    ins.run(
      `BM${String(i).padStart(9, '0')}`, DEMO_COMPANIES[i % DEMO_COMPANIES.length].id, st, st === 'UNDELIVERED' ? 1 : 0, String(1000 + (i % 9000)),
      i % 2 ? 'prepaid' : 'cod', 19_900 + (i % 400) * 100,
      JSON.stringify({ name: `Customer ${i}`, phone: `9${String(i).padStart(9, '0')}`, addressLine1: `${i % 99}, MG Road`, addressLine2: 'Near Park', city, state, pincode }),
      driver, at, at,
    );
  }
  sqlite.exec('COMMIT');
  sqlite.exec('ANALYZE');
  return Math.round((want - have) / ((performance.now() - t0) / 1000));
}

async function openDatabase(quick: boolean, log: (s: string) => void) {
  const want = quick ? 50_000 : 1_000_000;
  const dir = quick ? fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bench-admin-')) : undefined;
  const file = dir ? path.join(dir, 'bench.db') : (process.env.BENCH_ADMIN_DB ?? 'data/bench-admin.db');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const dbh = connect({ file });
  await migrateToLatest(dbh.db);
  if (!(await isSeeded(dbh))) await seed(dbh, { orders: 200, pincodes: false });
  const perSecond = fillDeliveryOrders(dbh, want, log);
  return { dbh, count: want, perSecond, tmpDir: dir };
}

type Scenario = Record<string, string>;
function scenarios(): Scenario[] {
  const from = new Date(SEED_ANCHOR - 7 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(SEED_ANCHOR).toISOString().slice(0, 10);
  return [
    {},
    { orderStatus: 'DELIVERED' },
    { orderStatus: 'UNDELIVERED,UNATTEMPTED', paymentMethod: 'cod' },
    { paymentMethod: 'prepaid' },
    { company: DEMO_COMPANIES[1].id },
    { start: from, end: to },
    { search: 'BM0000' },
    { by: 'updatedAt', order: 'DESC' },
    { by: 'awb', order: 'ASC' },
    { orderStatus: 'ASSIGNED', by: 'updatedAt', order: 'ASC' },
    // By AWB under a status or company filter (indexes of migration 2026-11-26T0300; seconds each before).
    { orderStatus: 'DELIVERED,UNDELIVERED', by: 'awb', order: 'ASC' },
    { company: DEMO_COMPANIES[2].id, by: 'awb', order: 'DESC' },
  ];
}
const url = (s: Scenario, page: number) => `/api/admin/orders?${new URLSearchParams({ records: String(RECORDS), pageNumber: String(page), ...s })}`;

async function timed(agent: Agent, u: string) {
  const t = performance.now();
  const res = await agent.request(u);
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${u} answered ${res.status}: ${text.slice(0, 200)}`);
  return { ms, body: JSON.parse(text) };
}

export async function benchAdmin(opts: { quick: boolean }): Promise<BenchResult[]> {
  const log = (m: string) => console.log(`  [admin] ${m}`);
  const { dbh, count, perSecond, tmpDir } = await openDatabase(opts.quick, log);
  try {
    const app = createApp({ dbh, logger: pino({ level: 'silent' }), config: { dataDir: path.join(os.tmpdir(), 'sd-bench-data') } });
    const admin = await signInDemo(app, 'admin');
    const list = scenarios();
    // Warm up (JIT, page cache).
    for (const s of list) for (let p = 1; p <= 3; p++) await timed(admin, url(s, p));
    const times: number[] = [];
    for (const s of list) {
      const mine: number[] = [];
      for (let p = 1; p <= PAGES; p++) mine.push((await timed(admin, url(s, p))).ms);
      times.push(...mine);
      if (process.env.BENCH_VERBOSE) log(`${JSON.stringify(s)}: p50 ${round(percentile(mine, 0.5))} p95 ${round(percentile(mine, 0.95))} max ${round(Math.max(...mine))}`);
    }

    // Reference: the unfiltered list, newest first, by hand-written prepared statements.
    const sqlite = dbh.sqlite!;
    const page = sqlite.prepare(
      `SELECT d.awb, d.order_status, d.attempt, d.payment_method, d.total_paise, d.company_id, c.name AS company_name, d.customer_address,
              d.created_at, d.updated_at, d.driver_id, dr.name AS driver_name, dr.phone AS driver_phone
       FROM delivery_orders d LEFT JOIN drivers dr ON dr.id = d.driver_id LEFT JOIN companies c ON c.id = d.company_id
       ORDER BY d.created_at DESC, d.awb DESC LIMIT ? OFFSET ?`,
    );
    const capped = sqlite.prepare('SELECT count(*) AS n FROM (SELECT 1 FROM delivery_orders LIMIT ?)');
    type RawRow = { awb: string; order_status: string; total_paise: number; created_at: string };
    const rawPage = (p: number) => {
      const rows = page.all(RECORDS, (p - 1) * RECORDS) as RawRow[];
      const n = (capped.get(DELIVERY_COUNT_CAP + 1) as { n: number }).n;
      return { rows, count: Math.min(n, DELIVERY_COUNT_CAP) };
    };
    for (let p = 1; p <= PAGES; p++) {
      const api = (await timed(admin, url({}, p))).body;
      const raw = rawPage(p);
      const same = api.orders.length === raw.rows.length && raw.rows.every((r, i) => {
        const o = api.orders[i];
        return o.awb === r.awb && o.orderStatus === r.order_status && o.totalPrice === r.total_paise / 100 && o.createdAt === r.created_at;
      });
      if (!same || api.currentCount !== raw.count) throw new Error(`reference differs from the API on page ${p}`);
    }
    const apiT: number[] = [];
    const rawT: number[] = [];
    for (let i = 0; i < 5; i++) {
      for (let p = 1; p <= PAGES; p++) apiT.push((await timed(admin, url({}, p))).ms);
      for (let p = 1; p <= PAGES; p++) {
        const t = performance.now();
        rawPage(p);
        rawT.push(performance.now() - t);
      }
    }
    // The raw SQLite path against its Kysely twin, the same pages alternately.
    const queries = list.flatMap((s) => Array.from({ length: PAGES }, (_, i) => deliveryListQuerySchema.parse({ ...s, records: String(RECORDS), pageNumber: String(i + 1) })));
    for (const q of queries) {
      if ((await deliveryListJson(dbh, q)) !== JSON.stringify(await deliveryList(dbh, q))) throw new Error(`the JSON path differs from the Kysely path for ${JSON.stringify(q)}`);
    }
    const jsonT: number[] = [];
    const kyselyT: number[] = [];
    for (let i = 0; i < 3; i++) {
      for (const q of queries) {
        let t = performance.now();
        await deliveryListJson(dbh, q);
        jsonT.push(performance.now() - t);
        t = performance.now();
        JSON.stringify(await deliveryList(dbh, q));
        kyselyT.push(performance.now() - t);
      }
    }
    const json50 = percentile(jsonT, 0.5);
    const kysely50 = percentile(kyselyT, 0.5);

    const p95 = percentile(times, 0.95);
    const api50 = percentile(apiT, 0.5);
    const raw50 = percentile(rawT, 0.5);
    const data = `${count.toLocaleString('en-IN')} delivery orders, ${list.length} scenarios (filters × sorts) × ${PAGES} pages of ${RECORDS}, ${times.length} requests`;
    return [
      {
        name: 'admin.delivery_list_p95_ms', value: round(p95), unit: 'ms', reference: round(percentile(rawT, 0.95), 3), ratio: round(p95 / percentile(rawT, 0.95), 1),
        data: `${data}; p50 ${round(percentile(times, 0.5))} ms, max ${round(Math.max(...times))} ms${perSecond ? `; built at ${perSecond.toLocaleString('en-IN')} rows/s` : ''}`,
      },
      {
        name: 'admin.delivery_list_ratio_to_raw', value: round(api50 / raw50, 1), unit: 'x', reference: round(raw50, 3), ratio: round(api50 / raw50, 1),
        data: `median page: API ${round(api50, 3)} ms vs prepared statements ${round(raw50, 3)} ms (rows with driver and company, capped count; unfiltered, newest first, ${PAGES} pages × 5); ${count.toLocaleString('en-IN')} delivery orders`,
      },
      {
        name: 'admin.delivery_list_json_speedup', value: round(kysely50 / json50, 2), unit: 'x', reference: round(json50, 3), ratio: round(kysely50 / json50, 2),
        data: `the list's read, SQLite's JSON statements vs the Kysely read serialised: median ${round(json50, 3)} vs ${round(kysely50, 3)} ms, p95 ${round(percentile(jsonT, 0.95), 3)} vs ${round(percentile(kyselyT, 0.95), 3)} ms (${queries.length} pages × 3, the same bytes); ${count.toLocaleString('en-IN')} delivery orders`,
      },
    ];
  } finally {
    await dbh.destroy();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}
