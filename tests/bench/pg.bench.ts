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
import type { PushResponse } from '../../sync/protocol';
import { signInDemo } from '../api/helpers';
import type { BenchResult } from './floor.bench';

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
      const createdAt = new Date().toISOString();
      const scans = (list: typeof orders) => list.flatMap((o) => Array.from({ length: o.units }, () => ({ awb: o.shopOrderId, orderId: o.id, wsin: o.wsin })));
      const commands = scans(orders.slice(0, 100)).map((args, i) => ({ seq: i + 1, name: 'pack.scan', args, createdAt }));
      const clientId = `bench-${Date.now()}`;
      await agent.json('/api/sync/push', { method: 'POST', body: { clientId: `${clientId}-warm`, schemaVersion: 1, commands: commands.slice(0, 20) } });
      const batches: number[] = [];
      const start = performance.now();
      for (let i = 0; i < commands.length; i += 100) {
        const t = performance.now();
        const res = await agent.json<PushResponse>('/api/sync/push', { method: 'POST', body: { clientId, schemaVersion: 1, commands: commands.slice(i, i + 100) } });
        batches.push(performance.now() - t);
        if (res.status !== 200 || res.body.results.some((r) => r.status !== 'applied')) throw new Error(`push failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      }
      const total = performance.now() - start;

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
