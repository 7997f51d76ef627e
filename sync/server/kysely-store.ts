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
import { sql, type Compilable, type Kysely, type Transaction } from 'kysely';
import type { PatchOp, RejectedCommand, SyncScope } from '../protocol';
import type { ServerStore, ServerTx } from './apply';
import { runShape, shapeOf, type Arg, type DirectSql } from './compiled';
import { JsonText } from './json-text';

export type { DirectSql } from './compiled';

export type SqlDialect = 'sqlite' | 'postgres';

/** The tables this binding owns (created by the migration 2026-11-22T0500_sync). */
export interface SyncTables {
  sync_counter: { id: number; version: number };
  sync_clients: { client_id: string; user_id: string | null; last_seq: number; created_at: string };
  sync_rejections: { client_id: string; seq: number; name: string; reason: string; version: number; created_at: string };
  sync_tombstones: { tbl: string; row_key: string; company_id: string; version: number };
}

/**
 * A patch op with the version of the row it carries, so feeds and tombstones
 * merge in version order. A feed may give a put's value already serialized
 * (`json`, e.g. built in SQL): the pull then sends that text as it is.
 */
export type VersionedOp = (PatchOp | { op: 'put'; table: string; key: string; json: string }) & { version: number };

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
  /**
   * SQLite: runs the bookkeeping statements (and, through `KyselyServerTx.direct`,
   * a handler's hot statements) on the connection with statements prepared
   * once, instead of Kysely preparing each anew. Used only inside this store's
   * transactions, which hold the one connection.
   */
  direct?: DirectSql;
}

type Mode = 'write' | 'snapshot';

export class KyselyServerTx<DB> implements ServerTx {
  constructor(
    /** The open transaction; handlers write the app's rows through it. */
    readonly db: Transaction<DB>,
    readonly dialect: SqlDialect,
    private readonly feed: ChangeFeed<DB> | undefined,
    private readonly mode: Mode,
    /** See KyselyServerStoreOptions.direct; valid only while this transaction is open. */
    readonly direct?: DirectSql,
    /**
     * PostgreSQL push batches: each client's lastSeq as locked at its first
     * read (`stored`) and as the batch's kept steps moved it (`current`). The
     * row stays locked until commit, so the batch tracks it here and writes it
     * once at the end (one round trip per push instead of three per command).
     */
    readonly seqs?: Map<string, { stored: number; current: number }>,
  ) {}

  private get sync(): Transaction<SyncTables> {
    return this.db as unknown as Transaction<SyncTables>;
  }

  /** Runs a bookkeeping statement compiled once per dialect (no Kysely compile, and on SQLite no prepare, per call). */
  private async run<R>(key: string, build: (db: Kysely<SyncTables>, arg: Arg) => Compilable<unknown>, args: readonly unknown[]) {
    const shape = shapeOf(this.dialect, `sync:${key}`, this.sync as Kysely<SyncTables>, build);
    return runShape<R>(this.db as unknown as Transaction<unknown>, this.direct, shape, args);
  }

  async lastSeq(clientId: string): Promise<number> {
    const held = this.seqs?.get(clientId);
    if (held) return held.current;
    if (this.mode === 'write' && this.dialect === 'postgres') {
      // Make sure there is a row to lock, then lock it until commit (I1).
      await this.run(
        'lastSeq.ensure',
        (db, arg) =>
          db
            .insertInto('sync_clients')
            .values({ client_id: arg(0), user_id: null, last_seq: 0, created_at: arg(1) })
            .onConflict((oc) => oc.column('client_id').doNothing()),
        [clientId, new Date().toISOString()],
      );
      const { rows } = await this.run<{ last_seq: number }>('lastSeq.lock', (db, arg) => db.selectFrom('sync_clients').select('last_seq').where('client_id', '=', arg(0)).forUpdate(), [clientId]);
      if (!rows[0]) throw new Error(`sync client ${clientId} vanished`);
      const last = Number(rows[0].last_seq);
      this.seqs?.set(clientId, { stored: last, current: last });
      return last;
    }
    const { rows } = await this.run<{ last_seq: number }>('lastSeq', (db, arg) => db.selectFrom('sync_clients').select('last_seq').where('client_id', '=', arg(0)), [clientId]);
    return rows[0] ? Number(rows[0].last_seq) : 0;
  }

