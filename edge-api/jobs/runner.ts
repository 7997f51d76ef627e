import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { DbHandle } from '../../db/connect';
import { claimJob, findJob, findJobOrThrow, finishJob, insertJob, setJobProgress } from '../../db/jobs/queue';
import { SERVER_ERROR } from '../../domain/api';
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
  await insertJob(dbh.db, {
    id, kind: input.kind, payload: JSON.stringify(input.payload), companyId: input.companyId ?? null, userId: input.userId ?? null,
    total: input.total ?? 0, now,
  });
  return id;
}

function claim(dbh: DbHandle): Promise<string | null> {
  return claimJob(dbh, WORKER_ID, nowIso(), new Date(Date.now() - STALE_MS).toISOString());
}

/** Runs one claimed job to the end. Returns false when nothing was waiting. */
export async function runOneJob(dbh: DbHandle, config: AppConfig, log: Logger): Promise<boolean> {
  const id = await claim(dbh);
  if (!id) return false;
  const row = await findJobOrThrow(dbh.db, id);
  const handler = handlers.get(row.kind);
  const finish = (values: { status: string; result?: string | null; error?: string | null }) => finishJob(dbh.db, id, values, nowIso());
  if (!handler) {
    await finish({ status: 'failed', error: `No handler for job kind ${row.kind}` });
    return true;
  }
  try {
    const result = await handler({
      dbh, config, log,
      job: { id, kind: row.kind, companyId: row.company_id, userId: row.user_id, payload: JSON.parse(row.payload) },
      progress: async (done, total) => {
        await setJobProgress(dbh.db, id, done, total, nowIso());
      },
    });
    await finish({ status: 'done', result: JSON.stringify(result ?? null) });
  } catch (err) {
    log.error({ err, jobId: id }, 'job failed');
    await finish({ status: 'failed', error: (err as Error).message || SERVER_ERROR });
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
  const j = await findJob(dbh.db, id);
  if (!j) return undefined;
  return {
    id: j.id, kind: j.kind, status: j.status as 'queued' | 'running' | 'done' | 'failed', progress: j.progress, total: j.total,
    result: j.result ? JSON.parse(j.result) : null, error: j.error, companyId: j.company_id, userId: j.user_id,
    createdAt: j.created_at, updatedAt: j.updated_at,
  };
}
