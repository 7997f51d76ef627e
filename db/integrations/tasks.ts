// Durable partner tasks (edge-api/integrations/tasks.ts runs them). Each change
// of a running task is guarded by the worker that holds it (`locked_by`), so a
// task taken over after its worker stalled is finished once, by its new holder.
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Db, DbHandle } from '../connect';
import type { Database } from '../schema';
import type { IntegrationTaskTable } from '../tables/integrations';
import '../tables/integrations';

export type NewTask = Omit<Insertable<IntegrationTaskTable>, 'status' | 'attempts' | 'locked_by' | 'locked_at' | 'last_error' | 'result'>;

/**
 * Records a task unless one with its key exists; true when this call recorded it. The key is
 * taken in `integration_task_keys` (on PostgreSQL the tasks are partitioned by month, so no
 * key of theirs is unique across months), in the same transaction as the task: the caller's,
 * or one of its own.
 */
export async function insertTaskOnce(db: Db, t: NewTask): Promise<boolean> {
  const record = async (trx: Db) => {
    const key = await trx.insertInto('integration_task_keys').values({ key: t.key, created_at: t.created_at })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(key.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
    await trx.insertInto('integration_tasks')
      .values({ ...t, status: 'pending', attempts: 0, locked_by: null, locked_at: null, last_error: null, result: null })
      .execute();
    return true;
  };
  return db.isTransaction ? record(db) : db.transaction().execute(record);
}

export const findTaskByKey = (db: Db, key: string) => db.selectFrom('integration_tasks').selectAll().where('key', '=', key).executeTakeFirst();
export const findTask = (db: Db, id: string) => db.selectFrom('integration_tasks').selectAll().where('id', '=', id).executeTakeFirst();

/** Tasks about one subject (an order), newest first. */
export const tasksAbout = (db: Db, subjectType: string, subjectId: string) =>
  db.selectFrom('integration_tasks').selectAll().where('subject_type', '=', subjectType).where('subject_id', '=', subjectId).orderBy('created_at', 'desc').limit(50).execute();

/** A company's tasks in one state (the retry queue a seller sees), oldest first. */
export const tasksOfCompany = (db: Db, companyIds: string[] | null, statuses: string[], kinds: string[] | null, limit: number) => {
  let q = db.selectFrom('integration_tasks').selectAll().where('status', 'in', statuses).orderBy('created_at').limit(limit);
  if (companyIds) q = q.where('company_id', 'in', companyIds.length ? companyIds : ['']);
  if (kinds) q = q.where('kind', 'in', kinds.length ? kinds : ['']);
  return q.execute();
};

/**
 * Claims the next due task (pending and due, or running with a lock older than
 * `staleBefore`) for `worker`, or only the task `onlyId`; its id, or null. PostgreSQL: FOR UPDATE SKIP
 * LOCKED; SQLite: one guarded UPDATE.
 */
export async function claimDueTask(dbh: DbHandle, worker: string, now: string, staleBefore: string, onlyId?: string): Promise<string | null> {
  if (dbh.dialect === 'postgres') {
    const only = onlyId ? sql`AND id = ${onlyId}` : sql``;
    const r = await sql<{ id: string }>`
      UPDATE integration_tasks SET status = 'running', locked_by = ${worker}, locked_at = ${now}, attempts = attempts + 1, updated_at = ${now}
      WHERE id = (
        SELECT id FROM integration_tasks
        WHERE ((status = 'pending' AND next_attempt_at <= ${now}) OR (status = 'running' AND locked_at < ${staleBefore})) ${only}
        ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED
      ) RETURNING id`.execute(dbh.db);
    return r.rows[0]?.id ?? null;
  }
  const due = (eb: ExpressionBuilder<Database, 'integration_tasks'>) => eb.or([
    eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
    eb.and([eb('status', '=', 'running'), eb('locked_at', '<', staleBefore)]),
  ]);
  let q = dbh.db.selectFrom('integration_tasks').select('id').where(due);
  if (onlyId) q = q.where('id', '=', onlyId);
  const next = await q.orderBy('next_attempt_at').limit(1).executeTakeFirst();
  if (!next) return null;
  const r = await dbh.db.updateTable('integration_tasks')
    .set((eb) => ({ status: 'running', locked_by: worker, locked_at: now, attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('id', '=', next.id)
    .where(due)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? next.id : null;
}

/** Renews the holder's lease; false when another worker holds the task now. */
export async function renewTask(db: Db, id: string, worker: string, now: string): Promise<boolean> {
  const r = await db.updateTable('integration_tasks').set({ locked_at: now }).where('id', '=', id).where('locked_by', '=', worker).where('status', '=', 'running').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends a held task: done with its result, failed for good, or pending again at `nextAttemptAt`. False when `worker` no longer holds it. */
export async function releaseTask(
  db: Db, id: string, worker: string,
  values: { status: 'done' | 'failed' | 'pending'; result?: string | null; lastError?: string | null; nextAttemptAt?: string },
  now: string,
): Promise<boolean> {
  const r = await db.updateTable('integration_tasks')
    .set({
      status: values.status, locked_by: null, locked_at: null, updated_at: now,
      ...(values.result !== undefined ? { result: values.result } : {}),
      ...(values.lastError !== undefined ? { last_error: values.lastError } : {}),
      ...(values.nextAttemptAt ? { next_attempt_at: values.nextAttemptAt } : {}),
    })
    .where('id', '=', id).where('locked_by', '=', worker).where('status', '=', 'running')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Puts a failed task back in the queue now (the seller's "Retry"); false unless it had failed. */
export async function requeueTask(db: Db, id: string, now: string): Promise<boolean> {
  const r = await db.updateTable('integration_tasks').set({ status: 'pending', next_attempt_at: now, attempts: 0, updated_at: now })
    .where('id', '=', id).where('status', '=', 'failed').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
