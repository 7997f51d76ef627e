/**
 * Several API processes on one PostgreSQL (skipped with a note when no
 * PostgreSQL answers at DATABASE_URL_TEST or postgres://postgres@127.0.0.1:5432/test).
 *
 * 1, 2 and 4 processes of edge-api/server.ts share one database (a database
 * of its own, dropped afterwards); the open-loop generator (load-client.mjs,
 * its own process) sends writes at a fixed arrival rate, round-robin over the
 * processes as a local balancer would (a process that refuses connections
 * leaves the rotation). Each write is a sync push of one inventory.inbound
 * command from one of 200 devices (a device resends a seq until it is
 * acknowledged, as the app does). Then the 2-process run again with one
 * process killed (SIGKILL) half way through.
 *
 *  - pg.nodes.writes_per_s.n1/.n2/.n4: answered writes per second over the
 *    generator's wall time (sending, then waiting for the last answers) at the
 *    offered rate (in the figure's data: a figure below it means the
 *    processes could not keep up).
 *  - pg.nodes.p99_ms: the 99th percentile latency of the 2-process run,
 *    from each request's scheduled send time (queueing counts).
 *  - pg.nodes.lost: acknowledged writes missing from the database, over every
 *    run including the kill; pg.nodes.duplicated: writes stored more than once.
 *    Both must be 0.
 *  - With PgBouncer installed (/usr/sbin/pgbouncer), the 2-process run again
 *    through it in transaction mode: pg.nodes.pgbouncer.writes_per_s.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { DEMO_WAREHOUSES, seed } from '../../db/seed';
import { freePort, spawnRunningServer } from '../e2e/server';
import { generate, signInHttp } from './load.bench';

type BenchResult = { name: string; value: number; unit: string; reference?: number; ratio?: number; data: string };

const PG_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const PGBOUNCER = '/usr/sbin/pgbouncer';
const CLIENTS = 200;
const W0 = DEMO_WAREHOUSES[0].id;
const KEY = 'pg-nodes-bench-signing-key-0123456789abcdef';

const withDb = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

async function startNode(dbUrl: string, dir: string, name: string) {
  return spawnRunningServer({
    DATABASE_URL: dbUrl, SQLITE_FILE: '', DATA_DIR: path.join(dir, name), SIGNING_KEY: KEY,
    SEED: '0', LOG_LEVEL: 'warn', NODE_ENV: '', PG_POOL_MAX: '5', PUBLIC_LOOKUP_BUDGET: '0', TRUST_PROXY: '127.0.0.1',
  }, { timeoutMs: 120_000 });
}

/** PgBouncer in transaction mode in front of `db`, on a port of its own; null when it is not installed. */
async function startPgBouncer(dir: string, db: string): Promise<{ url: string; child: ChildProcess } | null> {
  if (!fs.existsSync(PGBOUNCER)) return null;
  const port = await freePort();
  const target = new URL(PG_URL);
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(ini, [
    '[databases]',
    `${db} = host=${target.hostname} port=${target.port || 5432} dbname=${db} user=${target.username || 'postgres'}`,
    '[pgbouncer]',
    `listen_addr = 127.0.0.1`, `listen_port = ${port}`, 'auth_type = trust', `auth_file = ${path.join(dir, 'users.txt')}`,
    'pool_mode = transaction', 'default_pool_size = 10', 'max_client_conn = 200', `unix_socket_dir =`, `logfile = ${path.join(dir, 'pgbouncer.log')}`,
    `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
  ].join('\n'));
  fs.writeFileSync(path.join(dir, 'users.txt'), `"${target.username || 'postgres'}" ""\n`);
  // It refuses to run as root: then it runs as the postgres account, which must read and write its files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) for (const f of [dir, ini, path.join(dir, 'users.txt')]) fs.chmodSync(f, f === dir ? 0o777 : 0o644);
  const child = spawn(PGBOUNCER, asRoot ? ['-u', 'postgres', ini] : [ini], { stdio: 'ignore' });
  // Ready when it accepts a connection.
  for (let i = 0; i < 50; i++) {
    const c = new pg.Client({ connectionString: `postgres://${target.username || 'postgres'}@127.0.0.1:${port}/${db}` });
    try {
      await c.connect();
      await c.query('SELECT 1');
      await c.end();
      return { url: `postgres://${target.username || 'postgres'}@127.0.0.1:${port}/${db}`, child };
    } catch {
      await c.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill('SIGTERM');
  throw new Error('PgBouncer did not start');
}

export async function benchPgNodes(opts: { quick: boolean }): Promise<BenchResult[]> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    console.warn(`  PostgreSQL at ${PG_URL} is not reachable: no pg.nodes figures`);
    return [];
  }
  const seconds = opts.quick ? 8 : 30;
  const rate = opts.quick ? 150 : 300;
  const db = `bench_nodes_${process.pid}_${Date.now()}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bench-nodes-'));
  const dbUrl = withDb(PG_URL, db);
  await admin.query(`CREATE DATABASE ${db}`);
  const nodes: { url: string; child: ChildProcess }[] = [];
  let bouncer: { url: string; child: ChildProcess } | null = null;
  const h = connect({ url: dbUrl });
  try {
    await migrateToLatest(h.db);
    await seed(h, { orders: 500, pincodes: false });
    // Each device writes a stock row of its own where there are enough (no one hot row: what is measured is the shared path).
    const stock = await h.db.selectFrom('inventory').select(['wsin', 'company_id', 'warehouse_id']).where('warehouse_id', '=', W0).orderBy('wsin').limit(CLIENTS).execute();
    const pushKeys = stock.map((s) => ({ warehouseId: s.warehouse_id, companyId: s.company_id, wsin: s.wsin }));
    const base = { rate, seconds, clients: CLIENTS, mix: { list: 0, open: 0, track: 0, push: 1 }, pushKeys, orderIds: [], awbs: [] };

    const acked: string[] = [];
    const runs: Record<string, { rps: number; p99: number; errors: number; acked: number; samples: string[] }> = {};
    const run = async (name: string, count: number, dbFor: string, kill = false) => {
      while (nodes.length) nodes.pop()!.child.kill('SIGTERM');
      for (let i = 0; i < count; i++) nodes.push(await startNode(dbFor, dir, `${name}-${i}`));
      const warehouse = await signInHttp(nodes[0].url, 'warehouse');
      // Warm each process up (its first requests load and compile the routes) before the clock starts.
      for (const [i, node] of nodes.entries()) {
        const clientId = `warm-${name}-${i}-${Date.now()}`;
        for (let seq = 1; seq <= 30; seq++) {
          const command = { seq, name: 'inventory.inbound', createdAt: new Date().toISOString(), args: { ...pushKeys[0], accepted: 1, rejected: 0, remarks: `warm ${seq}` } };
          await fetch(`${node.url}/api/sync/push`, { method: 'POST', headers: { cookie: warehouse.cookie, 'x-xsrf-token': warehouse.xsrf, 'content-type': 'application/json' }, body: JSON.stringify({ clientId, schemaVersion: 1, commands: [command] }) });
        }
      }
      const killer = kill ? setTimeout(() => nodes[0].child.kill('SIGKILL'), (seconds * 1000) / 2) : undefined;
      const out = await generate(dir, { ...base, bases: nodes.map((n) => n.url), warehouse, seller: warehouse }, name);
      clearTimeout(killer);
      acked.push(...out.ackedRemarks);
      // Over the generator's wall time (sending plus waiting for the last answers), not the sending window.
      runs[name] = { rps: out.rps, p99: out.p99, errors: out.errors, acked: out.acked, samples: out.errorSamples };
    };
    await run('n1', 1, dbUrl);
    await run('n2', 2, dbUrl);
    await run('n4', 4, dbUrl);
    await run('kill', 2, dbUrl, true);
    bouncer = await startPgBouncer(dir, db).catch((e: Error) => (console.warn(`  PgBouncer: ${e.message}`), null));
    if (bouncer) await run('pgbouncer', 2, bouncer.url);

    // Every acknowledged write once in the inventory trail (its remarks name the device and seq).
    const rows = await h.db.selectFrom('inventory_trail').select('remarks').where('remarks', 'like', '%:%').execute();
    const counts = new Map<string, number>();
    const ours = /^(n1|n2|n4|kill|pgbouncer)-\d+-\d+:\d+$/; // the generator's remarks: <run>-<time>-<device>:<seq>
    for (const r of rows) if (r.remarks && ours.test(r.remarks)) counts.set(r.remarks, (counts.get(r.remarks) ?? 0) + 1);
    const lost = acked.filter((r) => !counts.has(r)).length;
    const duplicated = [...counts.values()].filter((n) => n > 1).length;
    const note = (r: (typeof runs)[string]) => `${r.acked} acknowledged (sent over ${seconds} s), ${r.errors} errors${r.samples.length ? ` (e.g. ${r.samples[0]})` : ''}`;
    const offered = `offered ${rate} writes/s (sync pushes of one inventory.inbound, ${CLIENTS} devices over ${pushKeys.length} stock rows), open loop`;
    const out: BenchResult[] = [
      ...(['n1', 'n2', 'n4'] as const).map((n) => ({
        name: `pg.nodes.writes_per_s.${n}`, value: Math.round(runs[n].rps), unit: 'writes/s',
        data: `${n.slice(1)} API process(es) round-robin on one PostgreSQL; ${offered}; p99 ${runs[n].p99} ms; ${note(runs[n])}`,
      })),
      { name: 'pg.nodes.p99_ms', value: runs.n2.p99, unit: 'ms', data: `2 processes, ${offered}; 1 process: ${runs.n1.p99} ms, 4: ${runs.n4.p99} ms; with one of 2 killed half way: ${runs.kill.p99} ms` },
      { name: 'pg.nodes.lost', value: lost, unit: 'writes', data: `acknowledged writes missing from the database over all runs (${acked.length} acknowledged), the SIGKILL run included (${note(runs.kill)}); goal 0` },
      { name: 'pg.nodes.duplicated', value: duplicated, unit: 'writes', data: `writes stored more than once over all runs; goal 0` },
    ];
    if (runs.pgbouncer) out.push({ name: 'pg.nodes.pgbouncer.writes_per_s', value: Math.round(runs.pgbouncer.rps), unit: 'writes/s', reference: Math.round(runs.n2.rps), data: `2 processes through PgBouncer (transaction pooling, 10 server connections); ${offered}; p99 ${runs.pgbouncer.p99} ms; ${note(runs.pgbouncer)}; reference: 2 processes straight to PostgreSQL` });
    return out;
  } finally {
    for (const n of nodes) n.child.kill('SIGTERM');
    bouncer?.child.kill('SIGTERM');
    await h.destroy();
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch((e: Error) => console.warn(`  could not drop ${db}: ${e.message}`));
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
