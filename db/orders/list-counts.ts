// The counts beside the order list: the sidebar's (per company and status from
// order_status_counts, missed orders, open customer requests) in one statement,
// and a filter's matches counted up to a cap.
import type SQLite from 'better-sqlite3';
import { sql, type InferResult } from 'kysely';
import { compiledShape, readRows, readSql, type Reader } from '../prepared';
import type { Tx } from './status';
import { inList, orderListWhere, type OrderListFilter } from './list-filter';
import { rememberedCount, type CountMemo } from './count-memo';
import '../tables/orders';
import '../tables/sync';

/** Beyond this many matches a filtered count answers "more than". */
export const COUNT_CAP = 2000;

/** One row of order_status_counts. */
export type StatusCountRow = { company_id: string; status: string; count: number };

/** The sidebar's numbers over `scope` (null = all companies), read in one statement. */
export type SidebarCounts = {
  /** order_status_counts rows of the scope (zero counts included). */
  statusRows: StatusCountRow[];
  missedOrders: number;
  openRequests: number;
  /** The database's sync version (sync_counter), read in the same statement: what the list's remembered counts are keyed by (count-memo.ts). */
  version: number | null;
};

function sidebarQuery(db: Tx, scope: readonly string[] | null) {
  return db
    .selectFrom('order_status_counts')
    .select((eb) => [eb.ref('company_id').$castTo<string | null>().as('c'), 'status as s', 'count as n'])
    // Every company (admin): a condition every row meets, on the key, so that PostgreSQL may read
    // the rows through the primary key. The table holds a row per company and status, but each order
    // write updates one, and a large import in one transaction leaves its file thousands of pages
    // long after VACUUM (79 MB for 88 rows after loading 1,000,000 orders): read in full, that was
    // 35-45 ms on every admin page; through the key, 0.2 ms (docs/scale.md).
    .$if(!scope, (b) => b.where('company_id', '>=', ''))
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
    )
    .unionAll(
      db
        .selectFrom('sync_counter')
        .select((eb) => [sql<string | null>`NULL`.as('c'), sql<string>`'version'`.as('s'), eb.ref('version').$castTo<number>().as('n')])
        .where('id', '=', 1),
    );
}

/** Read on every list page and sidebar refresh: compiled once per scope size. */
export async function readSidebarCounts(r: Reader, scope: readonly string[] | null): Promise<SidebarCounts> {
  const db = r.db as Tx;
  const shape = compiledShape(db, `orders.sidebar:${scope ? scope.length : 'all'}`, (arg) => sidebarQuery(db, scope && scope.map((_, i) => arg(i))));
  const out: SidebarCounts = { statusRows: [], missedOrders: 0, openRequests: 0, version: null };
  for (const row of await readSql<InferResult<ReturnType<typeof sidebarQuery>>[number]>(r, shape.sql, shape.bind(scope ?? []))) {
    if (row.c !== null) out.statusRows.push({ company_id: row.c, status: row.s, count: Number(row.n) });
    else if (row.s === 'missed') out.missedOrders = Number(row.n);
    else if (row.s === 'version') out.version = Number(row.n);
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

/**
 * Number of matches, exact up to `cap`; `capped` when there are more. With
 * `memo` (the sync version read before, and the caller's scope) the answer is
 * remembered until the next write (count-memo.ts).
 */
export async function countOrders(
  db: Tx, f: OrderListFilter, cap = COUNT_CAP, opts: { sqlite?: SQLite.Database; memo?: CountMemo } = {},
): Promise<{ count: number; capped: boolean }> {
  return rememberedCount(db, opts.memo, f, `total:${cap}`, async () => {
    const inner = db.selectFrom('orders').select(sql<number>`1`.as('one')).where(orderListWhere(f)).limit(cap + 1);
    const [r] = await readRows({ db, sqlite: opts.sqlite }, db.selectFrom(inner.as('m')).select((eb) => eb.fn.countAll<number>().as('n')));
    const n = Number(r.n);
    return { count: Math.min(n, cap), capped: n > cap };
  });
}
