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
// long stretch of non-matching rows. A search arm is walked where it matches
// often; where it matches less (SPARSE_SEARCH) its matches are read through
// each of the search's alternatives apart (name, order number, AWB, phone:
// one index range each, the name's index-only on PostgreSQL) and sorted.
// With a single arm (one company's All, one status) the walk reads the listed
// columns itself, one statement like a hand-written one; with several the
// merged keys are joined to their rows in the same statement.
//
// The sidebar counts (per company and status, missed orders, open customer
// requests) are one statement; the arms come from the same rows. On SQLite the
// reads run through cached prepared statements (../prepared.ts).
//
// The filter's SQL is in list-filter.ts, the counts in list-counts.ts, the
// row's columns and the items in list-rows.ts.
import type SQLite from 'better-sqlite3';
import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../connect';
import type { Cursor } from '../../domain/orders/cursor';
import type { SortField, SortOrder } from '../../domain/orders/paging';
import { readRows, type Reader } from '../prepared';
import type { Tx } from './status';
import { armWhere, hasFindFilter, inList, orderListWhere, searchBranches, type Arm, type OrderListFilter, type Seek } from './list-filter';
import type { StatusCountRow } from './list-counts';
import { rememberedCount, type CountMemo } from './count-memo';
import { JOINED_ROW_COLUMNS, ROW_COLUMNS, rowsByIds, type OrderListRow } from './list-rows';
import '../tables/orders';

export const SORT_COLUMNS = { id: 'created_at', updatedAt: 'updated_at', totalPaise: 'total_paise' } as const satisfies Record<SortField, string>;
/** Index per sort key: under (company, status) and under company alone. */
const SORT_INDEXES: Record<SortField, { withStatus: string; companyOnly: string }> = {
  id: { withStatus: 'orders_co_st_created', companyOnly: 'orders_co_created_id' },
  updatedAt: { withStatus: 'orders_co_st_updated', companyOnly: 'orders_co_updated' },
  totalPaise: { withStatus: 'orders_co_st_total', companyOnly: 'orders_co_total' },
};
/** More arms than this (SQLite allows 500 compound terms) and the planner gets one statement. */
const MAX_ARMS = 400;
/** An arm with at most this many matches is sorted rather than walked. */
const SPARSE_ARM = 300;
/**
 * The same for a search (see pageRows), by dialect. A sorted search arm reads its matches through
 * each alternative's index and sorts them; on PostgreSQL the name's alternative, the largest, is an
 * index-only scan of a covering index (about 1.5 µs a match at 1,000,000 orders on the shared
 * machine, against about 9 µs for each order a walk tests: docs/scale.md), so it stays cheaper
 * than the walk up to about 12,000 matches in a company of 250,000 orders. SQLite reads the
 * matching rows themselves and keeps the lower bound measured before.
 */
const SPARSE_SEARCH: Record<Dialect, number> = { sqlite: 3000, postgres: 12_000 };

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

/** A walk in sort order: from where (`Seek`), which way, and how many rows. */
type Walk = Seek & { dir: 'asc' | 'desc'; n: number };

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
  if (f.q && !walk && what === 'keys') return sortedSearchSql(f, arm, w);
  const cols = what === 'keys' ? sql`${col} AS k, id` : ROW_COLUMNS;
  const skip = offset ? sql` OFFSET ${offset}` : sql``;
  return sql`SELECT ${cols} FROM ${from} WHERE ${armWhere(f, arm, w)} ORDER BY ${col} ${dir}, id ${dir} LIMIT ${w.n}${skip}`;
}

/**
 * A sorted search arm's keys: the first n of each of the search's alternatives
 * (one index range each: the name's, order number's, AWB's, phone's), merged
 * without repeats (an order may match two) and cut to n. As one condition
 * (an OR) PostgreSQL reads every match's row (a bitmap scan); apart, the name's
 * range is an index-only scan of its covering index (migration 2026-12-02T0100).
 */