  async setLastSeq(clientId: string, seq: number): Promise<void> {
    const held = this.seqs?.get(clientId);
    if (held) {
      if (seq !== held.current + 1) throw new Error(`lastSeq of ${clientId} may only move to ${seq} from ${seq - 1}`);
      held.current = seq;
      return;
    }
    await this.storeLastSeq(clientId, seq, seq - 1);
  }

  /** Writes lastSeq = seq where it is still `from` (I1: nobody else moved it). */
  async storeLastSeq(clientId: string, seq: number, from: number): Promise<void> {
    const res = await this.run(
      'setLastSeq',
      (db, arg) =>
        db
          .updateTable('sync_clients')
          .set({ last_seq: arg<number>(0) })
          .where('client_id', '=', arg(1))
          .where('last_seq', '=', arg<number>(2)),
      [seq, clientId, from],
    );
    if (res.changes === 1) return;
    if (seq !== 1) throw new Error(`lastSeq of ${clientId} may only move to ${seq} from ${seq - 1}`);
    await this.sync.insertInto('sync_clients').values({ client_id: clientId, user_id: null, last_seq: 1, created_at: new Date().toISOString() }).execute();
  }

  async nextVersion(): Promise<number> {
    const { rows } = await this.run<{ version: number }>(
      'nextVersion',
      (db) =>
        db
          .updateTable('sync_counter')
          .set((eb) => ({ version: eb('version', '+', 1) }))
          .where('id', '=', 1)
          .returning('version'),
      [],
    );
    if (!rows[0]) throw new Error('sync_counter has no row 1');
    return Number(rows[0].version);
  }

  /** n versions at once (one counter update by n); resolves the highest, the others being the n - 1 below it (I2 as for nextVersion). */
  async nextVersions(n: number): Promise<number> {
    if (!Number.isInteger(n) || n < 1) throw new Error(`nextVersions needs a positive count, got ${n}`);
    const { rows } = await this.run<{ version: number }>(
      'nextVersions',
      (db, arg) =>
        db
          .updateTable('sync_counter')
          .set((eb) => ({ version: eb('version', '+', arg<number>(0)) }))
          .where('id', '=', 1)
          .returning('version'),
      [n],
    );
    if (!rows[0]) throw new Error('sync_counter has no row 1');
    return Number(rows[0].version);
  }

  async currentVersion(): Promise<number> {
    const { rows } = await this.run<{ version: number }>('currentVersion', (db) => db.selectFrom('sync_counter').select('version').where('id', '=', 1), []);
    if (!rows[0]) throw new Error('sync_counter has no row 1');
    return Number(rows[0].version);
  }

  async recordRejection(clientId: string, rejected: RejectedCommand, version: number): Promise<void> {
    await this.run(
      'recordRejection',
      (db, arg) =>
        db
          .insertInto('sync_rejections')
          .values({ client_id: arg(0), seq: arg<number>(1), name: arg(2), reason: arg(3), version: arg<number>(4), created_at: arg(5) }),
      [clientId, rejected.seq, rejected.name, rejected.reason, version, new Date().toISOString()],
    );
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
    // A stable sort (a feed's ops of one version keep their order); feeds give
    // theirs in version order already, so usually nothing moves.
    let sorted = true;
    for (let i = 1; i < ops.length && sorted; i++) sorted = ops[i - 1].version <= ops[i].version;
    const inOrder = sorted ? ops : ops.map((op, i) => ({ op, i })).sort((a, b) => a.op.version - b.op.version || a.i - b.i).map(({ op }) => op);
    return inOrder.map((op): PatchOp => {
      if (op.op === 'del') return { op: 'del', table: op.table, key: op.key };
      return { op: 'put', table: op.table, key: op.key, value: 'json' in op ? new JsonText(op.json) : op.value };
    });
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
    return builder.execute((trx) => fn(new KyselyServerTx(trx, dialect, feed, this.mode, this.options.direct)));
  }

