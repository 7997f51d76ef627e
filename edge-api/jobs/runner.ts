import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { DbHandle } from '../../db/connect';
import { nowIso, uuidv7 } from '../../domain/ids';
import type { AppConfig } from '../env';

/**
 * Durable background jobs (bulk ready-to-ship, big exports, mailed downloads).
 * A job is a row; workers claim queued rows (PostgreSQL: FOR UPDATE SKIP LOCKED,
 * so any number of API processes can share the table; SQLite: one guarded UPDATE),
 * report progress, and finish with a result or an error. A job whose worker died
 * is claimed again after `STALE_MS`.
 */
/** What a handler gets; `P` is the payload its kind is queued with (JSON, as enqueueJob was given it). */
export type JobContext<P = unknown> = {
  dbh: DbHandle;
  config: AppConfig;
  log: Logger;
  job: { id: string; kind: string; companyId: string | null; userId: string | null; payload: P };
  progress: (done: number, total?: number) => Promise<void>;
};
export type JobHandler<P = unknown> = (ctx: JobContext<P>) => Promise<unknown>;

const handlers = new Map<string, JobHandler>();
const STALE_MS = 5 * 60_000;
const WORKER_ID = `${hostname()}:${process.pid}`;

export function registerJob<P = unknown>(kind: string, handler: JobHandler<P>) {
  // The payload of a kind is the one its enqueuers store (parsed back from JSON when run).
  handlers.set(kind, handler as JobHandler);
}

export async function enqueueJob(dbh: DbHandle, input: { kind: string; payload: unknown; companyId?: string | null; userId?: string | null; total?: number }) {
  const now = nowIso();
  const id = uuidv7();
  await dbh.db.insertInto('jobs').values({
    id, kind: input.kind, status: 'queued', company_id: input.companyId ?? null, user_id: input.userId ?? null,
    payload: JSON.stringify(input.payload), progress: 0, total: input.total ?? 0, result: null, error: null,
    locked_by: null, locked_at: null, created_at: now, updated_at: now,
  }).execute();
  return id;
}

async function claim(dbh: DbHandle): Promise<string | null> {
  const now = nowIso();
  const stale = new Date(Date.now() - STALE_MS).toISOString();
  if (dbh.dialect === 'postgres') {
    const r = await sql<{ id: string }>`
      UPDATE jobs SET status = 'running', locked_by = ${WORKER_ID}, locked_at = ${now}, updated_at = ${now}
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
    .set({ status: 'running', locked_by: WORKER_ID, locked_at: now, updated_at: now })
    .where('id', '=', next.id)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb('locked_at', '<', stale)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? next.id : null;
}

/** Runs one claimed job to the end. Returns false when nothing was waiting. */
export async function runOneJob(dbh: DbHandle, config: AppConfig, log: Logger): Promise<boolean> {
  const id = await claim(dbh);
  if (!id) return false;
  const row = await dbh.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const handler = handlers.get(row.kind);
  const finish = (values: { status: string; result?: string | null; error?: string | null }) =>
    dbh.db.updateTable('jobs').set({ ...values, locked_by: null, updated_at: nowIso() }).where('id', '=', id).execute();
  if (!handler) {
    await finish({ status: 'failed', error: `No handler for job kind ${row.kind}` });
    return true;
  }
  try {
    const result = await handler({
      dbh, config, log,
      job: { id, kind: row.kind, companyId: row.company_id, userId: row.user_id, payload: JSON.parse(row.payload) },
      progress: async (done, total) => {
        await dbh.db.updateTable('jobs')
          .set({ progress: done, ...(total !== undefined ? { total } : {}), locked_at: nowIso(), updated_at: nowIso() })
          .where('id', '=', id).execute();
      },
    });
    await finish({ status: 'done', result: JSON.stringify(result ?? null) });
  } catch (err) {
    log.error({ err, jobId: id }, 'job failed');
    await finish({ status: 'failed', error: (err as Error).message || 'Something went wrong!' });
  }
  return true;
}

/** Polls for work until stopped. Tests call `runOneJob` or `drainJobs` directly instead. */
export function startJobWorker(dbh: DbHandle, config: AppConfig, log: Logger, intervalMs = 250) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    if (stopped) return;
    try {
      while (!stopped && (await runOneJob(dbh, config, log)));
    } catch (err) {
      log.error({ err }, 'job worker loop');
    }
    if (!stopped) timer = setTimeout(loop, intervalMs);
  };
  timer = setTimeout(loop, 0);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

export async function drainJobs(dbh: DbHandle, config: AppConfig, log: Logger) {
  while (await runOneJob(dbh, config, log));
}

export async function getJob(dbh: DbHandle, id: string) {
  const j = await dbh.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!j) return undefined;
  return {
    id: j.id, kind: j.kind, status: j.status as 'queued' | 'running' | 'done' | 'failed', progress: j.progress, total: j.total,
    result: j.result ? JSON.parse(j.result) : null, error: j.error, companyId: j.company_id, userId: j.user_id,
    createdAt: j.created_at, updatedAt: j.updated_at,
  };
}
