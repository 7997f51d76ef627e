// Per-key counters in fixed windows, shared by every process on the database (rate limits).
import { sql } from 'kysely';
import type { Db } from '../connect';
import '../tables/files';

/** Counts `cost` (default 1) for `key` in the window starting at `windowStart` (a new window starts again from 0), atomically. */
export async function takeCount(db: Db, key: string, windowStart: number, cost = 1): Promise<number> {
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: windowStart, count: cost })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`CASE WHEN rate_counters.window_start = excluded.window_start THEN rate_counters.count + excluded.count ELSE excluded.count END`,
        window_start: sql<number>`excluded.window_start`,
      }),
    )
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
