import type { DbHandle } from '../../../db/connect';
import { purgeCounts } from '../../../db/counters/queries';
import type { AppConfig } from '../../env';
import { purgeOldExports } from '../billing/email-exports';
import { filesOf } from '../../lib/files';

/** The retention job's share of files and counters: export files past their links' life, counters a day old. */
export async function purgeFilesAndCounters(dbh: DbHandle, config: Pick<AppConfig, 'dataDir' | 'fileStore'>, now = Date.now()) {
  return { exports: await purgeOldExports(filesOf(dbh, config), now), counters: await purgeCounts(dbh.db, now - 24 * 3600_000) };
}
