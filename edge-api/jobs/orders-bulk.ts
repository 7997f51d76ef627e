// Bulk "Mark Ready To Ship" as a durable job: each order in its own
// transaction through the same rule and write as the single action, progress
// reported as it goes, and a result listing what could not be marked and why.
import { ApiFailure } from '../lib/errors';
import { isRefusal } from '../../domain/refusal';
import type { JobContext } from '../lib/job-context';
import type { BulkReadyToShipPayload, BulkReadyToShipResult } from '../services/orders/bulk';
import { readyToShip } from '../services/orders/ready-to-ship';

export async function runBulkReadyToShipJob({ dbh, config, log, job, progress }: JobContext<BulkReadyToShipPayload>): Promise<BulkReadyToShipResult> {
  const { orderIds, actor, scope } = job.payload;
  const failed: BulkReadyToShipResult['failed'] = [];
  let done = 0;
  for (const orderId of orderIds) {
    try {
      // The same use case as the single action: the same courier allocation, booking (at the company's live
      // courier account where it has one) and invoice.
      await readyToShip(dbh.db, { ...actor, scope }, { orderId }, { dbh, config, log });
    } catch (e) {
      if (!(e instanceof ApiFailure) && !isRefusal(e)) throw e;
      failed.push({ orderId, reason: e.message });
    }
    done += 1;
    if (done % 10 === 0 || done === orderIds.length) await progress(done, orderIds.length);
  }
  return { total: orderIds.length, succeeded: orderIds.length - failed.length, failed };
}
