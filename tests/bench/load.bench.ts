/**
 * Mixed load: an open-loop generator sends requests at a
 * fixed rate over up to 200 connections for 60 s (--quick: 10 s), latency taken
 * from each request's scheduled send time: the orders list, opened orders,
 * shipment lookups and sync pushes
 * against one server (edge-api/server.ts over a seeded SQLite file, its own
 * process), and the same traffic against a bare node:http + better-sqlite3
 * server (load-reference.mjs) on a copy of the database. The load generator
 * (load-client.mjs) runs in a process of its own. Reported: requests/s,
 * p50/p95/p99, errors, and lost writes (acknowledged pushes missing from the
 * database). Then a push-only load, the server killed with SIGKILL in its
 * middle and started again: every acknowledged write must be there.
 *
 * Goals: 0 errors, 0 lost writes, p99 under 250 ms, at least 0.5x the reference.
 *
 * Also the orders list and a sync push on PostgreSQL beside the same on SQLite
 * (pg_vs_sqlite.orders.list.p95_ms, pg_vs_sqlite.sync.push_1000_ms; the pg.* figures
 * against PostgreSQL's own pace are tests/bench/pg.bench.ts's), when BENCH_PG_URL or
 * DATABASE_URL_TEST names a server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { connect, type DbHandle } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { seedPackingOrders } from '../../db/floor/seed';
import { DEMO_COMPANIES, DEMO_WAREHOUSES, seed } from '../../db/seed';
import { createApp } from '../../edge-api/app';
import type { PushResponse } from '../../sync/protocol';
import { demo, signInDemo } from '../api/helpers';
import { freePort, spawnRunningServer } from '../e2e/server';
import { percentile } from './stats';

type BenchResult = { name: string; value: number; unit: string; reference?: number; ratio?: number; data: string };
type LoadFigures = { requests: number; rps: number; p50: number; p95: number; p99: number; errors: number; errorSamples: string[]; acked: number; byKind: Record<string, { n: number; p95: number }> };

const CLIENTS = 200;
/** The generator's fixed arrival rate (open loop), the same for the app and the reference. */
const RATE = 100;
const MIX = { list: 4, open: 3, track: 2, push: 1 };
const round = (n: number, d = 2) => Number(n.toFixed(d));
const C0 = DEMO_COMPANIES[0].id;
const W0 = DEMO_WAREHOUSES[0].id;

/** A helper process (the reference server) started and waited for until it prints `ready`. */
function spawnProcess(args: string[], env: Record<string, string>, ready: string): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start:\n${output}`)), 120_000);
    child.stdout!.on('data', () => output.includes(ready) && (clearTimeout(timer), resolve({ child, output: () => output })));
    child.on('exit', (code) => (clearTimeout(timer), reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

async function startApp(file: string, dir: string) {
  return spawnRunningServer({
    SQLITE_FILE: file, DATA_DIR: dir, DATABASE_URL: '', SEED: '0', LOG_LEVEL: 'warn', NODE_ENV: '',
    // the 200 simulated clients share one loopback address: the public lookup's budget per client is off
    PUBLIC_LOOKUP_BUDGET: '0',
  }, { timeoutMs: 120_000 });
}

async function startReference(file: string) {
  const port = await freePort();
  const p = await spawnProcess(['tests/bench/load-reference.mjs', file, String(port)], {}, 'ready');
  return { url: `http://127.0.0.1:${port}`, child: p.child };
}

