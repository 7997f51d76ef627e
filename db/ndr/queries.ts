// Queries of problem orders (NDR, unserviceable) and buyers' requests. `db`/`tx` first.
import type { Tx } from '../orders/status';
import '../tables/ndr';

/** The order (in scope) with what the problem-order rules need. */
export async function problemOrder(tx: Tx, orderId: string, scope: readonly string[] | null) {
  let q = tx
    .selectFrom('orders')
    .select(['id', 'company_id', 'status', 'shipping_address', 'customer_phone', 'shipping_pincode', 'delivery_partner_id', 'inventory_blocked', 'shop_order_id', 'warehouse_id'])
    .where('id', '=', orderId);
  if (scope) q = q.where('company_id', 'in', scope.length ? [...scope] : ['']);
  return q.executeTakeFirst();
}
export type ProblemOrderRow = NonNullable<Awaited<ReturnType<typeof problemOrder>>>;

/** A buyer's request (in scope). */
export async function customerRequest(tx: Tx, requestId: string, scope: readonly string[] | null) {
  let q = tx.selectFrom('customer_requests').selectAll().where('id', '=', requestId);
  if (scope) q = q.where('company_id', 'in', scope.length ? [...scope] : ['']);
  return q.executeTakeFirst();
}

/** Marks an OPEN request decided; false when it was no longer OPEN. */
export async function decideRequest(tx: Tx, requestId: string, status: 'ACCEPTED' | 'DECLINED', by: string, at: string, reason: string | null): Promise<boolean> {
  const r = await tx
    .updateTable('customer_requests')
    .set({ status, decided_at: at, decided_by: by, decline_reason: reason })
    .where('id', '=', requestId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Active couriers. */
export async function activeCouriers(tx: Tx) {
  return tx.selectFrom('delivery_partners').select(['id', 'name']).where('status', '=', 1).orderBy('name').execute();
}
