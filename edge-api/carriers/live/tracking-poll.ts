/**
 * The tracking poll of a live courier connection: shipments booked through it
 * and still on their way, with no event for POLL_QUIET_HOURS (a push lost, a
 * courier that pushes nothing), are asked about at the courier's tracking API
 * and their scans recorded like a push (deduplicated against it), with the
 * weight the courier charged when its answer carries one (Delhivery's
 * `ChargedWeight`), recorded like a pushed one for weight reconciliation.
 *
 * It is a durable task per connection and hour (`courier.track-poll:<id>:<hour>`),
 * first scheduled when a booking succeeds; each run schedules the next while
 * the connection has shipments on their way, and stops when it has none.
 */
import type { DbHandle } from '../../../db/connect';
import { quietShipmentsOf } from '../../../db/tracking/carrier-events';
import { PartnerError } from '../../integrations/http';
import { openConnection } from '../../integrations/connections';
import { enqueueTask, GiveUp, type TaskHandler, type TaskHandlers } from '../../integrations/tasks';
import { recordCourierWeights } from '../../services/finance/weights';
import { recordCourierScans } from '../../services/tracking/courier-scans';
import { liveCarrierOf } from './registry';

export const TRACK_POLL_TASK = 'courier.track-poll';
/** A shipment with no event for this long is asked about. */
export const POLL_QUIET_HOURS = 4;
export const POLL_EVERY_MS = 3600_000;
/** At most this many shipments are asked about per run (the next run takes the rest). */
export const POLL_BATCH = 200;

/** Our statuses of a parcel still with the courier. */
export const ON_THE_WAY = [
  'READY_TO_SHIP', 'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'UNDELIVERED',
  'RTO_IN_TRANSIT', 'RTO_OUT_FOR_DELIVERY', 'RTO_UNDELIVERED', 'DTO_IN_TRANSIT', 'DTO_OUT_FOR_DELIVERY', 'DTO_UNDELIVERED',
] as const;

export type PollPayload = { connectionId: string };
/** `billed`: billed weights recorded for weight reconciliation (a weight already recorded, by push, poll or file, is not counted). */
export type PollResult = { asked: number; applied: number; duplicates: number; ignored: number; billed: number; failed: number; next: string | null };

/** Schedules the connection's poll for the hour of `at` (once per hour, however often asked). */
export async function schedulePoll(dbh: DbHandle, conn: { id: string; companyId: string }, at: Date) {
  const hour = Math.floor(at.getTime() / POLL_EVERY_MS);
  return enqueueTask(dbh, {
    kind: TRACK_POLL_TASK, key: `${TRACK_POLL_TASK}:${conn.id}:${hour}`, companyId: conn.companyId, connectionId: conn.id,
    payload: { connectionId: conn.id } satisfies PollPayload, at,
  });
}

export const pollHandler: TaskHandler<PollPayload> = async ({ dbh, config, log, task, now }) => {
  const conn = await openConnection(dbh, config, task.payload.connectionId);
  const carrier = conn ? await liveCarrierOf(dbh, config, log, conn.id) : null;
  if (!conn || !carrier?.track) throw new GiveUp('The courier account is no longer connected');
  const at = now();
  const quietSince = new Date(at.getTime() - POLL_QUIET_HOURS * 3600_000).toISOString();
  const quiet = await quietShipmentsOf(dbh.db, conn.id, ON_THE_WAY, quietSince, POLL_BATCH);
  const result: PollResult = { asked: 0, applied: 0, duplicates: 0, ignored: 0, billed: 0, failed: 0, next: null };
  for (const o of quiet) {
    result.asked++;
    try {
      const answer = await carrier.track(dbh.db, o.tracking_number!);
      const r = await recordCourierScans(dbh, conn, answer.scans, at);
      result.applied += r.applied;
      result.duplicates += r.duplicates;
      result.ignored += r.ignored.length;
      // The weight the courier charged, when its answer carries one: the same path as its push's.
      const w = await recordCourierWeights(dbh, conn, answer.billed, 'poll');
      result.billed += w.added;
    } catch (err) {
      // One shipment the courier could not answer for does not stop the others; it is asked again next hour.
      if (!(err instanceof PartnerError)) throw err;
      result.failed++;
      log.warn({ connectionId: conn.id, orderId: o.id, err: err.message }, 'courier tracking poll failed for a shipment');
    }
  }
  const farFuture = new Date(at.getTime() + 365 * 86400_000).toISOString();
  const stillOnTheWay = (await quietShipmentsOf(dbh.db, conn.id, ON_THE_WAY, farFuture, 1)).length > 0;
  if (stillOnTheWay) {
    const next = new Date(at.getTime() + POLL_EVERY_MS);
    await schedulePoll(dbh, conn, next);
    result.next = next.toISOString();
  }
  return result;
};

export const TRACKING_POLL_HANDLERS: TaskHandlers = { [TRACK_POLL_TASK]: pollHandler as TaskHandler<never> };
