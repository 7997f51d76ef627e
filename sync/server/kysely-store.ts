// ServerStore on Kysely (SQLite or PostgreSQL): the production binding of
// apply.ts. The app's rows stay in their own tables; a ChangeFeed turns the
// ones changed since a cookie into patch ops.
//
// How the invariants of apply.ts hold here:
//  I1. lastSeq lives in sync_clients. On PostgreSQL a push transaction locks
//      the client's row (SELECT .. FOR UPDATE) before reading it, so two pushes
//      of one client queue up; SQLite has a single writer, and Kysely's SQLite
//      driver runs one transaction at a time on its one connection.
//  I2. nextVersion() is `UPDATE sync_counter SET version = version + 1
//      RETURNING version` on the one counter row: the row stays locked until
//      commit (PostgreSQL) or the database is (SQLite), so versions become
//      visible in increasing order. Rows written by other code are stamped by
//      the triggers of the migration from the same counter, in the same
//      transaction. Never a clock.
//  I3. Only the transaction is written to; nothing is cached in memory.
//
// Pulls run in a snapshot (PostgreSQL REPEATABLE READ, read only) and do not
// lock the client row, so they never wait for a push.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { PatchOp, RejectedCommand, SyncScope } from '../protocol';
import type { ServerStore, ServerTx } from './apply';

export type SqlDialect = 'sqlite' | 'postgres';

/** The tables this binding owns (created by the migration 2026-11-22T0500_sync). */
export interface SyncTables {
  sync_counter: { id: number; version: number };
  sync_clients: { client_id: string; user_id: string | null; last_seq: number; created_at: string };
  sync_rejections: { client_id: string; seq: number; name: string; reason: string; version: number; created_at: string };
  sync_tombstones: { tbl: string; row_key: string; company_id: string; version: number };
}

/** A patch op with the version of the row it carries, so feeds and tombstones merge in version order. */
export type VersionedOp = PatchOp & { version: number };

/**
 * Rows of the scope changed since `cookie` (all live rows of the scope for
 * null), read through `db` (the transaction). Deleted rows come from the
 * tombstones table and need not be reported by the feed; a row that left the
 * scope without being deleted should come back as a `del`.
 */
export type ChangeFeed<DB> = (db: Transaction<DB>, cookie: number | null, scope: SyncScope) => Promise<VersionedOp[]>;

/** `DB` is the app's tables (sync/ does not know them); the binding's own are SyncTables. */
export interface KyselyServerStoreOptions<DB> {
  db: Kysely<DB>;
  dialect: SqlDialect;
  feed?: ChangeFeed<DB>;
}

type Mode = 'write' | 'snapshot';

export class KyselyServerTx<DB> implements ServerTx {
  constructor(
    /** The open transaction; handlers write the app's rows through it. */
    readonly db: Transaction<DB>,
    readonly dialect: SqlDialect,
    private readonly feed: ChangeFeed<DB> | undefined,
    private readonly mode: Mode,
  ) {}

  private get sync(): Transaction<SyncTables> {
    return this.db as unknown as Transaction<SyncTables>;
  }

  async lastSeq(clientId: string): Promise<number> {
    if (this.mode === 'write' && this.dialect === 'postgres') {
      // Make sure there is a row to lock, then lock it until commit (I1).
      await this.sync
        .insertInto('sync_clients')
        .values({ client_id: clientId, user_id: null, last_seq: 0, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('client_id').doNothing())
        .execute();
      const row = await this.sync.selectFrom('sync_clients').select('last_seq').where('client_id', '=', clientId).forUpdate().executeTakeFirstOrThrow();
      return Number(row.last_seq);
    }
    const row = await this.sync.selectFrom('sync_clients').select('last_seq').where('client_id', '=', clientId).executeTakeFirst();
    return row ? Number(row.last_seq) : 0;
  }

  async setLastSeq(clientId: string, seq: number): Promise<void> {
    const res = await this.sync
      .updateTable('sync_clients')
      .set({ last_seq: seq })
      .where('client_id', '=', clientId)
      .where('last_seq', '=', seq - 1)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) return;
    if (seq !== 1) throw new Error(`lastSeq of ${clientId} may only move to ${seq} from ${seq - 1}`);
    await this.sync.insertInto('sync_clients').values({ client_id: clientId, user_id: null, last_seq: 1, created_at: new Date().toISOString() }).execute();
  }

  async nextVersion(): Promise<number> {
    const row = await this.sync
      .updateTable('sync_counter')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .returning('version')
      .executeTakeFirstOrThrow();
    return Number(row.version);
  }

