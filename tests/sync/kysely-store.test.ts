// The convergence property (see convergence-harness.ts) against the Kysely
// ServerStore: lastSeq in sync_clients, versions from sync_counter, refusals
// in sync_rejections, deletions as sync_tombstones, on SQLite in memory (and
// on PostgreSQL when one is reachable). The fixtures' handlers write generic
// rows kept in a test table through the same transaction.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { sql, type Kysely, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { DexieLocalStore, SyncDexie } from '../../sync/client/dexie-store';
import { MemoryLocalStore } from '../../sync/client/memory-store';
import type { PatchOp, RejectedCommand, SyncScope } from '../../sync/protocol';
import type { ServerStore } from '../../sync/server/apply';
import { KyselyServerStore, type KyselyServerTx, type VersionedOp } from '../../sync/server/kysely-store';
import type { MemoryServerTx } from '../../sync/server/memory-store';
import { dialects } from '../db/dialects';
import { FAULTS, runScenario, scenarioArb, type Seen, type ServerState, type ServerUnderTest } from './convergence-harness';

const KV = 'sync_test_rows';

/** MemoryServerTx's generic rows on a table of their own, through the Kysely transaction. */
class KvTx implements MemoryServerTx {
  private readonly issued = new Set<number>();
  constructor(private readonly inner: KyselyServerTx<any>) {}
  private get db(): Transaction<any> {
    return this.inner.db;
  }
  private stamp(version: number) {
    if (!this.issued.has(version)) throw new Error(`version ${version} was not issued by this transaction's nextVersion()`);
  }
  lastSeq(clientId: string) {
    return this.inner.lastSeq(clientId);
  }
  setLastSeq(clientId: string, seq: number) {
    return this.inner.setLastSeq(clientId, seq);
  }
  async nextVersion() {
    const v = await this.inner.nextVersion();
    this.issued.add(v);
    return v;
  }
  currentVersion() {
    return this.inner.currentVersion();
  }
  recordRejection(clientId: string, rejected: RejectedCommand, version: number) {
    this.stamp(version);
    return this.inner.recordRejection(clientId, rejected, version);
  }
  changesSince(cookie: number | null, scope: SyncScope): Promise<PatchOp[]> {
    return this.inner.changesSince(cookie, scope);
  }
  rejectionsSince(clientId: string, cookie: number | null) {
    return this.inner.rejectionsSince(clientId, cookie);
  }
  async get(table: string, key: string) {
    const row = await this.db.selectFrom(KV).select('value').where('tbl', '=', table).where('key', '=', key).executeTakeFirst();
    return row ? JSON.parse(row.value as string) : undefined;
  }
  async list(table: string) {
    const rows = await this.db.selectFrom(KV).select(['key', 'value']).where('tbl', '=', table).execute();
    return rows.map((r) => ({ key: r.key as string, value: JSON.parse(r.value as string) }));
  }
  async put(table: string, key: string, value: unknown, { companyId, version }: { companyId: string; version: number }) {
    this.stamp(version);
    const row = { tbl: table, key, company_id: companyId, value: JSON.stringify(value), version };
    await this.db
      .insertInto(KV)
      .values(row)
      .onConflict((oc) => oc.columns(['tbl', 'key']).doUpdateSet({ company_id: companyId, value: row.value, version }))
      .execute();
  }
  async del(table: string, key: string, version: number) {
    this.stamp(version);
    const row = await this.db.selectFrom(KV).select('company_id').where('tbl', '=', table).where('key', '=', key).executeTakeFirst();
    if (!row) return;
    await this.db.deleteFrom(KV).where('tbl', '=', table).where('key', '=', key).execute();
    await this.db
      .insertInto('sync_tombstones')
      .values({ tbl: table, row_key: key, company_id: row.company_id, version })
      .onConflict((oc) => oc.columns(['tbl', 'row_key']).doUpdateSet({ company_id: row.company_id as string, version }))
      .execute();
  }
}

async function kvFeed(db: Transaction<any>, cookie: number | null, scope: SyncScope): Promise<VersionedOp[]> {
  let q = db.selectFrom(KV).selectAll().where('company_id', 'in', scope.companyIds);
  if (cookie !== null) q = q.where('version', '>', cookie);
  const rows = await q.execute();
  return rows.map((r) => ({ op: 'put', table: r.tbl, key: r.key, value: JSON.parse(r.value), version: Number(r.version) }));
}

