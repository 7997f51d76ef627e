import { sql } from 'kysely';
import type { Db } from '../connect';
import '../tables/auth';

export type ThrottleRule = {
  /** Password checks allowed per window and budget. */
  maxChecks: number;
  windowMs: number;
  /** Failures in a row that cost no wait; the one that reaches it waits `firstDelayMs`, each further one twice as long, up to `maxDelayMs`. */
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
};

const iso = (ms: number) => new Date(ms).toISOString();

/** The wait before the next check after `failures` failures in a row. */
export function delayAfter(rule: ThrottleRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (failures - rule.freeFailures));
}

/**
 * Counts one password check against `key`, before the password is hashed.
 * One guarded UPDATE does the counting, so any number of parallel requests, on
 * any number of processes sharing the database, get at most `maxChecks` checks
 * per window between them: SQLite runs one writer at a time, and PostgreSQL
 * re-evaluates the WHERE clause on the row another transaction just updated.
 * Answers `null` when the check may go ahead, else the time it may be retried.
 */
export async function takeCheck(db: Db, key: string, rule: ThrottleRule, now = Date.now()): Promise<number | null> {
  const at = iso(now);
  const cutoff = iso(now - rule.windowMs);
  await db
    .insertInto('auth_throttle')
    .values({ key, window_start: at, checks: 0, failures: 0, next_at: at, updated_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const taken = await db
    .updateTable('auth_throttle')
    .set({
      checks: sql<number>`case when window_start <= ${cutoff} then 1 else checks + 1 end`,
      window_start: sql<string>`case when window_start <= ${cutoff} then ${at} else window_start end`,
      updated_at: at,
    })
    .where('key', '=', key)
    .where('next_at', '<=', at)
    .where((eb) => eb.or([eb('window_start', '<=', cutoff), eb('checks', '<', rule.maxChecks)]))
    .returning('checks')
    .executeTakeFirst();
  if (taken) return null;
  const row = await db.selectFrom('auth_throttle').select(['window_start', 'checks', 'next_at']).where('key', '=', key).executeTakeFirst();
  if (!row) return now + 1000;
  const windowEnds = row.checks >= rule.maxChecks ? Date.parse(row.window_start) + rule.windowMs : 0;
  return Math.max(Date.parse(row.next_at), windowEnds, now + 1000);
}

/** A wrong password: one more failure in a row, and the wait that follows it. */
export async function recordFailure(db: Db, key: string, rule: ThrottleRule, now = Date.now()): Promise<void> {
  const row = await db
    .updateTable('auth_throttle')
    .set({ failures: sql<number>`failures + 1`, updated_at: iso(now) })
    .where('key', '=', key)
    .returning('failures')
    .executeTakeFirst();
  const wait = delayAfter(rule, Number(row?.failures ?? 0));
  if (!wait) return;
  const next = iso(now + wait);
  await db
    .updateTable('auth_throttle')
    .set({ next_at: sql<string>`case when next_at > ${next} then next_at else ${next} end` })
    .where('key', '=', key)
    .execute();
}

/**
 * Gives a counted check back: the right password (which ends the run of
 * failures), or a check that never ran (the hashing queue was full).
 */
export async function giveBack(db: Db, key: string, opts: { succeeded: boolean }, now = Date.now()): Promise<void> {
  await db
    .updateTable('auth_throttle')
    .set({
      checks: sql<number>`case when checks > 0 then checks - 1 else 0 end`,
      ...(opts.succeeded ? { failures: 0, next_at: iso(now) } : {}),
      updated_at: iso(now),
    })
    .where('key', '=', key)
    .execute();
}
