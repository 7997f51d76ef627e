// What every order action shares (moved from routes/orders/operations.ts):
// one transaction that reads the order (scoped), asks the transition table
// whether the actor may do this now, then writes through db/orders/status
// (version bump, timeline entry, status counts), or refuses without writing.
import type { Db } from '../../../db/connect';
import { findOrderRow, type OrderRow } from '../../../db/orders/detail';
import { releaseInventory } from '../../../db/orders/inventory';
import { OrderStateConflict, setOrderStatus, type Tx } from '../../../db/orders/status';
import type { Order } from '../../../db/schema';
import { actionRefusal, type OrderActionKey, type OrderFacts } from '../../../domain/orders/actions';
import { ORDER_NOT_FOUND } from '../../../domain/orders/texts';
import { conflict, forbidden, notFound } from '../../../domain/refusal';
import type { ServiceActor } from '../audit/actor';

export type { OrderRow };
/** The order an action names, and the result of every order action: the route answers the order as it is afterwards. */
export type OrderRef = { orderId: string };

/** Who the timeline says did it. */
export const trailActor = (a: Pick<ServiceActor, 'id' | 'name'>) => ({ actorId: a.id, actorName: a.name, source: 'user' as const });

/** The facts of an order row that the transition table (domain/orders/actions.ts) reads. */
export function factsOf(o: Pick<Order, 'status' | 'shop_type' | 'order_type' | 'payment_mode' | 'inventory_blocked' | 'tracking_number'> & { whatsapp_ndr_active: number; clickpost_active: number }): OrderFacts {
  return {
    status: o.status,
    shopType: o.shop_type,
    orderType: Number(o.order_type),
    paymentMode: o.payment_mode,
    inventoryBlocked: Number(o.inventory_blocked) === 1,
    hasAwb: !!o.tracking_number,
    clickpostActive: Number(o.clickpost_active) === 1,
    whatsappNdrActive: Number(o.whatsapp_ndr_active) === 1,
  };
}

/**
 * Runs `fn` for one order the actor may see and may do `action` to, in a
 * transaction. Not found outside the scope, forbidden/conflict from the
 * transition table, conflict when the order changed meanwhile; nothing is
 * written in any of these cases.
 */
export async function runOrderAction<T>(db: Db, actor: ServiceActor, orderId: string, action: OrderActionKey, fn: (tx: Tx, row: OrderRow) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(async (tx) => {
      const row = await findOrderRow(tx, orderId, actor.scope);
      if (!row) throw notFound(ORDER_NOT_FOUND);
      const refusal = actionRefusal(factsOf(row), { role: actor.role }, action);
      if (refusal) throw refusal.status === 403 ? forbidden(refusal.message) : conflict(refusal.message);
      return await fn(tx, row);
    });
  } catch (e) {
    if (e instanceof OrderStateConflict) throw conflict(e.current ? `Order is now ${e.current}; please reload` : ORDER_NOT_FOUND);
    throw e;
  }
}

/** → CANCELLED with the reason; stock held for the order is released. */
export async function writeCancel(tx: Tx, row: OrderRow, actor: ServiceActor, reason: string) {
  await setOrderStatus(tx, {
    orderId: row.id,
    to: 'CANCELLED',
    from: [row.status],
    set: { cancel_reason: reason, inventory_blocked: 0 },
    trail: { description: `Order cancelled: ${reason}`, ...trailActor(actor) },
  });
  if (Number(row.inventory_blocked) === 1) await releaseInventory(tx, row, actor, `Released: order ${row.shop_order_id} cancelled`);
}