function serverOn(h: DbHandle): ServerUnderTest {
  const kysely = new KyselyServerStore({ db: h.db, dialect: h.dialect, feed: kvFeed });
  const store: ServerStore<MemoryServerTx> = { transaction: (fn) => kysely.transaction((tx) => fn(new KvTx(tx))) };
  const db = h.db as unknown as Kysely<any>;
  return {
    store,
    async inspect(): Promise<ServerState> {
      const version = Number((await db.selectFrom('sync_counter').select('version').where('id', '=', 1).executeTakeFirstOrThrow()).version);
      const live = await db.selectFrom(KV).selectAll().execute();
      const dead = await db.selectFrom('sync_tombstones').selectAll().execute();
      const clients = await db.selectFrom('sync_clients').selectAll().execute();
      const rejections = await db.selectFrom('sync_rejections').selectAll().orderBy('version').execute();
      return {
        version,
        rows: [
          ...live.map((r) => ({ table: r.tbl, key: r.key, companyId: r.company_id, value: JSON.parse(r.value), version: Number(r.version), deleted: false })),
          ...dead.map((r) => ({ table: r.tbl, key: r.row_key, companyId: r.company_id, value: null, version: Number(r.version), deleted: true })),
        ],
        lastSeqs: new Map(clients.map((c) => [c.client_id as string, Number(c.last_seq)])),
        rejections: rejections.map((r) => ({ clientId: r.client_id, seq: Number(r.seq), name: r.name, reason: r.reason, version: Number(r.version) })),
      };
    },
  };
}

async function prepare(h: DbHandle) {
  await migrateToLatest(h.db);
  await (h.db as unknown as Kysely<any>).schema
    .createTable(KV)
    .addColumn('tbl', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${KV}_pk`, ['tbl', 'key'])
    .execute();
}

/** Empties the sync tables between scenarios (a fresh server each time). */
async function reset(h: DbHandle) {
  const db = h.db as unknown as Kysely<any>;
  for (const t of [KV, 'sync_tombstones', 'sync_rejections', 'sync_clients']) await db.deleteFrom(t).execute();
  await db.updateTable('sync_counter').set({ version: 0 }).where('id', '=', 1).execute();
}

const targets = await dialects();

describe.each(targets)('the Kysely ServerStore on $name converges under faults', ({ name, open }) => {
  let h: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    h = name === 'sqlite' ? Object.assign(connect({ file: ':memory:' }), { drop: async () => undefined }) : await open();
    await prepare(h);
  }, 60_000);
  afterAll(async () => {
    await h?.drop();
    if (name === 'sqlite') await h?.destroy();
  });

  it('with the in-memory local store', async () => {
    const seen: Seen = new Map();
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        await reset(h);
        await runScenario(scenario, async () => new MemoryLocalStore(), seen, serverOn(h));
      }),
      { numRuns: name === 'sqlite' ? 120 : 25 },
    );
    if (name === 'sqlite') for (const what of [...FAULTS, 'late delivery', 'reboot']) expect(seen.get(what), what).toBeGreaterThan(10);
    expect(seen.get('set-based run')).toBeGreaterThan(0);
    expect(seen.get('refused')).toBeGreaterThan(0);
  }, 240_000);

  it('with the Dexie local store on fake-indexeddb', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        await reset(h);
        const dbs: SyncDexie[] = [];
        try {
          await runScenario(
            scenario,
            async () => {
              const db = new SyncDexie(`kysely-convergence-${name}-${++n}`);
              dbs.push(db);
              return new DexieLocalStore(db);
            },
            new Map(),
            serverOn(h),
          );
        } finally {
          for (const db of dbs) db.close();
          for (const db of dbs) await db.delete();
        }
      }),
      { numRuns: name === 'sqlite' ? 20 : 8 },
    );
  }, 240_000);

  it('keeps the counter, lastSeq and rejections in the database, not in memory', async () => {
    await reset(h);
    const server = serverOn(h);
    const { applyPush, applyPull } = await import('../../sync/server/apply');
    const { testHandlers } = await import('./fixtures');
    const push = { clientId: 'dev-1', schemaVersion: 1, commands: [
      { seq: 1, name: 'counter.add', args: { counter: 'a', by: 4 }, createdAt: new Date().toISOString() },
      { seq: 2, name: 'counter.add', args: { counter: 'a', by: 20 }, createdAt: new Date().toISOString() },
    ] };
    const first = await applyPush(server.store, push, testHandlers(), {});
    expect(first.response.results.map((r) => r.status)).toEqual(['applied', 'rejected']);
    // A second store over the same database sees the same history: a retry is skipped.
    const again = await applyPush(serverOn(h).store, push, testHandlers(), {});
    expect(again.response).toEqual({ lastSeq: 2, results: [{ seq: 1, status: 'skipped' }, { seq: 2, status: 'skipped' }] });
    const pulled = await applyPull(serverOn(h).store, { clientId: 'dev-1', cookie: null, scope: { companyIds: ['c1'] } });
    expect(pulled.patch).toEqual([{ op: 'put', table: 'counters', key: 'a', value: 4 }]);
    expect(pulled.rejected).toEqual([{ seq: 2, name: 'counter.add', reason: 'Counter a would be 24' }]);
    const state = await server.inspect();
    expect(state.version).toBe(pulled.cookie);
    expect(await sql<{ n: number }>`select count(*) as n from sync_rejections`.execute(h.db).then((r) => Number(r.rows[0].n))).toBe(1);
  });
});
