// Per-key counters in fixed windows, shared by every process on the database (rate limits).
import { sql } from 'kysely';
import type { Db } from '../connect';
import '../tables/files';

/** Counts one for `key` in the window starting at `windowStart` (a new window starts again at 1), atomically. */
export async function takeCount(db: Db, key: string, windowStart: number): Promise<number> {
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`CASE WHEN rate_counters.window_start = excluded.window_start THEN rate_counters.count + 1 ELSE 1 END`,
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

/** Removes counters whose window started before `before` (ms). */
export async function purgeCounts(db: Db, before: number): Promise<number> {
  const r = await db.deleteFrom('rate_counters').where('window_start', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}
