/**
 * Store orders in Missed Orders (an unknown SKU) are imported again once the
 * catalogue has their SKUs: saving a catalogue item (by hand or in a bulk
 * upload) queues one retry job for the company, unless one is already waiting.
 * The job (runMissedRetryJob in ./sync.ts) imports each through importStoreOrder.
 */
import type { DbHandle } from '../../../db/connect';
import { hasMissedStoreOrders, queuedJobOf } from '../../../db/channels/sync';
import { enqueueJob } from '../../../db/jobs/queue';

export const MISSED_RETRY_JOB = 'channels.retry_missed';
export type MissedRetryPayload = { companyId: string };

/** Queues the company's missed store orders for another import; the job id, or null when none wait or a retry is already queued. */
export async function queueMissedOrderRetry(dbh: DbHandle, companyId: string): Promise<string | null> {
  if (!(await hasMissedStoreOrders(dbh.db, companyId))) return null;
  if (await queuedJobOf(dbh.db, MISSED_RETRY_JOB, companyId)) return null;
  return enqueueJob(dbh, { kind: MISSED_RETRY_JOB, payload: { companyId } satisfies MissedRetryPayload, companyId });
}
