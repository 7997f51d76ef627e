// The order list's filter as SQL: the conditions of the planner's statements
// (`orderListWhere`) and of an arm's index walk (`armWhere`), the search box's
// condition, and what a filter needs (the status counts alone, or columns the
// sort indexes do not carry).
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../schema';
import type { Cursor } from '../../domain/orders/cursor';
import '../tables/orders';

export type OrderListFilter = {
  /** Company ids the caller may see (null = all, admin). */
  companyIds: readonly string[] | null;
  /** Effective statuses (null = any). */
  statuses: readonly string[] | null;
  /** created_at bounds, ISO. */
  createdFrom?: string;
  createdTo?: string;
  q?: string;
  paymentMode?: string;
  shopType?: string;
  orderType?: number;
  /** Courier name (`shipper`), warehouse id, delivery pincode: equalities (indexes under company, migration 2026-11-25T0900). */
  courier?: string;
  warehouseId?: string;
  pincode?: string;
  /** An SKU among the order's items (index order_items (sku, order_id)). */
  sku?: string;
  /** The D2R beat (index orders (company_id, beat_id), migration 2026-11-24T1200). */
  beatId?: string;
  /** A delivery cluster (id): the order's delivery pincode is one of the cluster's (index cluster_pincodes_cluster). */
  clusterId?: string;
};

/** True when the filter is only companies and statuses, so the status counts give the exact total. */
export function countableFromStatusCounts(f: OrderListFilter): boolean {
  return !f.createdFrom && !f.createdTo && !f.q && !f.paymentMode && !f.shopType && f.orderType === undefined && !hasFindFilter(f);
}

/** Filters on columns the sort indexes do not carry (courier, warehouse, pincode, SKU). */
export function hasFindFilter(f: OrderListFilter): boolean {
  return !!(f.courier || f.warehouseId || f.pincode || f.sku || f.beatId || f.clusterId);
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const inList = (xs: readonly string[]) => (xs.length ? [...xs] : ['']);

/** The orders one walk reads: one company's, or one company's in one status. */
export type Arm = { companyId: string; status: string | null };

/** Where a walk starts: past the cursor's (sort key, id) on the sort column. */
export type Seek = { col: string; cmp: '<' | '>'; cursor: Cursor | null | undefined };

/** The filter as a Kysely condition (planner-chosen statements and counts). */
export function orderListWhere(f: OrderListFilter) {
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const and: Expression<SqlBool>[] = [];
    if (f.companyIds) and.push(eb('company_id', 'in', inList(f.companyIds)));
    if (f.statuses) and.push(eb('status', 'in', inList(f.statuses)));
    if (f.createdFrom) and.push(eb('created_at', '>=', f.createdFrom));
    if (f.createdTo) and.push(eb('created_at', '<=', f.createdTo));
    if (f.paymentMode) and.push(eb('payment_mode', '=', f.paymentMode));
    if (f.shopType) and.push(eb('shop_type', '=', f.shopType));
    if (f.orderType !== undefined) and.push(eb('order_type', '=', f.orderType));
    if (f.courier) and.push(eb('shipper', '=', f.courier));
    if (f.warehouseId) and.push(eb('warehouse_id', '=', f.warehouseId));
    if (f.pincode) and.push(eb('shipping_pincode', '=', f.pincode));
    if (f.sku) and.push(eb('id', 'in', eb.selectFrom('order_items').select('order_items.order_id').where('order_items.sku', '=', f.sku)));
    if (f.beatId) and.push(eb('beat_id', '=', f.beatId));
    if (f.clusterId) and.push(eb('shipping_pincode', 'in', eb.selectFrom('cluster_pincodes').select('cluster_pincodes.pincode').where('cluster_pincodes.cluster_id', '=', f.clusterId)));
    if (f.q) and.push(searchSql(f.q));
    return eb.and(and);
  };
}

/**
 * The search box's condition: order id prefix, AWB, phone, internal id, or the
 * start of the customer's name (case-insensitive, from 3 characters, on the
 * lower(customer_name) indexes of migration 2026-11-24T1301). One piece for the
 * planner's statements (`where`) and the arms' walks (`armWhere`).
 */
export function searchSql(raw: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(searchBranches(raw), sql` OR `)})`;
}

/**
 * The search's alternatives, each one index range (the search matches an
 * order when any of them does). A sorted search arm reads each through its
 * own index and merges them (list.ts), so the name's, the largest, is read
 * from its covering index alone on PostgreSQL (migration 2026-12-02T0100).
 */
export function searchBranches(raw: string): RawBuilder<SqlBool>[] {
  const q = raw.trim();
  const any: RawBuilder<SqlBool>[] = [sql`(shop_order_id >= ${q} AND shop_order_id < ${`${q}\uffff`})`, sql`tracking_number = ${q}`, sql`customer_phone = ${q}`];
  if (UUID_RE.test(q)) any.push(sql`id = ${q.toLowerCase()}`);
  if (q.length >= 3 && /[a-z]/i.test(q) && !UUID_RE.test(q)) {
    const name = q.toLowerCase().replace(/\s+/g, ' ');
    any.push(sql`(lower(customer_name) >= ${name} AND lower(customer_name) < ${`${name}\uffff`})`);
  }
  return any;
}

/** Arm conditions: the arm's prefix, the filters, and the seek from the cursor; `branch`: one of the search's alternatives in place of the whole search. */
export function armWhere(f: OrderListFilter, arm: Arm, w: Seek | null, branch?: RawBuilder<SqlBool>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`company_id = ${arm.companyId}`];
  if (arm.status) parts.push(sql`status = ${arm.status}`);
  if (f.createdFrom) parts.push(sql`created_at >= ${f.createdFrom}`);
  if (f.createdTo) parts.push(sql`created_at <= ${f.createdTo}`);
  // An order is never updated before it was created: a bound the updated_at walk can start from.
  if (f.createdFrom && w?.col === 'updated_at') parts.push(sql`updated_at >= ${f.createdFrom}`);
  if (f.paymentMode) parts.push(sql`payment_mode = ${f.paymentMode}`);
  if (f.shopType) parts.push(sql`shop_type = ${f.shopType}`);
  if (f.orderType !== undefined) parts.push(sql`order_type = ${f.orderType}`);
  if (f.q) parts.push(branch ?? searchSql(f.q));
  if (f.courier) parts.push(sql`shipper = ${f.courier}`);
  if (f.warehouseId) parts.push(sql`warehouse_id = ${f.warehouseId}`);
  if (f.pincode) parts.push(sql`shipping_pincode = ${f.pincode}`);
  if (f.sku) parts.push(sql`id IN (SELECT order_id FROM order_items WHERE sku = ${f.sku})`);
  if (f.beatId) parts.push(sql`beat_id = ${f.beatId}`);
  if (f.clusterId) parts.push(sql`shipping_pincode IN (SELECT pincode FROM cluster_pincodes WHERE cluster_id = ${f.clusterId})`);
  if (w?.cursor) parts.push(sql`(${sql.ref(w.col)}, id) ${sql.raw(w.cmp)} (${w.cursor.value}, ${w.cursor.id})`);
  return sql.join(parts, sql` AND `);
}
