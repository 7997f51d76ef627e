import type { Logger } from 'pino';
import type { DbHandle } from '../../../db/connect';
import { maintainHistory, type HistoryRetention } from '../../../db/history/partitions';
import { runPeriodically } from '../../lib/periodic';

/**
 * Keeps the history tables (db/history/partitions.ts) every `intervalMs` and once at start:
 * next month's partitions made ahead, rows past their retention dropped. Every process
 * sharing a database may run it; on PostgreSQL they take turns table by table.
 */
export function startHistoryMaintenance(dbh: DbHandle, retention: HistoryRetention, log: Logger, intervalMs = 60 * 60_000): () => void {
  return runPeriodically(async () => {
    const changed = (await maintainHistory(dbh, retention, new Date())).filter((o) => o.created || o.dropped || o.moved || o.deleted);
    if (changed.length) log.info({ history: changed }, 'kept the history tables (partitions made, old rows removed)');
  }, intervalMs, log, 'keeping the history tables failed');
}