export async function signInHttp(base: string, role: 'seller' | 'warehouse') {
  const d = demo(role);
  const a = await fetch(`${base}/api/auth/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: d.email, password: d.password, appType: d.appType }) });
  const { oauthCode, xsrfToken } = (await a.json()) as { oauthCode: string; xsrfToken: string };
  const l = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrfToken }, body: JSON.stringify({ oauthCode }) });
  if (l.status !== 200) throw new Error(`sign-in of ${role} failed: ${l.status}`);
  return { cookie: (l.headers.get('set-cookie') ?? '').split(';')[0], xsrf: xsrfToken };
}

/** Runs load-client.mjs in its own process; answers its figures and the acknowledged writes. */
export async function generate(dir: string, cfg: Record<string, unknown>, name: string): Promise<LoadFigures & { ackedRemarks: string[] }> {
  const cfgFile = path.join(dir, `${name}.json`);
  const ackFile = path.join(dir, `${name}.acks`);
  fs.writeFileSync(cfgFile, JSON.stringify({ ...cfg, ackFile, devicePrefix: `${name}-${Date.now()}` }));
  const child = spawn(process.execPath, ['tests/bench/load-client.mjs', cfgFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`load generator exited with ${code}: ${out}`);
  const raw = JSON.parse(out.trim().split('\n').pop()!) as { seconds: number; latencies: number[]; byKind: Record<string, number[]>; errors: number; errorSamples: string[]; acked: number };
  const ms = (q: number, xs = raw.latencies) => (xs.length ? round(percentile(xs, q), 1) : 0);
  const figures: LoadFigures = {
    requests: raw.latencies.length, rps: Math.round((raw.latencies.length - raw.errors) / raw.seconds), p50: ms(0.5), p95: ms(0.95), p99: ms(0.99),
    errors: raw.errors, errorSamples: raw.errorSamples, acked: raw.acked,
    byKind: Object.fromEntries(Object.entries(raw.byKind).map(([k, xs]) => [k, { n: xs.length, p95: ms(0.95, xs) }])),
  };
  const ackedRemarks = fs.readFileSync(ackFile, 'utf8').split('\n').filter(Boolean);
  return { ...figures, ackedRemarks };
}

/** Acknowledged pushes whose inventory trail row is not in the database file. */
function lostWrites(file: string, remarks: string[]): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const found = new Set<string>();
    const stmt = db.prepare('SELECT remarks FROM inventory_trail WHERE remarks = ?');
    for (const r of remarks) if (stmt.get(r)) found.add(r);
    return remarks.length - found.size;
  } finally {
    db.close();
  }
}

export async function benchLoad(opts: { quick: boolean }): Promise<BenchResult[]> {
  const seconds = opts.quick ? 10 : 60;
  const orders = opts.quick ? 5_000 : 30_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bench-load-'));
  const file = path.join(dir, 'app.db');
  const refFile = path.join(dir, 'ref.db');
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  let ref: Awaited<ReturnType<typeof startReference>> | undefined;
  try {
    const h = connect({ file });
    await migrateToLatest(h.db);
    await seed(h, { orders });
    const orderIds = (await h.db.selectFrom('orders').select('id').where('company_id', '=', C0).orderBy('id', 'desc').limit(500).execute()).map((o) => o.id);
    const awbs = (await h.db.selectFrom('orders').select('tracking_number').where('tracking_number', 'is not', null).orderBy('id').limit(500).execute()).map((o) => o.tracking_number!);
    const stock = await h.db.selectFrom('inventory').select('wsin').where('warehouse_id', '=', W0).where('company_id', '=', C0).orderBy('wsin').executeTakeFirstOrThrow();
    await h.destroy();

    app = await startApp(file, dir);
    const base = { clients: CLIENTS, rate: RATE, mix: MIX, orderIds, awbs, pushKey: { warehouseId: W0, companyId: C0, wsin: stock.wsin } };
    const users = { seller: await signInHttp(app.url, 'seller'), warehouse: await signInHttp(app.url, 'warehouse') };
    const appCfg = { ...base, base: app.url, ...users };
    // The reference works on a copy taken now: the same data and sessions, before any load.
    const snapshot = new Database(file, { readonly: true });
    await snapshot.backup(refFile);
    snapshot.close();
    await generate(dir, { ...appCfg, seconds: 2 }, 'warm-app');
    const loaded = await generate(dir, { ...appCfg, seconds }, 'app');
    const lost = lostWrites(file, loaded.ackedRemarks);

    ref = await startReference(refFile);
    const refCfg = { ...base, base: ref.url, ...users };
    await generate(dir, { ...refCfg, seconds: 2 }, 'warm-ref');
    const bare = await generate(dir, { ...refCfg, seconds }, 'ref');
    ref.child.kill('SIGTERM');
    const refLost = lostWrites(refFile, bare.ackedRemarks);

    // Kill in the middle of a write load, start again, look for every acknowledged write.
    const killAfter = opts.quick ? 2500 : 5000;
    const killed = generate(dir, { ...appCfg, seconds: (killAfter * 2) / 1000, mix: { list: 0, open: 0, track: 0, push: 1 } }, 'kill');
    await new Promise((r) => setTimeout(r, killAfter));
    app.child.kill('SIGKILL');
    const crash = await killed;
    app = await startApp(file, dir);
    const lostOnKill = lostWrites(file, crash.ackedRemarks);

    const data = `open loop: ${RATE} requests/s offered over at most ${CLIENTS} connections for ${seconds} s, latency from each request's scheduled send time (queueing included), mix list:open:track:push = ${MIX.list}:${MIX.open}:${MIX.track}:${MIX.push}, ${orders} orders (SQLite file), generator in its own process, loopback; ` +
      `p95 by kind ${Object.entries(loaded.byKind).map(([k, v]) => `${k} ${v.p95} ms (${v.n})`).join(', ')}; reference: node:http + better-sqlite3 doing the same reads and writes (session lookup included)`;
    const goals = `goals: 0 errors, 0 lost writes, p99 < 250 ms, ratio >= 0.5`;
    return [
      { name: 'load.requests_per_s', value: loaded.rps, unit: 'req/s', reference: bare.rps, ratio: round(loaded.rps / bare.rps, 3), data: `${data}; ${goals}` },
      { name: 'load.ratio_to_reference', value: round(loaded.rps / bare.rps, 3), unit: 'x', data: `${data}; goal >= 0.5` },
      { name: 'load.p50_ms', value: loaded.p50, unit: 'ms', reference: bare.p50, data },
      { name: 'load.p95_ms', value: loaded.p95, unit: 'ms', reference: bare.p95, data },
      { name: 'load.p99_ms', value: loaded.p99, unit: 'ms', reference: bare.p99, data: `${data}; goal < 250 ms` },
      { name: 'load.errors', value: loaded.errors, unit: 'count', reference: bare.errors, data: `${data}; of ${loaded.requests} requests${loaded.errorSamples.length ? `; e.g. ${loaded.errorSamples.join(' | ')}` : ''}` },
      {
        name: 'load.lost_writes', value: lost + lostOnKill, unit: 'count', reference: refLost,
        data: `${loaded.acked} pushes acknowledged under load, ${lost} missing; then a push-only load with the server killed (SIGKILL) after ${killAfter / 1000} s and started again: ${crash.acked} acknowledged, ${lostOnKill} missing`,
      },
    ];
  } finally {
    app?.child.kill('SIGTERM');
    ref?.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------
// PostgreSQL beside SQLite: the orders list and a sync push, in-process
// ---------------------------------------------------------------------------

async function listAndPush(dbh: DbHandle, dir: string, quick: boolean) {
  const app = createApp({ dbh, logger: pino({ level: 'silent' }), config: { dataDir: dir } });
  const seller = await signInDemo(app, 'seller');
  const times: number[] = [];
  const sorts = ['id', 'updatedAt'];
  for (let i = 0; i < (quick ? 100 : 400); i++) {
    const url = `/api/orders?page=${1 + (i % 20)}&pageSize=50&sortField=${sorts[i % 2]}&sortOrder=${i % 3 ? 'DESC' : 'ASC'}`;
    const t = performance.now();
    const res = await seller.request(url);
    await res.text();
    if (i >= 10) times.push(performance.now() - t); // the first ten warm the caches
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  }
  const wh = await signInDemo(app, 'warehouse');
  const packing = await seedPackingOrders(dbh.db, { companyId: C0, warehouseId: W0, count: 100, units: 10, prefix: `PG${dbh.dialect[0]}` });
  const createdAt = new Date().toISOString();
  const commands = packing.flatMap((o) => Array.from({ length: o.units }, () => ({ awb: o.shopOrderId, orderId: o.id, wsin: o.wsin }))).map((args, i) => ({ seq: i + 1, name: 'pack.scan', args, createdAt }));
  const clientId = `bench-${dbh.dialect}-${Date.now()}`;
  const start = performance.now();
  for (let i = 0; i < commands.length; i += 100) {
    const r = await wh.json<PushResponse>('/api/sync/push', { method: 'POST', body: { clientId, schemaVersion: 1, commands: commands.slice(i, i + 100) } });
    if (r.status !== 200 || r.body.results.some((x) => x.status !== 'applied')) throw new Error(`push failed on ${dbh.dialect}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
  }
  const push = performance.now() - start;
  return { p95: percentile(times, 0.95), p50: percentile(times, 0.5), push };
}

export async function benchPostgres(opts: { quick: boolean }): Promise<BenchResult[]> {
  const url = process.env.BENCH_PG_URL ?? process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
  const { default: pg } = await import('pg');
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
  } catch {
    console.log(`  (no PostgreSQL at ${url.replace(/\/\/[^@]*@/, '//')}: set BENCH_PG_URL to measure pg.* figures)`);
    return [];
  }
  const orders = opts.quick ? 5_000 : 50_000;
  const schema = `bench_pg_${process.pid}`;
  await probe.query(`CREATE SCHEMA ${schema}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bench-pg-'));
  const pgh = connect({ url: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` });
  const lite = connect({ file: path.join(dir, 'app.db') });
  try {
    const figures: Record<string, Awaited<ReturnType<typeof listAndPush>>> = {};
    for (const h of [lite, pgh]) {
      await migrateToLatest(h.db);
      await seed(h, { orders, pincodes: false });
      figures[h.dialect] = await listAndPush(h, dir, opts.quick);
    }
    const { sqlite: s, postgres: p } = figures;
    const data = `${orders} orders; list: pages 1-20 of 50, two sorts, in-process app.request(); push: 1,000 pack.scan commands in 10 batches; reference: the same on a SQLite file`;
    return [
      { name: 'pg_vs_sqlite.orders.list.p95_ms', value: round(p.p95), unit: 'ms', reference: round(s.p95), ratio: round(p.p95 / s.p95), data: `${data}; p50 ${round(p.p50)} ms (SQLite ${round(s.p50)} ms)` },
      { name: 'pg_vs_sqlite.sync.push_1000_ms', value: round(p.push), unit: 'ms', reference: round(s.push), ratio: round(p.push / s.push), data },
    ];
  } finally {
    await pgh.destroy();
    await lite.destroy();
    await probe.query(`DROP SCHEMA ${schema} CASCADE`);
    await probe.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
