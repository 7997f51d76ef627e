// The order list: seek (keyset) pagination over indexes that match each sort.
//
// Sort keys: 'id' → (created_at, id) (ids are time-ordered, so this is creation
// order), 'updatedAt' → (updated_at, id), 'totalPaise' → (total_paise, id). Each
// has an index under (company_id, status, key, id) and (company_id, key, id),
// both carrying the filter columns (migration 2026-11-22T0400).
//
// A page is found in two steps. Keys: one "arm" per (company, status) pair that
// has orders (per company for the All section), each an index range walk from
// the cursor in sort order that stops after n rows, merged with UNION ALL; so
// the cost is about (arms × n) index entries whatever the depth or the table
// size, and never a sort of the whole section. Rows: the page's orders by id.
// On SQLite the arm's index is named (INDEXED BY): the planner otherwise
// sometimes prefers an equality index and sorts the whole arm. Filters are
// tested inside the index (it carries their columns), no row is read.
// With filters the index range does not cover, each arm's matches are first
// counted (up to a few hundred, through the best index): empty arms are
// skipped and sparse ones sorted instead of walked, so no walk crosses a
// long stretch of non-matching rows. Searches (point lookups) go to the planner.
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../connect';
import type { Database } from '../schema';
import type { Cursor, SortField, SortOrder } from '../../domain/orders';
import type { Tx } from './status';
import '../tables/orders';

export const SORT_COLUMNS = { id: 'created_at', updatedAt: 'updated_at', totalPaise: 'total_paise' } as const satisfies Record<SortField, string>;
/** Index per sort key: under (company, status) and under company alone. */
const SORT_INDEXES: Record<SortField, { withStatus: string; companyOnly: string }> = {
  id: { withStatus: 'orders_co_st_created', companyOnly: 'orders_co_created_id' },
  updatedAt: { withStatus: 'orders_co_st_updated', companyOnly: 'orders_co_updated' },
  totalPaise: { withStatus: 'orders_co_st_total', companyOnly: 'orders_co_total' },
};
/** Beyond this many matches a filtered count answers "more than". */
export const COUNT_CAP = 2000;
/** More arms than this (SQLite allows 500 compound terms) and the planner gets one statement. */
const MAX_ARMS = 400;
/** An arm with at most this many matches is sorted rather than walked. */
const SPARSE_ARM = 300;

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
};

export type OrderListPage = {
  sortField: SortField;
  sortOrder: SortOrder;
  pageSize: number;
  page?: number | 'last';
  cursor?: Cursor | null;
  dir?: 'next' | 'prev';
  /** Exact number of matches when known (the last page then holds the remainder). */
  total?: number | null;
};

const LIST_COLUMNS = [
  'id', 'company_id', 'warehouse_id', 'shop_order_id', 'external_order_id', 'status', 'shop_type', 'order_type', 'payment_mode',
  'total_paise', 'tracking_number', 'shipper', 'customer_name', 'customer_phone', 'shipping_city', 'shipping_state',
  'shipping_pincode', 'remittance_status', 'created_at', 'updated_at',
] as const;

export type OrderListRow = {
  id: string;
  company_id: string;
  warehouse_id: string | null;
  shop_order_id: string;
  external_order_id: string | null;
  status: string;
  shop_type: string;
  order_type: number;
  payment_mode: string;
  total_paise: number;
  tracking_number: string | null;
  shipper: string | null;
  customer_name: string;
  customer_phone: string;
  shipping_city: string;
  shipping_state: string;
  shipping_pincode: string;
  remittance_status: string | null;
  created_at: string;
  updated_at: string;
};

/** True when the filter is only companies and statuses, so the status counts give the exact total. */
export function countableFromStatusCounts(f: OrderListFilter): boolean {
  return !f.createdFrom && !f.createdTo && !f.q && !f.paymentMode && !f.shopType && f.orderType === undefined;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const inList = (xs: readonly string[]) => (xs.length ? [...xs] : ['']);

type Arm = { companyId: string; status: string | null };

/**
 * The arms of a listing, from the status counts (pairs with no orders are
 * skipped): per company for the All section, per (company, status) for a
 * section's statuses.
 */
async function armsOf(db: Tx, f: OrderListFilter, perStatus: boolean): Promise<Arm[]> {
  let q = db.selectFrom('order_status_counts').select(['company_id', 'status']).where('count', '>', 0);
  if (f.companyIds) q = q.where('company_id', 'in', inList(f.companyIds));
  if (f.statuses) q = q.where('status', 'in', inList(f.statuses));
  const rows = await q.orderBy('company_id').orderBy('status').execute();
  if (perStatus) return rows.map((r) => ({ companyId: r.company_id, status: r.status }));
  return [...new Set(rows.map((r) => r.company_id))].map((companyId) => ({ companyId, status: null }));
}

/** The filter as a Kysely condition (planner-chosen statements and counts). */
function where(f: OrderListFilter) {
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const and: Expression<SqlBool>[] = [];
    if (f.companyIds) and.push(eb('company_id', 'in', inList(f.companyIds)));
    if (f.statuses) and.push(eb('status', 'in', inList(f.statuses)));
    if (f.createdFrom) and.push(eb('created_at', '>=', f.createdFrom));
    if (f.createdTo) and.push(eb('created_at', '<=', f.createdTo));
    if (f.paymentMode) and.push(eb('payment_mode', '=', f.paymentMode));
    if (f.shopType) and.push(eb('shop_type', '=', f.shopType));
    if (f.orderType !== undefined) and.push(eb('order_type', '=', f.orderType));
    if (f.q) {
      const q = f.q.trim();
      const any: Expression<SqlBool>[] = [
        eb.and([eb('shop_order_id', '>=', q), eb('shop_order_id', '<', `${q}\uffff`)]),
        eb('tracking_number', '=', q),
        eb('customer_phone', '=', q),
      ];
      if (UUID_RE.test(q)) any.push(eb('id', '=', q.toLowerCase()));
      and.push(eb.or(any));
    }
    return eb.and(and);
  };
}

