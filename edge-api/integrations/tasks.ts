/**
 * Durable partner tasks: an inbound webhook to process, an outbound effect to
 * make. A task is a row of integration_tasks with a unique key recorded before
 * any call is made (a webhook's delivery id, an effect's idempotency key), so a
 * replayed webhook or a retried effect is one task. Workers in every API process
 * claim due tasks (PostgreSQL: SKIP LOCKED), hold them under a lease they renew
 * while the handler runs, and finish them only while they still hold them.
 *
 * A handler returns its result (done), throws `GiveUp` (failed for good, with
 * its message shown to the seller), or throws anything else: the task is tried
 * again later with exponential backoff (or when the partner asked, from a
 * `RetryLater` or a throttled `PartnerError`), up to MAX_ATTEMPTS, then failed.
 * Handlers of effects that may have happened (a timed-out booking) look the
 * effect up at the partner before making it again.
 */
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { DbHandle } from '../../db/connect';
import { claimDueTask, findTask, findTaskByKey, insertTaskOnce, releaseTask, renewTask, requeueTask, tasksAbout, tasksOfCompany } from '../../db/integrations/tasks';
import type { TaskView } from '../../domain/integrations';
import { conflict, notFound } from '../../domain/refusal';
import { nowIso, uuidv7 } from '../../domain/ids';
import type { AppConfig } from '../env';
import type { ServiceActor } from '../services/audit/actor';
import { PartnerError } from './http';

export const MAX_ATTEMPTS = 8;
export const LEASE_MS = 2 * 60_000;
const RENEW_EVERY_MS = 30_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 6 * 3600_000;

/** A failure that retrying will not mend (a refused booking, a schema error): the task fails now. */
export class GiveUp extends Error {}
/** A transient failure with the partner's own "come back in" time. */
export class RetryLater extends Error {
  constructor(message: string, readonly afterMs?: number) {
    super(message);
  }
}

export type TaskInfo<P> = {
  id: string; kind: string; key: string; companyId: string | null; connectionId: string | null;
  subjectType: string | null; subjectId: string | null; payload: P; attempts: number;
};
export type TaskContext<P = unknown> = { dbh: DbHandle; config: AppConfig; log: Logger; task: TaskInfo<P>; now: () => Date };
export type TaskHandler<P = unknown> = (ctx: TaskContext<P>) => Promise<unknown>;
export type TaskHandlers = Record<string, TaskHandler<never>>;

export type NewTaskInput = {
  kind: string;
  key: string;
  payload: unknown;
  companyId?: string | null;
  connectionId?: string | null;
  subject?: { type: string; id: string };
  /** When it is first due (default now). */
  at?: Date;
};

/** Records a task unless one with its key exists: `created` says which; `id` is the task's either way. */
/** Records a task once per key; `dbh` may be a transaction's (`{ db: tx }`), so the task commits with the change that asks for it. */
export async function enqueueTask(dbh: Pick<DbHandle, 'db'>, input: NewTaskInput): Promise<{ id: string; created: boolean }> {
  const now = nowIso();
  const id = uuidv7();
  const created = await insertTaskOnce(dbh.db, {
    id, key: input.key, kind: input.kind, company_id: input.companyId ?? null, connection_id: input.connectionId ?? null,
    subject_type: input.subject?.type ?? null, subject_id: input.subject?.id ?? null, payload: JSON.stringify(input.payload ?? null),
    next_attempt_at: (input.at ?? new Date()).toISOString(), created_at: now, updated_at: now,
  });
  if (created) return { id, created };
  return { id: (await findTaskByKey(dbh.db, input.key))!.id, created };
}

