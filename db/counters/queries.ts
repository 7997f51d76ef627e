// Per-key counters in fixed windows, shared by every process on the database (rate limits).
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../connect';
import '../tables/files';

/** A counter's new count: the old one plus the cost in the same window, the cost alone in a new one. */
const nextCount = sql<number>`CASE WHEN rate_counters.window_start = excluded.window_start THEN rate_counters.count + excluded.count ELSE excluded.count END`;

/**
 * Counts `cost` (default 1) for `key` in the window starting at `windowStart` (a new window starts again from 0),
 * atomically. On PostgreSQL the count is committed without waiting for the disk (`synchronous_commit` off for
 * this one statement): a count lost in a crash costs nothing, a flush per request costs milliseconds.
 */
export async function takeCount(db: Db, key: string, windowStart: number, cost = 1): Promise<number> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ count: number }>`
      WITH unflushed AS (SELECT set_config('synchronous_commit', 'off', true))
      INSERT INTO rate_counters (key, window_start, count) SELECT ${key}::text, ${windowStart}::bigint, ${cost}::integer FROM unflushed
      ON CONFLICT (key) DO UPDATE SET count = ${nextCount}, window_start = excluded.window_start
      RETURNING count`.execute(db);
    return Number(rows[0].count);
  }
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: windowStart, count: cost })
    .onConflict((oc) => oc.column('key').doUpdateSet({ count: nextCount, window_start: sql<number>`excluded.window_start` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The count of `key` in the window starting at `windowStart` (0 when none). */
export async function peekCount(db: Db, key: string, windowStart: number): Promise<number> {
  const row = await db.selectFrom('rate_counters').select('count').where('key', '=', key).where('window_start', '=', windowStart).executeTakeFirst();
  return row ? Number(row.count) : 0;
}

/** Forgets `key`'s count. */
export async function dropCount(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_counters').where('key', '=', key).execute();
}

/** Removes counters whose window started before `before` (ms). */
export async function purgeCounts(db: Db, before: number): Promise<number> {
  const r = await db.deleteFrom('rate_counters').where('window_start', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}
