// Queries of problem orders (NDR, unserviceable) and buyers' requests. `db`/`tx` first.
import type { Tx } from '../orders/status';
import type { NdrCase, NdrTrail } from '../../domain/ndr';
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

/** The orders (in scope), their timelines (oldest first) and each one's latest buyer request, for the NDR workspace. */
export async function ndrFacts(tx: Tx, orderIds: readonly string[], scope: readonly string[] | null) {
  let q = tx.selectFrom('orders').select(['id', 'status']).where('id', 'in', orderIds.length ? [...orderIds] : ['']);
  if (scope) q = q.where('company_id', 'in', scope.length ? [...scope] : ['']);
  const orders = await q.execute();
  const ids = orders.map((o) => o.id);
  const trails = new Map<string, NdrTrail[]>();
  const requests = new Map<string, NdrCase['request']>();
  if (!ids.length) return { orders, trails, requests };
  const rows = await tx
    .selectFrom('order_trails')
    .select(['order_id', 'status', 'description', 'source', 'created_at'])
    .where('order_id', 'in', ids)
    .orderBy('order_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = trails.get(r.order_id) ?? [];
    list.push({ status: r.status, description: r.description, source: r.source, createdAt: r.created_at });
    trails.set(r.order_id, list);
  }
  const reqs = await tx
    .selectFrom('customer_requests')
    .select(['order_id', 'kind', 'status', 'created_at', 'decided_at'])
    .where('order_id', 'in', ids)
    .orderBy('created_at')
    .execute();
  for (const r of reqs) requests.set(r.order_id, { kind: r.kind, status: r.status, createdAt: r.created_at, decidedAt: r.decided_at ?? null });
  return { orders, trails, requests };
}
