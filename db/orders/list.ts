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
// With a single arm (one company's All, one status) the walk reads the listed
// columns itself, one statement like a hand-written one; with several the
// merged keys are joined to their rows in the same statement.
//
// The sidebar counts (per company and status, missed orders, open customer
// requests) are one statement; the arms come from the same rows. On SQLite the
// reads run through cached prepared statements (../prepared.ts).
import type SQLite from 'better-sqlite3';
import { sql, type Expression, type ExpressionBuilder, type InferResult, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Dialect } from '../connect';
import type { Database, Order } from '../schema';
import type { Cursor } from '../../domain/orders/cursor';
import type { SortField, SortOrder } from '../../domain/orders/paging';
import { compiledShape, readRows, readSql, type Reader } from '../prepared';
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
/** The same for a search (see pageRows). */
const SPARSE_SEARCH = 3000;

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
  'eway_bill',
] as const;

/** A row of the list: the orders table's LIST_COLUMNS. */
export type OrderListRow = Pick<Order, (typeof LIST_COLUMNS)[number]>;

/** True when the filter is only companies and statuses, so the status counts give the exact total. */
export function countableFromStatusCounts(f: OrderListFilter): boolean {
  return !f.createdFrom && !f.createdTo && !f.q && !f.paymentMode && !f.shopType && f.orderType === undefined && !hasFindFilter(f);
}

