import type { Logger } from 'pino';
import { purgeEmailVerifications } from '../../../db/auth/email-verification';
import { purgeExpired } from '../../../db/auth/sessions';
import type { DbHandle } from '../../../db/connect';
import { runPeriodically } from '../../lib/periodic';

/**
 * Purges expired sessions, sign-in codes, idle throttle rows and e-mail
 * verification links a week past their expiry every
 * `intervalMs` (and once at start). Each process sharing a database may run it:
 * the deletes are idempotent.
 */
export function startAuthMaintenance(dbh: DbHandle, log: Logger, intervalMs = 10 * 60_000, also?: () => Promise<Record<string, number>>): () => void {
  return runPeriodically(async () => {
    const n = { ...(await purgeExpired(dbh.db)), verifications: await purgeEmailVerifications(dbh.db) };
    if (n.sessions || n.codes || n.throttle || n.verifications) log.info(n, 'purged expired sign-in data');
    const more = also ? await also() : {};
    if (Object.values(more).some(Boolean)) log.info(more, 'purged old export files and counters');
  }, intervalMs, log, 'purging expired sign-in data failed');
}
