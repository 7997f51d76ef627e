// Order operations shared by the routes and the bulk job. Each runs inside
// one transaction: read the order (scoped), ask the transition table whether
// the actor may do this now, write through db/orders/status (version bump,
// timeline entry, status counts), or refuse without writing anything.
import type { Db } from '../../../db/connect';
import { OrderStateConflict, setOrderStatus, type Tx } from '../../../db/orders/status';
import { releaseInventory } from '../../../db/orders/inventory';
import { actionRefusal, ORDER_NOT_FOUND, type OrderActionKey } from '../../../domain/orders';
import type { Role } from '../../../domain/roles';
import { ApiFailure } from '../../lib/errors';
import { factsOf, findOrderRow, type OrderRow } from './queries';

export type ActorInfo = { role: Role; id: string | null; name: string };

/** Who the timeline says did it. */
export const trailActor = (a: ActorInfo) => ({ actorId: a.id, actorName: a.name, source: 'user' as const });

/**
 * Runs `fn` for one order the actor may see and may do `action` to, in a
 * transaction. 404 outside the scope, 403/409 from the transition table, 409
 * when the order changed meanwhile; nothing is written in any of these cases.
 */
export async function runOrderAction<T>(
  db: Db,
  input: { orderId: string; scope: readonly string[] | null; actor: ActorInfo; action: OrderActionKey },
  fn: (tx: Tx, row: OrderRow) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(async (tx) => {
      const row = await findOrderRow(tx, input.orderId, input.scope);
      if (!row) throw new ApiFailure(404, ORDER_NOT_FOUND);
      const refusal = actionRefusal(factsOf(row), { role: input.actor.role }, input.action);
      if (refusal) throw new ApiFailure(refusal.status, refusal.message);
      return await fn(tx, row);
    });
  } catch (e) {
    if (e instanceof OrderStateConflict) throw new ApiFailure(409, e.current ? `Order is now ${e.current}; please reload` : ORDER_NOT_FOUND);
    throw e;
  }
}

// READY TO SHIP lives in edge-api/services/orders/ready-to-ship.ts (courier choice, booking, invoice),
// called by the route and the bulk job alike.

/** → CANCELLED with the reason; stock held for the order is released. */
export async function cancelOrder(tx: Tx, row: OrderRow, actor: ActorInfo, reason: string) {
  await setOrderStatus(tx, {
    orderId: row.id,
    to: 'CANCELLED',
    from: [row.status],
    set: { cancel_reason: reason, inventory_blocked: 0 },
    trail: { description: `Order cancelled: ${reason}`, ...trailActor(actor) },
  });
  if (Number(row.inventory_blocked) === 1) await releaseInventory(tx, row, actor, `Released: order ${row.shop_order_id} cancelled`);
}
