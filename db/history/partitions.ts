// History tables: rows written for ever and read less the older they get. The order trail
// (which holds the couriers' events too), the partner task inbox (webhooks received, effects
// made) and the job log. On PostgreSQL each is partitioned by the month of `created_at`
// (migration 2026-12-01T0100_history_partitions): a partition per month, named
// `<table>_pYYYYMM`, and a DEFAULT partition `<table>_default` for rows of a month that has
// none yet (a courier's event dated months back, rows the migration moved in). On SQLite
// each stays one table. `maintainHistory` keeps both: it makes the partitions of this
// month and the next, moves rows out of the default partition into their month, and
// removes what is past its table's retention (PostgreSQL: detaches and drops whole
// partitions; SQLite: deletes in batches). Tables that only exist beside one of these
// (a task's unique key, a job's effects) lose their rows by the same cut-off, by delete.
import { sql } from 'kysely';
import type { Db, DbHandle } from '../connect';

export type HistoryTable = 'order_trails' | 'integration_tasks' | 'jobs';
/** Months each history table keeps, counted back from the start of this month; 0 keeps every row. */
export type HistoryRetention = Record<HistoryTable, number>;

/** Tables whose rows go with a history table's, by the same cut-off on their own `created_at`. */
const COMPANIONS: Record<HistoryTable, readonly string[]> = {
  order_trails: [],
  integration_tasks: ['integration_task_keys'],
  jobs: ['job_effects'],
};
export const HISTORY_TABLES = Object.keys(COMPANIONS) as HistoryTable[];

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whether `text` is a month 'YYYY-MM' (01 to 12). */
const isMonth = (text: string) => MONTH.test(text);

/** The month ('YYYY-MM', UTC) of an instant or an ISO text. */
export function monthOf(at: Date | string): string {
  return (typeof at === 'string' ? at : at.toISOString()).slice(0, 7);
}

