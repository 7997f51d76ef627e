/**
 * What the store is told, as durable tasks (db/channels/orders.ts enqueues
 * them keyed by the order): the shipment (AWB, courier, tracking URL) and a
 * cancellation. Each handler looks at the store first, so a retry after a
 * timeout never writes twice; a store's refusal (4xx) fails the task with its
 * message, shown on the order and retried from there.
 */
import { shipmentOf } from '../../../db/channels/orders';
import { PartnerError } from '../http';
import { openConnection } from '../connections';
import { GiveUp, type TaskContext } from '../tasks';

export type EffectPayload = { orderId: string };

/** A 4xx other than 429 will not mend by itself: fail now with the store's words. */
export function refusedForGood(err: unknown): never {
  if (err instanceof PartnerError && err.status !== undefined && err.status >= 400 && err.status < 500 && err.status !== 429) throw new GiveUp(err.message);
  throw err;
}

/** The order, its store order id and its connection opened, for an effect task. */
export async function effectSubject<S, C>(ctx: TaskContext<EffectPayload>) {
  const o = await shipmentOf(ctx.dbh.db, ctx.task.payload.orderId);
  if (!o?.store_order_id || !o.connection_id) throw new GiveUp('The order is not linked to a store order');
  const conn = await openConnection<S, C>(ctx.dbh, ctx.config, o.connection_id);
  if (!conn) throw new GiveUp('The store connection was removed');
  return { order: o, conn, trackingUrl: o.tracking_number ? `${ctx.config.publicUrl}/track/${encodeURIComponent(o.tracking_number)}` : null };
}