/** Filters on columns the sort indexes do not carry (courier, warehouse, pincode, SKU). */
function hasFindFilter(f: OrderListFilter): boolean {
  return !!(f.courier || f.warehouseId || f.pincode || f.sku || f.beatId || f.clusterId);
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const inList = (xs: readonly string[]) => (xs.length ? [...xs] : ['']);

type Arm = { companyId: string; status: string | null };

/** One row of order_status_counts. */
export type StatusCountRow = { company_id: string; status: string; count: number };

/** The sidebar's numbers over `scope` (null = all companies), read in one statement. */
export type SidebarCounts = {
  /** order_status_counts rows of the scope (zero counts included). */
  statusRows: StatusCountRow[];
  missedOrders: number;
  openRequests: number;
};

function sidebarQuery(db: Tx, scope: readonly string[] | null) {
  return db
    .selectFrom('order_status_counts')
    .select((eb) => [eb.ref('company_id').$castTo<string | null>().as('c'), 'status as s', 'count as n'])
    .$if(!!scope, (b) => b.where('company_id', 'in', inList(scope ?? [])))
    .unionAll(
      db
        .selectFrom('missed_orders')
        .select((eb) => [sql<string | null>`NULL`.as('c'), sql<string>`'missed'`.as('s'), eb.fn.countAll<number>().as('n')])
        .$if(!!scope, (b) => b.where('company_id', 'in', inList(scope ?? []))),
    )
    .unionAll(
      db
        .selectFrom('customer_requests')
        .select((eb) => [sql<string | null>`NULL`.as('c'), sql<string>`'requests'`.as('s'), eb.fn.countAll<number>().as('n')])
        .where('status', '=', 'OPEN')
        .$if(!!scope, (b) => b.where('company_id', 'in', inList(scope ?? []))),
    );
}

/** Read on every list page and sidebar refresh: compiled once per scope size. */
export async function readSidebarCounts(r: Reader, scope: readonly string[] | null): Promise<SidebarCounts> {
  const db = r.db as Tx;
  const shape = compiledShape(db, `orders.sidebar:${scope ? scope.length : 'all'}`, (arg) => sidebarQuery(db, scope && scope.map((_, i) => arg(i))));
  const out: SidebarCounts = { statusRows: [], missedOrders: 0, openRequests: 0 };
  for (const row of await readSql<InferResult<ReturnType<typeof sidebarQuery>>[number]>(r, shape.sql, shape.bind(scope ?? []))) {
    if (row.c !== null) out.statusRows.push({ company_id: row.c, status: row.s, count: Number(row.n) });
    else if (row.s === 'missed') out.missedOrders = Number(row.n);
    else out.openRequests = Number(row.n);
  }
  return out;
}

/** Per-status counts over `companyIds` (null = every row given), as readStatusCounts gives them. */
export function statusTotals(rows: readonly StatusCountRow[], companyIds: readonly string[] | null): Record<string, number> {
  const sums = new Map<string, number>();
  for (const r of rows) if (!companyIds || companyIds.includes(r.company_id)) sums.set(r.status, (sums.get(r.status) ?? 0) + r.count);
  const out: Record<string, number> = {};
  for (const [status, n] of sums) if (n > 0) out[status] = n;
  return out;
}

const byCompanyStatus = (a: StatusCountRow, b: StatusCountRow) =>
  a.company_id < b.company_id ? -1 : a.company_id > b.company_id ? 1 : a.status < b.status ? -1 : a.status > b.status ? 1 : 0;

/**
 * The arms of a listing, from the status counts (pairs with no orders are
 * skipped): per company for the All section, per (company, status) for a
 * section's statuses. `known`: order_status_counts rows covering the filter's
 * companies, already read (the sidebar's); otherwise they are read here.
 */
async function armsOf(r: Reader, f: OrderListFilter, perStatus: boolean, known?: readonly StatusCountRow[]): Promise<Arm[]> {
  let rows: StatusCountRow[];
  if (known) {
    rows = known
      .filter((x) => x.count > 0 && (!f.companyIds || f.companyIds.includes(x.company_id)) && (!f.statuses || f.statuses.includes(x.status)))
      .sort(byCompanyStatus);
  } else {
    let q = (r.db as Tx).selectFrom('order_status_counts').select(['company_id', 'status', 'count']).where('count', '>', 0);
    if (f.companyIds) q = q.where('company_id', 'in', inList(f.companyIds));
    if (f.statuses) q = q.where('status', 'in', inList(f.statuses));
    rows = await readRows(r, q.orderBy('company_id').orderBy('status'));
  }
  if (perStatus) return rows.map((x) => ({ companyId: x.company_id, status: x.status }));
  return [...new Set(rows.map((x) => x.company_id))].map((companyId) => ({ companyId, status: null }));
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

/** Number of matches, exact up to `cap`; `capped` when there are more. */
export async function countOrders(db: Tx, f: OrderListFilter, cap = COUNT_CAP, opts: { sqlite?: SQLite.Database } = {}): Promise<{ count: number; capped: boolean }> {
  const inner = db.selectFrom('orders').select(sql<number>`1`.as('one')).where(where(f)).limit(cap + 1);
  const [r] = await readRows({ db, sqlite: opts.sqlite }, db.selectFrom(inner.as('m')).select((eb) => eb.fn.countAll<number>().as('n')));
  const n = Number(r.n);
  return { count: Math.min(n, cap), capped: n > cap };
}

type Walk = { col: string; dir: 'asc' | 'desc'; cmp: '<' | '>'; cursor: Cursor | null | undefined; n: number };

/**
 * The search box's condition: order id prefix, AWB, phone, internal id, or the
 * start of the customer's name (case-insensitive, from 3 characters, on the
 * lower(customer_name) indexes of migration 2026-11-24T1301). One piece for the
 * planner's statements (`where`) and the arms' walks (`armWhere`).
 */
function searchSql(raw: string): RawBuilder<SqlBool> {
  const q = raw.trim();
  const any: RawBuilder<unknown>[] = [sql`(shop_order_id >= ${q} AND shop_order_id < ${`${q}\uffff`})`, sql`tracking_number = ${q}`, sql`customer_phone = ${q}`];
  if (UUID_RE.test(q)) any.push(sql`id = ${q.toLowerCase()}`);
  if (q.length >= 3 && /[a-z]/i.test(q) && !UUID_RE.test(q)) {
    const name = q.toLowerCase().replace(/\s+/g, ' ');
    any.push(sql`(lower(customer_name) >= ${name} AND lower(customer_name) < ${`${name}\uffff`})`);
  }
  return sql<SqlBool>`(${sql.join(any, sql` OR `)})`;
}

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
  if (f.q) parts.push(searchSql(f.q));
  if (f.courier) parts.push(sql`shipper = ${f.courier}`);
  if (f.warehouseId) parts.push(sql`warehouse_id = ${f.warehouseId}`);
  if (f.pincode) parts.push(sql`shipping_pincode = ${f.pincode}`);
  if (f.sku) parts.push(sql`id IN (SELECT order_id FROM order_items WHERE sku = ${f.sku})`);
  if (f.beatId) parts.push(sql`beat_id = ${f.beatId}`);
  if (f.clusterId) parts.push(sql`shipping_pincode IN (SELECT pincode FROM cluster_pincodes WHERE cluster_id = ${f.clusterId})`);
  if (w?.cursor) parts.push(sql`(${sql.ref(w.col)}, id) ${sql.raw(w.cmp)} (${w.cursor.value}, ${w.cursor.id})`);
  return sql.join(parts, sql` AND `);
}

const ROW_COLUMNS = sql.join(LIST_COLUMNS.map((c) => sql.ref(c)));
const JOINED_ROW_COLUMNS = sql.join(LIST_COLUMNS.map((c) => sql`${sql.ref(`o.${c}`)} AS ${sql.ref(c)}`));

/**
 * One arm: the next n entries of one company (or company and status) in sort
 * order, `what` of each (its key and id, or the listed columns). `walk` names
 * the sort key's index (SQLite); a sparse arm is left to the planner, which
 * finds its few matches through another index and sorts them.
 */
function armSql(dialect: Dialect, f: OrderListFilter, arm: Arm, sortField: SortField, w: Walk, walk: boolean, what: 'keys' | 'rows', offset = 0): RawBuilder<unknown> {
  const idx = arm.status ? SORT_INDEXES[sortField].withStatus : SORT_INDEXES[sortField].companyOnly;
  const col = sql.ref(w.col);
  const from = dialect === 'sqlite' && walk ? sql.raw(`orders INDEXED BY ${idx}`) : sql.raw('orders');
  const dir = sql.raw(w.dir);
  const cols = what === 'keys' ? sql`${col} AS k, id` : ROW_COLUMNS;
  const skip = offset ? sql` OFFSET ${offset}` : sql``;
  return sql`SELECT ${cols} FROM ${from} WHERE ${armWhere(f, arm, w)} ORDER BY ${col} ${dir}, id ${dir} LIMIT ${w.n}${skip}`;
}

/**
 * Matches per arm, counted up to `cap` in one statement; the filters alone
 * (no cursor, no walk bound) are all columns of the (company, status, created_at)
 * and facet indexes, so each count reads at most cap + 1 index entries' worth.
 */
async function armSizes(r: Reader, f: OrderListFilter, arms: Arm[], cap: number): Promise<number[]> {
  const parts = arms.map(
    (a, i) => sql`SELECT ${i} AS arm, (SELECT count(*) FROM (SELECT 1 FROM orders WHERE ${armWhere(f, a, null)} LIMIT ${cap + 1}) AS m) AS n`,
  );
  const rows = await readRows(r, sql<{ arm: number; n: number }>`${sql.join(parts, sql` UNION ALL `)}`.compile(r.db));
  const out = new Array<number>(arms.length).fill(0);
  for (const row of rows) out[Number(row.arm)] = Number(row.n);
  return out;
}

/** The listed columns of these orders, in the order of `keys` (ids no longer there are left out). */
async function rowsByIds(r: Reader, keys: readonly string[]): Promise<OrderListRow[]> {
  if (!keys.length) return [];
  const found = (await readRows(r, (r.db as Tx).selectFrom('orders').select([...LIST_COLUMNS]).where('id', 'in', [...keys]))) as unknown as OrderListRow[];
  const byId = new Map(found.map((x) => [x.id, x]));
  return keys.map((k) => byId.get(k)).filter((x): x is OrderListRow => !!x);
}

/**
 * The rows of one page in walk order: one arm's walk reading the columns
 * itself, per-arm walks merged and joined to their rows, or one planner-chosen
 * statement's keys and then their rows (searches, very many arms).
 */
async function pageRows(
  r: Reader, dialect: Dialect, f: OrderListFilter, sortField: SortField, w: Walk, offset: number, limit: number, known?: readonly StatusCountRow[],
): Promise<OrderListRow[]> {
  const db = r.db as Tx;
  const dir = sql.raw(w.dir);
  // Filters the sort key's index range does not cover are tested during the walk. A search
  // is one of them: where it matches many orders (a common first name) an arm walks its sort
  // index and tests each order, as it does for a filter; where it matches few (an AWB, a phone,
  // a rare name) the arm is sparse and the planner finds them through the search's indexes.
  const residual = !!(f.q || f.paymentMode || f.shopType || f.orderType !== undefined || hasFindFilter(f) || ((f.createdFrom || f.createdTo) && sortField !== 'id'));
  let arms = await armsOf(r, f, !!f.statuses, known);
  if (!arms.length) return [];
  let walk = arms.map(() => true);
  if (residual) {
    // A walk through an arm where the filters rarely match reads most of it: such
    // arms go to the planner instead, and arms with no match at all are dropped.
    // A search reads the table row of every order it tests (the name is not in the sort index): it walks
    // only where it matches often; below SPARSE_SEARCH matches sorting them is cheaper.
    const sparse = f.q ? SPARSE_SEARCH : SPARSE_ARM;
    const sizes = await armSizes(r, f, arms, sparse);
    walk = sizes.map((n) => n > sparse);
    const keep = sizes.map((n) => n > 0);
    arms = arms.filter((_, i) => keep[i]);
    walk = walk.filter((_, i) => keep[i]);
    if (!arms.length) return [];
  }
  if (arms.length > MAX_ARMS) {
    const keys = await readRows(r, db.selectFrom('orders').select('id').where(where(f)).orderBy(sql.ref(w.col), w.dir).orderBy('id', w.dir).limit(limit).offset(offset));
    return rowsByIds(r, keys.map((x) => x.id));
  }
  if (arms.length === 1) {
    return readRows(r, sql<OrderListRow>`${armSql(dialect, f, arms[0], sortField, { ...w, n: limit }, walk[0], 'rows', offset)}`.compile(db));
  }
  const n = offset + limit;
  const union = sql.join(
    arms.map((a, i) => sql`SELECT * FROM (${armSql(dialect, f, a, sortField, { ...w, n }, walk[i], 'keys')}) AS ${sql.ref(`a${i}`)}`),
    sql` UNION ALL `,
  );
  return readRows(
    r,
    sql<OrderListRow>`SELECT ${JOINED_ROW_COLUMNS} FROM (SELECT k, id FROM (${union}) AS u ORDER BY k ${dir}, id ${dir} LIMIT ${limit} OFFSET ${offset}) AS p
      INNER JOIN orders AS o ON o.id = p.id ORDER BY p.k ${dir}, p.id ${dir}`.compile(db),
  );
}

/** Options of the list reads: the SQLite connection (cached statements) and status counts already read. */
export type ListReadOptions = {
  sqlite?: SQLite.Database;
  /** order_status_counts rows covering the filter's companies (the sidebar's), so the arms need no read of their own. */
  statusRows?: readonly StatusCountRow[];
};

/**
 * One page of orders and the cursors around it. Without a cursor: page 1, a
 * numbered page (offset; the first pages only) or the last page (the other end
 * of the sort, holding the remainder when the total is known).
 */
export async function listOrders(db: Tx, dialect: Dialect, f: OrderListFilter, p: OrderListPage, opts: ListReadOptions = {}) {
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

  const walk: Walk = { col, dir: walkDesc ? 'desc' : 'asc', cmp: walkDesc ? '<' : '>', cursor: p.cursor, n: limit };
  let rows = f.companyIds && f.companyIds.length === 0 ? [] : await pageRows({ db, sqlite: opts.sqlite }, dialect, f, p.sortField, walk, offset, limit, opts.statusRows);

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
export async function itemsOfOrders(db: Tx, orderIds: readonly string[], opts: { sqlite?: SQLite.Database } = {}) {
  const by = new Map<string, { id: string; title: string; sku: string; quantity: number; catalogueId: string | null }[]>();
  if (!orderIds.length) return by;
  // Compiled once per page size (the number of ids), then a cached statement.
  const shape = compiledShape(db, `orders.list.items:${orderIds.length}`, (arg) =>
    db.selectFrom('order_items').select(['id', 'order_id', 'title', 'sku', 'quantity', 'catalogue_id']).where('order_id', 'in', orderIds.map((_, i) => arg(i))),
  );
  const rows = await readSql<Pick<Selectable<Database['order_items']>, 'id' | 'order_id' | 'title' | 'sku' | 'quantity' | 'catalogue_id'>>(
    { db, sqlite: opts.sqlite }, shape.sql, shape.bind(orderIds),
  );
  for (const r of rows) {
    const list = by.get(r.order_id) ?? [];
    list.push({ id: r.id, title: r.title, sku: r.sku, quantity: r.quantity, catalogueId: r.catalogue_id });
    by.set(r.order_id, list);
  }
  return by;
}
