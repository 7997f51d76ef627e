/**
 * No mail relay: the app e-mails download links only to the requesting user's
 * own address, once verified (services/auth/email-verification.ts), or their
 * company's (warehouse's) configured address, and only so many an hour. The
 * e-mail's text is the app's; the only user text in it (a name) goes through
 * `userText` in edge-api/mail.ts.
 */
import { mailJobsSince, mailRecipients } from '../../../db/mail/recipients';
import type { DbHandle } from '../../../db/connect';
import { MAIL_RECIPIENT_NOT_ALLOWED, MAIL_TOO_MANY, MAIL_VERIFY_FIRST } from '../../../domain/mail';
import { invalid, rateLimited } from '../../../domain/refusal';
import type { SessionInfo } from '../../env';

export async function checkMailRequest(
  dbh: DbHandle,
  s: Pick<SessionInfo, 'userId' | 'email' | 'companyId' | 'warehouseId'>,
  to: string,
  opts: { jobKind: string; perHour: number; now?: number },
): Promise<string> {
  const wanted = to.trim().toLowerCase();
  const r = await mailRecipients(dbh.db, s);
  if (!r.allowed.includes(wanted)) {
    const message = wanted === r.own && !r.ownVerified ? MAIL_VERIFY_FIRST : MAIL_RECIPIENT_NOT_ALLOWED;
    throw invalid(message, [{ path: 'email', message }]);
  }
  const since = new Date((opts.now ?? Date.now()) - 3_600_000).toISOString();
  if ((await mailJobsSince(dbh.db, s.userId, opts.jobKind, since)) >= opts.perHour) throw rateLimited(MAIL_TOO_MANY, { retryAfter: 600 });
  return wanted;
}

/** The addresses the download form may offer: the own one only once verified. */
export const recipientsFor = async (dbh: DbHandle, s: Pick<SessionInfo, 'userId' | 'email' | 'companyId' | 'warehouseId'>) =>
  (await mailRecipients(dbh.db, s)).allowed;