/** Number of matches, exact up to `cap`; `capped` when there are more. */
export async function countOrders(db: Tx, f: OrderListFilter, cap = COUNT_CAP): Promise<{ count: number; capped: boolean }> {
  const inner = db.selectFrom('orders').select(sql<number>`1`.as('one')).where(where(f)).limit(cap + 1);
  const r = await db.selectFrom(inner.as('m')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const n = Number(r.n);
  return { count: Math.min(n, cap), capped: n > cap };
}

type Walk = { col: string; dir: 'asc' | 'desc'; cmp: '<' | '>'; cursor: Cursor | null | undefined; n: number };

/** Arm conditions: the arm's prefix, the filters, and the seek from the cursor. */
function armWhere(f: OrderListFilter, arm: Arm, w: Walk | null): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`company_id = ${arm.companyId}`];
  if (arm.status) parts.push(sql`status = ${arm.status}`);
  if (f.createdFrom) parts.push(sql`created_at >= ${f.createdFrom}`);
  if (f.createdTo) parts.push(sql`created_at <= ${f.createdTo}`);
  // An order is never updated before it was created: a bound the updated_at walk can start from.
  if (f.createdFrom && w?.col === 'updated_at') parts.push(sql`updated_at >= ${f.createdFrom}`);
  if (f.paymentMode) parts.push(sql`payment_mode = ${f.paymentMode}`);
  if (f.shopType) parts.push(sql`shop_type = ${f.shopType}`);
  if (f.orderType !== undefined) parts.push(sql`order_type = ${f.orderType}`);
  if (w?.cursor) parts.push(sql`(${sql.ref(w.col)}, id) ${sql.raw(w.cmp)} (${w.cursor.value}, ${w.cursor.id})`);
  return sql.join(parts, sql` AND `);
}

/**
 * One arm: the next n keys of one company (or company and status) in sort
 * order. `walk` names the sort key's index (SQLite); a sparse arm is left to
 * the planner, which finds its few matches through another index and sorts them.
 */
function armSql(dialect: Dialect, f: OrderListFilter, arm: Arm, sortField: SortField, w: Walk, walk: boolean): RawBuilder<unknown> {
  const idx = arm.status ? SORT_INDEXES[sortField].withStatus : SORT_INDEXES[sortField].companyOnly;
  const col = sql.ref(w.col);
  const from = dialect === 'sqlite' && walk ? sql.raw(`orders INDEXED BY ${idx}`) : sql.raw('orders');
  const dir = sql.raw(w.dir);
  return sql`SELECT ${col} AS k, id FROM ${from} WHERE ${armWhere(f, arm, w)} ORDER BY ${col} ${dir}, id ${dir} LIMIT ${w.n}`;
}

/**
 * Matches per arm, counted up to `cap` in one statement; the filters alone
 * (no cursor, no walk bound) are all columns of the (company, status, created_at)
 * and facet indexes, so each count reads at most cap + 1 index entries' worth.
 */
async function armSizes(db: Tx, f: OrderListFilter, arms: Arm[], cap: number): Promise<number[]> {
  const parts = arms.map(
    (a, i) => sql`SELECT ${i} AS arm, (SELECT count(*) FROM (SELECT 1 FROM orders WHERE ${armWhere(f, a, null)} LIMIT ${cap + 1}) AS m) AS n`,
  );
  const r = await sql<{ arm: number; n: number }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  const out = new Array<number>(arms.length).fill(0);
  for (const row of r.rows) out[Number(row.arm)] = Number(row.n);
  return out;
}

