import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { DbHandle } from '../../db/connect';
import { claimJob, claimJobEffect, findJobOrThrow, finishJob, renewJobLease, setJobEffectResult, setJobProgress } from '../../db/jobs/queue';
import { SERVER_ERROR } from '../../domain/api';
import { nowIso, uuidv7 } from '../../domain/ids';
import type { AppConfig } from '../env';
import type { JobContext, JobHandler, JobHandlers } from '../lib/job-context';

/**
 * Durable background jobs (bulk ready-to-ship, big exports, mailed downloads).
 * A job is a row; workers claim queued rows (PostgreSQL: FOR UPDATE SKIP LOCKED,
 * so any number of API processes can share the table; SQLite: one guarded UPDATE),
 * report progress, and finish with a result or an error.
 *
 * Run once: each claim takes a lease under its own lock token, renewed every third
 * of the lease while the handler runs, so only a worker that stopped (died, or its
 * process froze) loses its job to another after `leaseMs`. Progress, finish and
 * every side effect check the token: a worker that wakes after losing its job
 * stops at its next step (JobLostError) and its result is dropped. A side effect
 * goes through `ctx.effect(key, act)`, recorded before it acts, so the worker that
 * took the job over does not send the same mail again.
 */
/** Thrown inside a handler whose worker lost the job (its lease ran out and another worker took it). */
export class JobLostError extends Error {
  constructor(jobId: string) {
    super(`Job ${jobId} was taken over by another worker`);
  }
}

export type WorkerOptions = { /** How long a silent worker keeps its job (default 5 minutes). */ leaseMs?: number };

export const JOB_LEASE_MS = 5 * 60_000;
const WORKER_ID = `${hostname()}:${process.pid}`;

/** Renews the lease every third of it until stopped; `lost()` says whether a renewal found the job gone. */
function keepLease(dbh: DbHandle, id: string, token: string, leaseMs: number) {
  let lost = false;
  const timer = setInterval(() => {
    renewJobLease(dbh.db, id, token, nowIso()).then((held) => {
      if (!held) lost = true;
    }, () => undefined);
  }, Math.max(10, Math.floor(leaseMs / 3)));
  timer.unref();
  return { lost: () => lost, stop: () => clearInterval(timer) };
}

/** Runs one claimed job to the end. Returns false when nothing was waiting. */
export async function runOneJob(dbh: DbHandle, config: AppConfig, log: Logger, handlers: JobHandlers, opts: WorkerOptions = {}): Promise<boolean> {
  const leaseMs = opts.leaseMs ?? JOB_LEASE_MS;
  const token = `${WORKER_ID}:${uuidv7()}`;
  const id = await claimJob(dbh, token, nowIso(), new Date(Date.now() - leaseMs).toISOString());
  if (!id) return false;
  const row = await findJobOrThrow(dbh.db, id);
  // The payload of a kind is the one its enqueuers stored (parsed back from JSON below).
  const handler = (Object.hasOwn(handlers, row.kind) ? handlers[row.kind] : undefined) as JobHandler | undefined;
  const finish = async (values: { status: string; result?: string | null; error?: string | null }) => {
    if (!(await finishJob(dbh.db, id, token, values, nowIso()))) log.warn({ jobId: id }, 'job taken over by another worker; this run\'s outcome dropped');
  };
  if (!handler) {
    await finish({ status: 'failed', error: `No handler for job kind ${row.kind}` });
    return true;
  }
  const lease = keepLease(dbh, id, token, leaseMs);
  const ctx: JobContext = {
    dbh, config, log,
    job: { id, kind: row.kind, companyId: row.company_id, userId: row.user_id, payload: JSON.parse(row.payload) },
    progress: async (done, total) => {
      if (lease.lost() || !(await setJobProgress(dbh.db, id, token, done, total, nowIso()))) throw new JobLostError(id);
    },
    effect: async <R>(key: string, act: () => Promise<R>) => {
      const claim = lease.lost() ? ({ held: false } as const) : await claimJobEffect(dbh.db, id, token, key, nowIso());
      if (!claim.held) throw new JobLostError(id);
      if (claim.recorded) return { ran: false as const, result: claim.recorded.result === null ? null : (JSON.parse(claim.recorded.result) as R) };
      const result = await act();
      await setJobEffectResult(dbh.db, id, key, JSON.stringify(result ?? null));
      return { ran: true as const, result };
    },
  };
  try {
    const result = await handler(ctx);
    await finish({ status: 'done', result: JSON.stringify(result ?? null) });
  } catch (err) {
    if (err instanceof JobLostError) log.warn({ jobId: id }, err.message);
    else log.error({ err, jobId: id }, 'job failed');
    await finish({ status: 'failed', error: (err as Error).message || SERVER_ERROR });
  } finally {
    lease.stop();
  }
  return true;
}

/** Polls for work until stopped. Tests call `runOneJob` or `drainJobs` directly instead. */
export function startJobWorker(dbh: DbHandle, config: AppConfig, log: Logger, handlers: JobHandlers, intervalMs = 250, opts: WorkerOptions = {}) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    if (stopped) return;
    try {
      while (!stopped && (await runOneJob(dbh, config, log, handlers, opts)));
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

export async function drainJobs(dbh: DbHandle, config: AppConfig, log: Logger, handlers: JobHandlers, opts: WorkerOptions = {}) {
  while (await runOneJob(dbh, config, log, handlers, opts));
}