  async currentVersion(): Promise<number> {
    const row = await this.sync.selectFrom('sync_counter').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
    return Number(row.version);
  }

  async recordRejection(clientId: string, rejected: RejectedCommand, version: number): Promise<void> {
    await this.sync
      .insertInto('sync_rejections')
      .values({ client_id: clientId, seq: rejected.seq, name: rejected.name, reason: rejected.reason, version, created_at: new Date().toISOString() })
      .execute();
  }

  async changesSince(cookie: number | null, scope: SyncScope): Promise<PatchOp[]> {
    if (scope.companyIds.length === 0) return [];
    const ops: VersionedOp[] = this.feed ? await this.feed(this.db, cookie, scope) : [];
    if (cookie !== null) {
      const tombstones = await this.sync
        .selectFrom('sync_tombstones')
        .select(['tbl', 'row_key', 'version'])
        .where('company_id', 'in', scope.companyIds)
        .where('version', '>', cookie)
        .execute();
      for (const t of tombstones) ops.push({ op: 'del', table: t.tbl, key: t.row_key, version: Number(t.version) });
    }
    // A stable sort: a feed's ops of one version keep their order.
    return ops
      .map((op, i) => ({ op, i }))
      .sort((a, b) => a.op.version - b.op.version || a.i - b.i)
      .map(({ op: { version: _version, ...op } }) => op as PatchOp);
  }

  async rejectionsSince(clientId: string, cookie: number | null): Promise<RejectedCommand[]> {
    let q = this.sync.selectFrom('sync_rejections').select(['seq', 'name', 'reason']).where('client_id', '=', clientId);
    if (cookie !== null) q = q.where('version', '>', cookie);
    const rows = await q.orderBy('seq').execute();
    return rows.map((r) => ({ seq: Number(r.seq), name: r.name, reason: r.reason }));
  }
}

export class KyselyServerStore<DB> implements ServerStore<KyselyServerTx<DB>> {
  constructor(
    readonly options: KyselyServerStoreOptions<DB>,
    private readonly mode: Mode = 'write',
  ) {}

  /** The same store for pulls: one consistent snapshot, no locks taken. */
  snapshot(): KyselyServerStore<DB> {
    return new KyselyServerStore(this.options, 'snapshot');
  }

  transaction<T>(fn: (tx: KyselyServerTx<DB>) => Promise<T>): Promise<T> {
    const { db, dialect, feed } = this.options;
    let builder = db.transaction();
    if (dialect === 'postgres') builder = builder.setIsolationLevel(this.mode === 'snapshot' ? 'repeatable read' : 'read committed');
    return builder.execute((trx) => fn(new KyselyServerTx(trx, dialect, feed, this.mode)));
  }

  /**
   * A push in one transaction, each command in a savepoint (SAVEPOINT /
   * RELEASE / ROLLBACK TO work alike on SQLite and PostgreSQL): one commit per
   * push instead of one per command.
   */
  batch<T>(fn: (step: <U>(inner: (tx: KyselyServerTx<DB>) => Promise<U>) => Promise<U>) => Promise<T>): Promise<T> {
    return this.transaction(async (tx) => {
      let n = 0;
      const step = async <U>(inner: (tx: KyselyServerTx<DB>) => Promise<U>): Promise<U> => {
        const name = `sync_step_${++n}`;
        await sql.raw(`SAVEPOINT ${name}`).execute(tx.db);
        let out: U;
        try {
          out = await inner(tx);
        } catch (error) {
          await sql.raw(`ROLLBACK TO SAVEPOINT ${name}`).execute(tx.db);
          await sql.raw(`RELEASE SAVEPOINT ${name}`).execute(tx.db);
          throw error;
        }
        await sql.raw(`RELEASE SAVEPOINT ${name}`).execute(tx.db);
        return out;
      };
      return fn(step);
    });
  }

  /**
   * Ties a client id to the user who first syncs with it. Resolves false when
   * the id already belongs to someone else (the caller refuses the request).
   */
  async bindClient(clientId: string, userId: string): Promise<boolean> {
    const db = this.options.db as unknown as Kysely<SyncTables>;
    await db
      .insertInto('sync_clients')
      .values({ client_id: clientId, user_id: userId, last_seq: 0, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .execute();
    await db.updateTable('sync_clients').set({ user_id: userId }).where('client_id', '=', clientId).where('user_id', 'is', null).execute();
    const row = await db.selectFrom('sync_clients').select('user_id').where('client_id', '=', clientId).executeTakeFirst();
    return row?.user_id === userId;
  }
}