  /**
   * A push in one transaction, each command in a savepoint (SAVEPOINT /
   * RELEASE / ROLLBACK TO work alike on SQLite and PostgreSQL): one commit per
   * push instead of one per command.
   */
  batch<T>(fn: (step: <U>(inner: (tx: KyselyServerTx<DB>) => Promise<U>) => Promise<U>) => Promise<T>): Promise<T> {
    if (this.options.dialect === 'postgres' && this.mode === 'write') return this.pgBatch(fn);
    return this.transaction(async (tx) => {
      // Steps run one after another, never nested, so one savepoint name serves them all.
      const exec = async (text: string) => {
        if (tx.direct) tx.direct.query(text, []);
        else await sql.raw(text).execute(tx.db);
      };
      const step = async <U>(inner: (tx: KyselyServerTx<DB>) => Promise<U>): Promise<U> => {
        await exec('SAVEPOINT sync_step');
        let out: U;
        try {
          out = await inner(tx);
        } catch (error) {
          await exec('ROLLBACK TO SAVEPOINT sync_step');
          await exec('RELEASE SAVEPOINT sync_step');
          throw error;
        }
        await exec('RELEASE SAVEPOINT sync_step');
        return out;
      };
      return fn(step);
    });
  }

  /**
   * The PostgreSQL batch, in fewer round trips: a kept step's savepoint is
   * released together with the next step's SAVEPOINT (one simple-protocol
   * query; the commit releases the last), and the client's lastSeq is locked
   * once, tracked in memory across steps (a rolled-back step restores it) and
   * written once before the commit.
   */
  private pgBatch<T>(fn: (step: <U>(inner: (tx: KyselyServerTx<DB>) => Promise<U>) => Promise<U>) => Promise<T>): Promise<T> {
    const { db, dialect, feed } = this.options;
    return db
      .transaction()
      .setIsolationLevel('read committed')
      .execute(async (trx) => {
        const seqs = new Map<string, { stored: number; current: number }>();
        const tx = new KyselyServerTx(trx, dialect, feed, 'write', undefined, seqs);
        let open = false;
        const step = async <U>(inner: (tx: KyselyServerTx<DB>) => Promise<U>): Promise<U> => {
          await sql.raw(open ? 'RELEASE SAVEPOINT sync_step; SAVEPOINT sync_step' : 'SAVEPOINT sync_step').execute(trx);
          open = true;
          const before = new Map([...seqs].map(([k, v]) => [k, v.current]));
          try {
            return await inner(tx);
          } catch (error) {
            await sql.raw('ROLLBACK TO SAVEPOINT sync_step; RELEASE SAVEPOINT sync_step').execute(trx);
            open = false;
            for (const [k, v] of [...seqs]) {
              const was = before.get(k);
              if (was === undefined) seqs.delete(k); // first read inside the rolled-back step: its lock is gone too
              else v.current = was;
            }
            throw error;
          }
        };
        const out = await fn(step);
        for (const [clientId, { stored, current }] of seqs) if (current !== stored) await tx.storeLastSeq(clientId, current, stored);
        return out;
      });
  }

  /**
   * Ties a client id to the user who first syncs with it. Resolves false when
   * the id already belongs to someone else (the caller refuses the request).
   */
  async bindClient(clientId: string, userId: string): Promise<boolean> {
    const { db, dialect } = this.options;
    const sync = db as unknown as Kysely<SyncTables>;
    // Every push does this first: its statements are compiled once per dialect (not per push).
    const run = <R,>(key: string, build: (db: Kysely<SyncTables>, arg: Arg) => Compilable<unknown>, args: readonly unknown[]) =>
      runShape<R>(db as unknown as Kysely<unknown>, undefined, shapeOf(dialect, `sync:bindClient.${key}`, sync, build), args);
    await run(
      'insert',
      (k, arg) => k.insertInto('sync_clients').values({ client_id: arg(0), user_id: arg(1), last_seq: 0, created_at: arg(2) }).onConflict((oc) => oc.column('client_id').doNothing()),
      [clientId, userId, new Date().toISOString()],
    );
    await run('claim', (k, arg) => k.updateTable('sync_clients').set({ user_id: arg(0) }).where('client_id', '=', arg(1)).where('user_id', 'is', null), [userId, clientId]);
    const { rows } = await run<{ user_id: string | null }>('owner', (k, arg) => k.selectFrom('sync_clients').select('user_id').where('client_id', '=', arg(0)), [clientId]);
    return rows[0]?.user_id === userId;
  }
}
