/**
 * A booking at a live courier that could not be made while the seller waited
 * (the courier down or silent) stays queued (edge-api/carriers/live/booking.ts)
 * and the task worker tries it again. This is that worker's handler: when the
 * booking succeeds later the order it was queued for moves PLACED →
 * READY_TO_SHIP exactly as if it had been booked at once (shipBooked); when the
 * courier refuses it, the refusal is recorded on the order in the courier's
 * words (refuseBooking) and it stays PLACED. An order that moved on meanwhile
 * (cancelled, or shipped another way) keeps its state and the courier's AWB is
 * cancelled again.
 */
import { orderForShipping } from '../../../db/carriers/orders';
import { isRefusal } from '../../../domain/refusal';
import { bookHandler, BOOK_TASK, type BookPayload } from '../../carriers/live/booking';
import { liveCarrierOf } from '../../carriers/live/registry';
import { GiveUp, type TaskContext, type TaskHandler, type TaskHandlers } from '../../integrations/tasks';
import { refuseBooking, shipBooked, type ShipContext } from './ready-to-ship';

async function cancelAtCourier(ctx: TaskContext<BookPayload>, awb: string) {
  const carrier = await liveCarrierOf(ctx.dbh, ctx.config, ctx.log, ctx.task.payload.connectionId);
  await carrier?.cancel(ctx.dbh.db, awb);
}

export const bookAndShipHandler: TaskHandler<BookPayload> = async (ctx) => {
  const ship = ctx.task.payload.ship as ShipContext | undefined;
  const orderId = ctx.task.payload.shipment.orderId;
  let r: { ok: true; awb: string };
  try {
    r = (await bookHandler(ctx)) as { ok: true; awb: string };
  } catch (err) {
    if (err instanceof GiveUp && ship) {
      const o = await orderForShipping(ctx.dbh.db, orderId, ship.actor.scope);
      if (o) await refuseBooking(ctx.dbh.db, ship.actor, o, ship.quote, err.message).catch((e: unknown) => { if (!isRefusal(e)) throw e; });
    }
    throw err;
  }
  if (!ship) return r;
  const o = await orderForShipping(ctx.dbh.db, orderId, ship.actor.scope);
  if (!o || o.status !== 'PLACED' || o.tracking_number) {
    if (o?.tracking_number !== r.awb) await cancelAtCourier(ctx, r.awb);
    return { ...r, orderMovedOn: true };
  }
  try {
    await shipBooked(ctx.dbh.db, ship.actor, o, ship.quote, r.awb, (awb) => cancelAtCourier(ctx, awb));
  } catch (e) {
    // The order changed between our read and the write: it keeps its state (the AWB was cancelled again).
    if (!isRefusal(e)) throw e;
    return { ...r, orderMovedOn: true };
  }
  return r;
};

/** The booking task as the worker runs it (edge-api/integrations/handlers.ts). */
export const QUEUED_BOOKING_HANDLERS: TaskHandlers = { [BOOK_TASK]: bookAndShipHandler as TaskHandler<never> };
