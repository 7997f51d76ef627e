// The orders workspace's side lists: missed orders and buyers' requests (NDR)
// of the caller's companies. `db` first; `scope` null = all companies.
import type { Db } from '../connect';
import type { MissedOrderQuery } from '../../domain/orders/filters';
import { istDayEnd, istDayStart } from '../../domain/orders/ist-dates';
import { textMatches } from '../search';

const inList = (ids: readonly string[]) => (ids.length ? [...ids] : ['']);

/** One page of missed orders, the filtered total, and the count per status of all of them. */
export async function missedOrdersPage(db: Db, scope: readonly string[] | null, q: MissedOrderQuery) {
  let base = db.selectFrom('missed_orders');
  if (scope) base = base.where('company_id', 'in', inList(scope));
  let filtered = base;
  if (q.status) filtered = filtered.where('status', 'in', q.status);
  if (q.sync) filtered = filtered.where('synced', '=', q.sync === 'synced' ? 1 : 0);
  if (q.q) filtered = filtered.where((eb) => textMatches(eb.ref('shop_order_id'), q.q!));
  if (q.from) filtered = filtered.where('created_at', '>=', istDayStart(q.from));
  if (q.to) filtered = filtered.where('created_at', '<=', istDayEnd(q.to));
  const [rows, total, byStatus] = await Promise.all([
    filtered
      .select(['id', 'company_id', 'shop_order_id', 'status', 'synced', 'reason', 'created_at'])
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.select((eb) => ['status', eb.fn.countAll<number>().as('n')]).groupBy('status').execute(),
  ]);
  return { rows, total: Number(total.n), byStatus };
}

/** One page of buyers' requests with their orders, newest first, and the total. */
export async function customerRequestsPage(db: Db, scope: readonly string[] | null, q: { status?: 'OPEN' | 'DONE'; page: number; pageSize: number }) {
  let base = db.selectFrom('customer_requests as r').innerJoin('orders as o', 'o.id', 'r.order_id');
  if (scope) base = base.where('r.company_id', 'in', inList(scope));
  if (q.status) base = base.where('r.status', '=', q.status);
  const [rows, total] = await Promise.all([
    base
      .select([
        'r.id', 'r.order_id', 'r.company_id', 'r.kind', 'r.status', 'r.created_at', 'o.shop_order_id', 'o.customer_name',
        'o.customer_phone', 'o.tracking_number', 'o.status as order_status', 'o.shipping_city',
      ])
      .orderBy('r.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** One buyer's request (inside `scope`) with its order. */
export async function customerRequestWithOrder(db: Db, id: string, scope: readonly string[] | null) {
  let q = db
    .selectFrom('customer_requests as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'r.id', 'r.order_id', 'r.company_id', 'r.kind', 'r.payload', 'r.status', 'r.created_at', 'o.shop_order_id', 'o.customer_name',
      'o.customer_phone', 'o.tracking_number', 'o.status as order_status', 'o.shipping_address', 'o.shipper',
    ])
    .where('r.id', '=', id);
  if (scope) q = q.where('r.company_id', 'in', inList(scope));
  return q.executeTakeFirst();
}