/** How long to wait before attempt `attempts + 1` (30 s, 1 min, 2 min ... at most 6 h), or the partner's own time. */
export function retryDelayMs(attempts: number, err: unknown): number {
  const asked = err instanceof RetryLater ? err.afterMs : err instanceof PartnerError ? err.retryAfterMs : undefined;
  if (asked !== undefined) return Math.min(LONGEST_RETRY_MS, Math.max(1000, asked));
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export type RunOptions = { worker?: string; now?: () => Date; /** Run only this task (a booking made while the seller waits). */ taskId?: string };

const defaultWorker = `${hostname()}:${process.pid}:tasks`;

/** Claims and runs one due task; false when none was due. */
export async function runOneTask(dbh: DbHandle, config: AppConfig, log: Logger, handlers: TaskHandlers, opts: RunOptions = {}): Promise<boolean> {
  const worker = opts.worker ?? defaultWorker;
  const now = opts.now ?? (() => new Date());
  const id = await claimDueTask(dbh, worker, now().toISOString(), new Date(now().getTime() - LEASE_MS).toISOString(), opts.taskId);
  if (!id) return false;
  const row = (await findTask(dbh.db, id))!;
  const release = (values: Parameters<typeof releaseTask>[3]) => releaseTask(dbh.db, id, worker, values, now().toISOString());
  const handler = handlers[row.kind] as TaskHandler | undefined;
  if (!handler) {
    await release({ status: 'failed', lastError: `No handler for task kind ${row.kind}` });
    return true;
  }
  const lease = setInterval(() => void renewTask(dbh.db, id, worker, now().toISOString()).catch(() => undefined), RENEW_EVERY_MS);
  try {
    const result = await handler({
      dbh, config, log, now,
      task: {
        id, kind: row.kind, key: row.key, companyId: row.company_id, connectionId: row.connection_id,
        subjectType: row.subject_type, subjectId: row.subject_id, payload: JSON.parse(row.payload), attempts: row.attempts,
      },
    });
    if (!(await release({ status: 'done', result: JSON.stringify(result ?? null), lastError: null }))) {
      log.warn({ taskId: id, kind: row.kind }, 'partner task finished after another worker took it over; its result is not recorded');
    }
  } catch (err) {
    const message = (err as Error).message || 'Unexpected error';
    if (err instanceof GiveUp || row.attempts >= MAX_ATTEMPTS) {
      log.warn({ taskId: id, kind: row.kind, attempts: row.attempts, error: message }, 'partner task failed');
      await release({ status: 'failed', lastError: message });
    } else {
      const wait = retryDelayMs(row.attempts, err);
      log.info({ taskId: id, kind: row.kind, attempts: row.attempts, retryInMs: wait, error: message }, 'partner task will be retried');
      await release({ status: 'pending', lastError: message, nextAttemptAt: new Date(now().getTime() + wait).toISOString() });
    }
  } finally {
    clearInterval(lease);
  }
  return true;
}

/** Runs due tasks until none is due (tests, and a "Sync now"). */
export async function drainTasks(dbh: DbHandle, config: AppConfig, log: Logger, handlers: TaskHandlers, opts: RunOptions = {}): Promise<number> {
  let n = 0;
  while (await runOneTask(dbh, config, log, handlers, opts)) n++;
  return n;
}

/** Polls for due tasks until stopped (every API process runs one). */
export function startTaskWorker(dbh: DbHandle, config: AppConfig, log: Logger, handlers: TaskHandlers, intervalMs = 1000) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    if (stopped) return;
    try {
      while (!stopped && (await runOneTask(dbh, config, log, handlers)));
    } catch (err) {
      log.error({ err }, 'partner task worker loop');
    }
    if (!stopped) timer = setTimeout(loop, intervalMs);
  };
  timer = setTimeout(loop, 0);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

function taskView(t: Awaited<ReturnType<typeof findTask>> & object): TaskView {
  return {
    id: t.id, kind: t.kind, status: t.status as TaskView['status'], attempts: t.attempts, nextAttemptAt: t.next_attempt_at,
    lastError: t.last_error, subjectType: t.subject_type, subjectId: t.subject_id, createdAt: t.created_at, updatedAt: t.updated_at,
  };
}

/** The partner work a company waits on or that failed (the seller's retry queue), oldest first. */
export async function listTasks(dbh: DbHandle, actor: ServiceActor, statuses: TaskView['status'][], kinds: string[] | null): Promise<TaskView[]> {
  return (await tasksOfCompany(dbh.db, actor.scope ? [...actor.scope] : null, statuses, kinds, 200)).map(taskView);
}

/** What the partners did or owe about one subject (an order), newest first. */
export async function tasksOf(dbh: DbHandle, subjectType: string, subjectId: string): Promise<TaskView[]> {
  return (await tasksAbout(dbh.db, subjectType, subjectId)).map(taskView);
}

/** "Retry": a failed task goes back in the queue, due now. */
export async function retryTask(dbh: DbHandle, actor: ServiceActor, id: string): Promise<TaskView> {
  const t = await findTask(dbh.db, id);
  if (!t || (actor.scope && (!t.company_id || !actor.scope.includes(t.company_id)))) throw notFound('Task not found');
  if (!(await requeueTask(dbh.db, id, nowIso()))) throw conflict('Only a failed task can be retried');
  return taskView((await findTask(dbh.db, id))!);
}
