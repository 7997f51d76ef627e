// The order list's capped counts, remembered between the pages of one listing.
//
// A filter the status counts cannot answer (a search, a date range, a payment
// mode...) is counted on every page: its capped total (`currentCount`) and, for
// the walk's plan, each arm's matches. Paging through one search repeats the
// same counts, and at 1,000,000 orders on PostgreSQL they were most of a
// search page's time (docs/scale.md, "Order lists"). They are remembered here.
//
// An entry is used only while nothing has been written: it is keyed by the
// database's sync version (`sync_counter.version`, read in the sidebar's
// statement before any count). Every insert, update or delete of an order,
// and every change of an order's items (through the order's item summary),
// moves that version in the writing transaction, on any API process; so a
// count is reused only where a recount would give the same answer, and a
// user's own write (or anyone's) shows in the next page's counts. The version
// is read before the count, so an entry never holds a count older than its
// version. What the version does not follow (a delivery cluster's pincodes)
// is not remembered: those filters are counted on every page.
//
// Key: the database (one memo per Kysely instance), the version, and the
// count's inputs: the companies counted (always within the caller's scope,
// so an entry is only ever read by a caller who may see every order it
// counts), the caller's scope itself, the statuses and every other filter,
// normalised (lists sorted, the search trimmed as searchSql trims it). At
// most MAX_ENTRIES entries per database, each at most MAX_AGE_MS old: a
// bound on memory, and on how long a write made behind the application's
// back (a manual SQL fix with the triggers off) could go unseen.
import type { OrderListFilter } from './list-filter';

/** Entries kept per database (least recently used dropped first). */
export const MAX_ENTRIES = 500;
/** An entry older than this is counted again even if nothing was written. */
export const MAX_AGE_MS = 10_000;

type Entry = { at: number; value: unknown };
const memos = new WeakMap<object, Map<string, Entry>>();

/**
 * The normalised inputs of a count of `f` for a caller whose scope is `scope` (null = every company):
 * every field the filter has (so a filter field added later keys the count too), lists sorted, the
 * search trimmed as searchSql trims it.
 */
export function countKey(f: OrderListFilter, scope: readonly string[] | null | undefined): string {
  const sorted = (xs: readonly string[] | null | undefined) => (xs ? [...xs].sort() : xs ?? null);
  const fields = Object.entries(f)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => [k, Array.isArray(v) ? sorted(v) : k === 'q' && typeof v === 'string' ? v.trim() : v]);
  return JSON.stringify([sorted(scope), fields]);
}

/** Where a count may be remembered: the database's sync version read before it, and the caller's scope. */
export type CountMemo = { version: number; scope: readonly string[] | null };

/**
 * `compute()`, or its answer remembered for the same database, version and
 * key. Without a memo (no version read) or for a filter the version does not
 * follow, always `compute()`.
 */
export async function rememberedCount<T>(
  db: object, memo: CountMemo | undefined, f: OrderListFilter, what: string, compute: () => Promise<T>, now = Date.now(),
): Promise<T> {
  if (!memo || f.clusterId) return compute();
  let m = memos.get(db);
  if (!m) memos.set(db, (m = new Map()));
  const key = `${memo.version}\u0000${what}\u0000${countKey(f, memo.scope)}`;
  const hit = m.get(key);
  if (hit && now - hit.at <= MAX_AGE_MS) {
    m.delete(key);
    m.set(key, hit);
    return hit.value as T;
  }
  const value = await compute();
  m.delete(key);
  m.set(key, { at: now, value });
  while (m.size > MAX_ENTRIES) m.delete(m.keys().next().value as string);
  return value;
}
