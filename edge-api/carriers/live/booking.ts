/**
 * A booking at a live courier is made at most once per order and attempt.
 *
 * The attempt is a durable task keyed `courier.book:<order>:<attempt>` and
 * recorded before any call. It is run at once while the seller waits; when the
 * courier times out, fails or is down, the task stays in the queue (the
 * seller's retry list, /api/integrations/tasks) and is retried later. Any run
 * after the first, and the first run of a later attempt, looks the order up at
 * the courier by our order reference before booking again: a booking the
 * courier made while we stopped listening (a timeout, a crash before our
 * commit) is found, not doubled. A retry after success answers the first AWB.
 * A refusal fails the attempt with the courier's own reason. An aggregator's
 * booking names the courier its quote priced (`Shipment.viaCourierId`, kept in
 * the attempt's payload): that courier or a refusal, never another courier.
 */
import type { Logger } from 'pino';
import type { DbHandle } from '../../../db/connect';
import { findTask } from '../../../db/integrations/tasks';
import type { AppConfig } from '../../env';
import { PartnerError } from '../../integrations/http';
import { enqueueTask, GiveUp, runOneTask, tasksOf, type TaskContext, type TaskHandler, type TaskHandlers } from '../../integrations/tasks';
import type { Carrier, Shipment } from '../types';
import { queueCourierLabel } from './labels';
import { liveCarrierOf } from './registry';
import { POLL_QUIET_HOURS, schedulePoll } from './tracking-poll';

export const BOOK_TASK = 'courier.book';

export type BookPayload = {
  connectionId: string; shipment: Shipment; lookupFirst: boolean;
  /** What the order needs when a queued booking succeeds later (the use case that queued it owns its shape). */
  ship?: unknown;
};

export type BookOutcome =
  | { ok: true; awb: string }
  | { ok: false; refused: true; reason: string }
  | { ok: false; refused: false; queued: true; reason: string; taskId: string };

/** The task handler: look up first when an earlier try may have reached the courier, then book. */
export const bookHandler: TaskHandler<BookPayload> = async (ctx) => {
  const r = await bookOrFind(ctx);
  const { connectionId, shipment } = ctx.task.payload;
  // The courier's own label is fetched beside it; its tracking is polled from now on, should the courier's pushes not come.
  await queueCourierLabel(ctx.dbh, { connectionId, orderId: shipment.orderId, awb: r.awb, companyId: ctx.task.companyId });
  if (ctx.task.companyId) await schedulePoll(ctx.dbh, { id: connectionId, companyId: ctx.task.companyId }, new Date(ctx.now().getTime() + POLL_QUIET_HOURS * 3600_000));
  return r;
};

async function bookOrFind({ dbh, config, log, task }: TaskContext<BookPayload>): Promise<{ ok: true; awb: string; foundAtCourier?: boolean }> {
  const { connectionId, shipment, lookupFirst } = task.payload;
  const carrier: Carrier | null = await liveCarrierOf(dbh, config, log, connectionId);
  if (!carrier) throw new GiveUp('The courier account is no longer connected');
  try {
    if ((lookupFirst || task.attempts > 1) && carrier.findBooking) {
      const found = await carrier.findBooking(dbh.db, shipment);
      if (found) return { ok: true, awb: found.awb, foundAtCourier: true };
    }
    const r = await carrier.book(dbh.db, shipment);
    if (!r.ok) throw new GiveUp(r.reason);
    return { ok: true, awb: r.awb };
  } catch (err) {
    // A 4xx other than throttling will not mend by itself (e.g. the priced courier no longer takes a shipment found
    // at the courier without an AWB): the courier's words, for good.
    if (err instanceof PartnerError && !err.transient) throw new GiveUp(err.message);
    throw err;
  }
}

export const BOOKING_HANDLERS: TaskHandlers = { [BOOK_TASK]: bookHandler as TaskHandler<never> };

/** Books `shipment` through the live connection, at most once per attempt; see the file's head. */
export async function bookOnce(
  dbh: DbHandle, config: AppConfig, log: Logger, input: { connectionId: string; companyId: string; shipment: Shipment; ship?: unknown }, opts: { now?: () => Date } = {},
): Promise<BookOutcome> {
  const earlier = (await tasksOf(dbh, 'order', input.shipment.orderId)).filter((t) => t.kind === BOOK_TASK);
  const live = earlier.find((t) => t.status !== 'failed');
  // An attempt still open (queued, running, or done) is the one answered; a refused one starts a new attempt.
  const id = live
    ? live.id
    : (await enqueueTask(dbh, {
      kind: BOOK_TASK, key: `${BOOK_TASK}:${input.shipment.orderId}:${earlier.length + 1}`, companyId: input.companyId, connectionId: input.connectionId, subject: { type: 'order', id: input.shipment.orderId },
      payload: { connectionId: input.connectionId, shipment: input.shipment, lookupFirst: earlier.length > 0, ship: input.ship } satisfies BookPayload, at: opts.now?.(),
    })).id;
  await runOneTask(dbh, config, log, BOOKING_HANDLERS, { taskId: id, now: opts.now });
  const row = (await findTask(dbh.db, id))!;
  if (row.status === 'done') return { ok: true, awb: (JSON.parse(row.result ?? '{}') as { awb: string }).awb };
  if (row.status === 'failed') return { ok: false, refused: true, reason: row.last_error ?? 'The courier refused the booking' };
  return { ok: false, refused: false, queued: true, reason: row.last_error ?? 'The booking is in progress', taskId: row.id };
}