function sortedSearchSql(f: OrderListFilter, arm: Arm, w: Walk): RawBuilder<unknown> {
  const col = sql.ref(w.col);
  const dir = sql.raw(w.dir);
  const parts = searchBranches(f.q ?? '').map(
    (b, i) => sql`SELECT * FROM (SELECT ${col} AS k, id FROM orders WHERE ${armWhere(f, arm, w, b)} ORDER BY ${col} ${dir}, id ${dir} LIMIT ${w.n}) AS ${sql.ref(`s${i}`)}`,
  );
  return sql`SELECT k, id FROM (${sql.join(parts, sql` UNION `)}) AS s ORDER BY k ${dir}, id ${dir} LIMIT ${w.n}`;
}

/** A search's matches in one arm, counted up to `cap`: each alternative's up to cap + 1 through its own index, merged without repeats. */
function searchCountSql(f: OrderListFilter, arm: Arm, cap: number): RawBuilder<unknown> {
  const parts = searchBranches(f.q ?? '').map((b, i) => sql`SELECT * FROM (SELECT id FROM orders WHERE ${armWhere(f, arm, null, b)} LIMIT ${cap + 1}) AS ${sql.ref(`c${i}`)}`);
  return sql`SELECT count(*) FROM (SELECT id FROM (${sql.join(parts, sql` UNION `)}) AS u LIMIT ${cap + 1}) AS m`;
}

/**
 * Matches per arm, counted up to `cap` in one statement; the filters alone
 * (no cursor, no walk bound) are all columns of the (company, status, created_at)
 * and facet indexes, so each count reads at most cap + 1 index entries' worth.
 */
async function armSizes(r: Reader, f: OrderListFilter, arms: Arm[], cap: number, memo?: CountMemo): Promise<number[]> {
  const what = `arms:${cap}:${arms.map((a) => `${a.companyId}/${a.status ?? ''}`).join(',')}`;
  return rememberedCount(r.db, memo, f, what, () => countArms(r, f, arms, cap));
}

async function countArms(r: Reader, f: OrderListFilter, arms: Arm[], cap: number): Promise<number[]> {
  const parts = arms.map((a, i) =>
    f.q
      ? sql`SELECT ${i} AS arm, (${searchCountSql(f, a, cap)}) AS n`
      : sql`SELECT ${i} AS arm, (SELECT count(*) FROM (SELECT 1 FROM orders WHERE ${armWhere(f, a, null)} LIMIT ${cap + 1}) AS m) AS n`,
  );
  const rows = await readRows(r, sql<{ arm: number; n: number }>`${sql.join(parts, sql` UNION ALL `)}`.compile(r.db));
  const out = new Array<number>(arms.length).fill(0);
  for (const row of rows) out[Number(row.arm)] = Number(row.n);
  return out;
}

/**
 * The rows of one page in walk order: one arm's walk reading the columns
 * itself, per-arm walks merged and joined to their rows, or one planner-chosen
 * statement's keys and then their rows (searches, very many arms).
 */
async function pageRows(
  r: Reader, dialect: Dialect, f: OrderListFilter, sortField: SortField, w: Walk, offset: number, limit: number, known?: readonly StatusCountRow[], memo?: CountMemo,
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
    const sparse = f.q ? SPARSE_SEARCH[dialect] : SPARSE_ARM;
    const sizes = await armSizes(r, f, arms, sparse, memo);
    walk = sizes.map((n) => n > sparse);
    const keep = sizes.map((n) => n > 0);
    arms = arms.filter((_, i) => keep[i]);
    walk = walk.filter((_, i) => keep[i]);
    if (!arms.length) return [];
  }
  if (arms.length > MAX_ARMS) {
    const keys = await readRows(r, db.selectFrom('orders').select('id').where(orderListWhere(f)).orderBy(sql.ref(w.col), w.dir).orderBy('id', w.dir).limit(limit).offset(offset));
    return rowsByIds(r, keys.map((x) => x.id));
  }
  // One arm reads its rows in the walk itself; a sorted search's keys are merged first (sortedSearchSql).
  if (arms.length === 1 && !(f.q && !walk[0])) {
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
  /** The sync version read before (with statusRows) and the caller's scope: the arms' counts are remembered until the next write (count-memo.ts). */
  memo?: CountMemo;
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
  let rows = f.companyIds && f.companyIds.length === 0 ? [] : await pageRows({ db, sqlite: opts.sqlite }, dialect, f, p.sortField, walk, offset, limit, opts.statusRows, opts.memo);

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