/** The month `n` months after `month` ('YYYY-MM'; n may be negative). */
export function addMonths(month: string, n: number): string {
  const m = MONTH.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  const index = Number(m[1]) * 12 + Number(m[2]) - 1 + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The first instant of `month` as the ISO texts in `created_at` compare (every text of the month sorts at or after it). */
const monthStart = (month: string) => `${month}-01`;
export const partitionName = (table: HistoryTable, month: string) => `${table}_p${month.replace('-', '')}`;
export const defaultPartition = (table: HistoryTable) => `${table}_default`;

/** The first `created_at` kept under `retentionMonths` at `now` (null: every row is kept). */
export function retentionCutoff(retentionMonths: number, now: Date): string | null {
  return retentionMonths > 0 ? monthStart(addMonths(monthOf(now), -retentionMonths)) : null;
}

/** PostgreSQL: the months that have a partition of their own under `table`, in this schema. */
export async function partitionMonths(db: Db, table: HistoryTable): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    JOIN pg_class p ON p.oid = i.inhparent
    JOIN pg_namespace n ON n.oid = p.relnamespace
    WHERE p.relname = ${table} AND n.nspname = current_schema()`.execute(db);
  const prefix = `${table}_p`;
  return rows
    .map((r) => r.name)
    .filter((name) => name.startsWith(prefix) && /^\d{6}$/.test(name.slice(prefix.length)))
    .map((name) => `${name.slice(prefix.length, prefix.length + 4)}-${name.slice(prefix.length + 4)}`)
    .sort();
}

export type HistoryOutcome = { table: string; created: number; dropped: number; moved: number; deleted: number };

/**
 * PostgreSQL: gives `month` a partition of `table`. The rows of that month waiting in the default
 * partition move into it first (a partition cannot be attached while the default holds rows of
 * its range). Inside the caller's transaction; returns the rows moved.
 */
async function attachMonth(trx: Db, table: HistoryTable, month: string): Promise<number> {
  const name = sql.id(partitionName(table, month));
  const from = monthStart(month);
  const to = monthStart(addMonths(month, 1));
  await sql`CREATE TABLE ${name} (LIKE ${sql.id(table)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`.execute(trx);
  const moved = await sql`
    WITH moved AS (DELETE FROM ${sql.id(defaultPartition(table))} WHERE created_at >= ${from} AND created_at < ${to} RETURNING *)
    INSERT INTO ${name} SELECT * FROM moved`.execute(trx);
  await sql`ALTER TABLE ${sql.id(table)} ATTACH PARTITION ${name} FOR VALUES FROM (${sql.lit(from)}) TO (${sql.lit(to)})`.execute(trx);
  return Number(moved.numAffectedRows ?? 0n);
}

/**
 * Deletes rows of an unpartitioned `table` older than `cutoff`, a batch at a time (so no delete holds
 * a long lock); the number deleted. Batches are picked by the row's physical address.
 */
export async function deleteOlderThan(dbh: DbHandle, table: string, cutoff: string, batch = 5000): Promise<number> {
  const t = sql.id(table);
  const step = dbh.dialect === 'postgres'
    ? sql`DELETE FROM ${t} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${t} WHERE created_at < ${cutoff} LIMIT ${batch}))`
    : sql`DELETE FROM ${t} WHERE rowid IN (SELECT rowid FROM ${t} WHERE created_at < ${cutoff} LIMIT ${batch})`;
  let total = 0;
  for (;;) {
    const n = Number((await step.execute(dbh.db)).numAffectedRows ?? 0n);
    total += n;
    if (n < batch) return total;
  }
}

/**
 * PostgreSQL: one table's partitions at `now`. One transaction under an advisory lock of its own,
 * so API processes that run this at once take turns (the lock ends with the transaction, so it
 * holds through a pooler in transaction mode).
 */
async function maintainPartitions(db: Db, table: HistoryTable, cutoff: string | null, now: Date): Promise<HistoryOutcome> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`history:${table}`}))`.execute(trx);
    const out: HistoryOutcome = { table, created: 0, dropped: 0, moved: 0, deleted: 0 };
    const have = new Set(await partitionMonths(trx, table));
    if (cutoff) {
      for (const month of have) {
        if (monthStart(addMonths(month, 1)) > cutoff) continue;
        await sql`ALTER TABLE ${sql.id(table)} DETACH PARTITION ${sql.id(partitionName(table, month))}`.execute(trx);
        await sql`DROP TABLE ${sql.id(partitionName(table, month))}`.execute(trx);
        have.delete(month);
        out.dropped++;
      }
      const r = await sql`DELETE FROM ${sql.id(defaultPartition(table))} WHERE created_at < ${cutoff}`.execute(trx);
      out.deleted += Number(r.numAffectedRows ?? 0n);
    }
    // This month and the next have partitions before their first row; so does every month
    // whose rows wait in the default partition (a text that is not an ISO date stays there).
    const { rows } = await sql<{ m: string }>`SELECT DISTINCT substr(created_at, 1, 7) AS m FROM ${sql.id(defaultPartition(table))}`.execute(trx);
    const current = monthOf(now);
    const wanted = new Set([current, addMonths(current, 1), ...rows.map((r) => r.m).filter(isMonth)]);
    for (const month of [...wanted].sort()) {
      if (have.has(month) || (cutoff && monthStart(month) < cutoff)) continue;
      out.moved += await attachMonth(trx, table, month);
      out.created++;
    }
    return out;
  });
}

/**
 * Keeps every history table at `now` under `retention` (see the top of this file). Safe to run
 * from every process at once, as often as wanted: a run with nothing to do reads the catalogue
 * and the default partitions (PostgreSQL) or deletes nothing (SQLite).
 */
export async function maintainHistory(dbh: DbHandle, retention: HistoryRetention, now: Date): Promise<HistoryOutcome[]> {
  const out: HistoryOutcome[] = [];
  for (const table of HISTORY_TABLES) {
    const cutoff = retentionCutoff(retention[table], now);
    if (dbh.dialect === 'postgres') out.push(await maintainPartitions(dbh.db, table, cutoff, now));
    else out.push({ table, created: 0, dropped: 0, moved: 0, deleted: cutoff ? await deleteOlderThan(dbh, table, cutoff) : 0 });
    for (const companion of COMPANIONS[table]) {
      out.push({ table: companion, created: 0, dropped: 0, moved: 0, deleted: cutoff ? await deleteOlderThan(dbh, companion, cutoff) : 0 });
    }
  }
  return out;
}