/** The keys of one page: per-arm walks merged, or one planner-chosen statement (searches). */
async function pageKeys(db: Tx, dialect: Dialect, f: OrderListFilter, sortField: SortField, w: Walk, offset: number, limit: number): Promise<string[]> {
  const dir = sql.raw(w.dir);
  if (f.q) {
    let q = db.selectFrom('orders').select('id').where(where(f));
    if (w.cursor) {
      const c = w.cursor;
      q = q.where((eb) => eb(eb.refTuple(w.col as 'created_at', 'id'), w.cmp, eb.tuple(c.value as string, c.id)));
    }
    const rows = await q.orderBy(sql.ref(w.col), w.dir).orderBy('id', w.dir).limit(limit).offset(offset).execute();
    return rows.map((r) => r.id);
  }
  // Filters the sort key's index range does not cover are tested during the walk.
  const residual = !!(f.paymentMode || f.shopType || f.orderType !== undefined || ((f.createdFrom || f.createdTo) && sortField !== 'id'));
  let arms = await armsOf(db, f, !!f.statuses);
  if (!arms.length) return [];
  let walk = arms.map(() => true);
  if (residual) {
    // A walk through an arm where the filters rarely match reads most of it: such
    // arms go to the planner instead, and arms with no match at all are dropped.
    const sizes = await armSizes(db, f, arms, SPARSE_ARM);
    walk = sizes.map((n) => n > SPARSE_ARM);
    const keep = sizes.map((n) => n > 0);
    arms = arms.filter((_, i) => keep[i]);
    walk = walk.filter((_, i) => keep[i]);
    if (!arms.length) return [];
  }
  if (arms.length > MAX_ARMS) {
    const rows = await db.selectFrom('orders').select('id').where(where(f)).orderBy(sql.ref(w.col), w.dir).orderBy('id', w.dir).limit(limit).offset(offset).execute();
    return rows.map((r) => r.id);
  }
  const n = offset + limit;
  const union = sql.join(
    arms.map((a, i) => sql`SELECT * FROM (${armSql(dialect, f, a, sortField, { ...w, n }, walk[i])}) AS ${sql.ref(`a${i}`)}`),
    sql` UNION ALL `,
  );
  const r = await sql<{ id: string }>`SELECT id FROM (${union}) AS u ORDER BY k ${dir}, id ${dir} LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return r.rows.map((x) => x.id);
}

/**
 * One page of orders and the cursors around it. Without a cursor: page 1, a
 * numbered page (offset; the first pages only) or the last page (the other end
 * of the sort, holding the remainder when the total is known).
 */
export async function listOrders(db: Tx, dialect: Dialect, f: OrderListFilter, p: OrderListPage) {
  const col = SORT_COLUMNS[p.sortField];
  const desc = p.sortOrder === 'DESC';
  const last = p.page === 'last';
  // Walking backwards: rows before the cursor, or the last page.
  const backwards = last || (p.cursor != null && p.dir === 'prev');
  const walkDesc = backwards ? !desc : desc;
  let limit = p.pageSize + 1;
  let offset = 0;
  if (last && p.total != null) limit = p.total % p.pageSize || p.pageSize;
  if (!last && !p.cursor && typeof p.page === 'number') offset = (p.page - 1) * p.pageSize;

  const keys =
    f.companyIds && f.companyIds.length === 0
      ? []
      : await pageKeys(db, dialect, f, p.sortField, { col, dir: walkDesc ? 'desc' : 'asc', cmp: walkDesc ? '<' : '>', cursor: p.cursor, n: limit }, offset, limit);
  const found = keys.length
    ? ((await db.selectFrom('orders').select([...LIST_COLUMNS]).where('id', 'in', keys).execute()) as unknown as OrderListRow[])
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  let rows = keys.map((k) => byId.get(k)).filter((r): r is OrderListRow => !!r);

  let hasNext: boolean;
  let hasPrev: boolean;
  if (last) {
    rows = rows.slice(0, p.pageSize).reverse();
    hasNext = false;
    hasPrev = p.total != null ? p.total > rows.length : rows.length === p.pageSize;
  } else if (backwards) {
    const more = rows.length > p.pageSize;
    rows = rows.slice(0, p.pageSize).reverse();
    hasPrev = more;
    hasNext = true;
  } else {
    hasNext = rows.length > p.pageSize;
    rows = rows.slice(0, p.pageSize);
    hasPrev = !!p.cursor || offset > 0;
  }
  const keyOf = (r: OrderListRow): Cursor => ({ sortField: p.sortField, value: r[col], id: r.id });
  return {
    rows,
    hasNext,
    hasPrev,
    first: rows.length ? keyOf(rows[0]) : null,
    last: rows.length ? keyOf(rows[rows.length - 1]) : null,
  };
}

/** Items of the listed orders, grouped by order id. */
export async function itemsOfOrders(db: Tx, orderIds: readonly string[]) {
  const by = new Map<string, { id: string; title: string; sku: string; quantity: number; catalogueId: string | null }[]>();
  if (!orderIds.length) return by;
  const rows = await db
    .selectFrom('order_items')
    .select(['id', 'order_id', 'title', 'sku', 'quantity', 'catalogue_id'])
    .where('order_id', 'in', [...orderIds])
    .execute();
  for (const r of rows) {
    const list = by.get(r.order_id) ?? [];
    list.push({ id: r.id, title: r.title, sku: r.sku, quantity: r.quantity, catalogueId: r.catalogue_id });
    by.set(r.order_id, list);
  }
  return by;
}
