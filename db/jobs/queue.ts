// The durable job queue (edge-api/jobs/runner.ts runs it; edge-api/jobs/handlers.ts names the handlers): a job is a row of `jobs`.
// Plain functions taking the handle or `db` first; no HTTP here.
import { sql } from 'kysely';
import type { Db, DbHandle } from '../connect';
import { nowIso, uuidv7 } from '../../domain/ids';
import '../tables/job-effects';

export type NewJob = { id: string; kind: string; payload: string; companyId: string | null; userId: string | null; total: number; now: string };

export const insertJob = (db: Db, j: NewJob) =>
  db.insertInto('jobs').values({
    id: j.id, kind: j.kind, status: 'queued', company_id: j.companyId, user_id: j.userId,
    payload: j.payload, progress: 0, total: j.total, result: null, error: null,
    locked_by: null, locked_at: null, created_at: j.now, updated_at: j.now,
  }).execute();

/**
 * Queues a job of `kind` (its handler is named in edge-api/jobs/handlers.ts) and returns its id. Services
 * that start a job call this, so they never import the job handlers.
 */
export async function enqueueJob(dbh: DbHandle, input: { kind: string; payload: unknown; companyId?: string | null; userId?: string | null; total?: number }) {
  const now = nowIso();
  const id = uuidv7();
  await insertJob(dbh.db, {
    id, kind: input.kind, payload: JSON.stringify(input.payload), companyId: input.companyId ?? null, userId: input.userId ?? null,
    total: input.total ?? 0, now,
  });
  return id;
}

/**
 * Claims the oldest queued job (or a running one whose lock is older than `stale`) for `workerId`;
 * its id, or null when none is waiting or another worker took it first.
 * PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: one guarded UPDATE.
 */
export async function claimJob(dbh: DbHandle, workerId: string, now: string, stale: string): Promise<string | null> {
  if (dbh.dialect === 'postgres') {
    const r = await sql<{ id: string }>`
      UPDATE jobs SET status = 'running', locked_by = ${workerId}, locked_at = ${now}, updated_at = ${now}
      WHERE id = (
        SELECT id FROM jobs
        WHERE status = 'queued' OR (status = 'running' AND locked_at < ${stale})
        ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED
      ) RETURNING id`.execute(dbh.db);
    return r.rows[0]?.id ?? null;
  }
  const next = await dbh.db
    .selectFrom('jobs').select('id')
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('locked_at', '<', stale)])]))
    .orderBy('created_at').limit(1).executeTakeFirst();
  if (!next) return null;
  const r = await dbh.db.updateTable('jobs')
    .set({ status: 'running', locked_by: workerId, locked_at: now, updated_at: now })
    .where('id', '=', next.id)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb('locked_at', '<', stale)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? next.id : null;
}

export const findJob = (db: Db, id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

export const findJobOrThrow = (db: Db, id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/**
 * Ends a job (done or failed) and releases its lock, only while `token` still holds it (a worker that
 * stalled past its lease and lost the job to another changes nothing). True when it was ended.
 */
export async function finishJob(db: Db, id: string, token: string, values: { status: string; result?: string | null; error?: string | null }, now: string) {
  const r = await db.updateTable('jobs').set({ ...values, locked_by: null, updated_at: now })
    .where('id', '=', id).where('locked_by', '=', token).where('status', '=', 'running').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records progress and renews the lease, only while `token` holds the job. True when it still does. */
export async function setJobProgress(db: Db, id: string, token: string, done: number, total: number | undefined, now: string) {
  const r = await db.updateTable('jobs')
    .set({ progress: done, ...(total !== undefined ? { total } : {}), locked_at: now, updated_at: now })
    .where('id', '=', id).where('locked_by', '=', token).where('status', '=', 'running').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Renews the lease of a running job held by `token`. True when it still holds it. */
export async function renewJobLease(db: Db, id: string, token: string, now: string) {
  const r = await db.updateTable('jobs').set({ locked_at: now })
    .where('id', '=', id).where('locked_by', '=', token).where('status', '=', 'running').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export type EffectClaim = { held: false } | { held: true; recorded: { worker: string; result: string | null } | null };

/**
 * Before a job's side effect (a mail, a file): in one transaction, checks that `token` still holds the
 * job (renewing its lease) and records the effect under `key` unless it already is. `recorded` is the
 * earlier record when one exists (the effect was already made, or is being made, by a holder before).
 */
export async function claimJobEffect(db: Db, id: string, token: string, key: string, now: string): Promise<EffectClaim> {
  return db.transaction().execute(async (tx) => {
    if (!(await renewJobLease(tx, id, token, now))) return { held: false } as const;
    const recorded = await tx.selectFrom('job_effects').select(['worker', 'result'])
      .where('job_id', '=', id).where('effect_key', '=', key).executeTakeFirst();
    if (recorded) return { held: true, recorded } as const;
    await tx.insertInto('job_effects').values({ job_id: id, effect_key: key, worker: token, result: null, created_at: now }).execute();
    return { held: true, recorded: null } as const;
  });
}

/** Stores what an effect returned (JSON), for a worker that takes the job over later. */
export const setJobEffectResult = (db: Db, id: string, key: string, result: string) =>
  db.updateTable('job_effects').set({ result }).where('job_id', '=', id).where('effect_key', '=', key).execute();
