import type { Logger } from 'pino';
import type { DbHandle } from '../../db/connect';
import type { AppConfig } from '../env';

/**
 * What a durable job's handler gets (edge-api/jobs/runner.ts runs it); `P` is the payload its kind is
 * queued with (JSON, as enqueueJob in db/jobs/queue.ts was given it). Services that hold a handler take
 * this type from here, so they never import edge-api/jobs/.
 */
export type JobContext<P = unknown> = {
  dbh: DbHandle;
  config: AppConfig;
  log: Logger;
  job: { id: string; kind: string; companyId: string | null; userId: string | null; payload: P };
  /** Records progress; throws JobLostError when this worker no longer holds the job. */
  progress: (done: number, total?: number) => Promise<void>;
  /**
   * Makes a side effect once per job: `act` runs only if no earlier holder of the job recorded `key`;
   * otherwise the earlier result (null if that run never reported one) comes back with `ran: false`.
   * Throws JobLostError, without acting, when this worker no longer holds the job.
   */
  effect: <R>(key: string, act: () => Promise<R>) => Promise<{ ran: true; result: R } | { ran: false; result: R | null }>;
};
export type JobHandler<P = unknown> = (ctx: JobContext<P>) => Promise<unknown>;
/** Every job kind a worker runs, and its handler (edge-api/jobs/handlers.ts names the product's). */
export type JobHandlers = Readonly<Record<string, JobHandler<never>>>;
