// Bulk "Mark Ready To Ship" as a durable job: each order in its own
// transaction through the same rule and write as the single action, progress
// reported as it goes, and a result listing what could not be marked and why.
import { ApiFailure } from '../lib/errors';
import { isRefusal } from '../../domain/refusal';
import type { Role } from '../../domain/roles';
import { readyToShip } from '../services/orders/ready-to-ship';
import { registerJob } from './runner';

export const BULK_READY_TO_SHIP_JOB = 'orders.bulkReadyToShip';

export type BulkReadyToShipPayload = { orderIds: string[]; actor: { role: Role; id: string | null; name: string }; scope: string[] | null };
export type BulkReadyToShipResult = { total: number; succeeded: number; failed: { orderId: string; reason: string }[] };

registerJob(BULK_READY_TO_SHIP_JOB, async ({ dbh, job, progress }): Promise<BulkReadyToShipResult> => {
  const { orderIds, actor, scope } = job.payload as BulkReadyToShipPayload;
  const failed: BulkReadyToShipResult['failed'] = [];
  let done = 0;
  for (const orderId of orderIds) {
    try {
      // The same use case as the single action: the same courier allocation, booking and invoice.
      await readyToShip(dbh.db, { ...actor, scope }, { orderId });
    } catch (e) {
      if (!(e instanceof ApiFailure) && !isRefusal(e)) throw e;
      failed.push({ orderId, reason: e.message });
    }
    done += 1;
    if (done % 10 === 0 || done === orderIds.length) await progress(done, orderIds.length);
  }
  return { total: orderIds.length, succeeded: orderIds.length - failed.length, failed };
});
