/**
 * No mail relay: the app e-mails download links only to the requesting user's
 * own address or their company's (warehouse's) configured address, and only so
 * many an hour. The e-mail's text is the app's; the only user text in it (a
 * name) goes through `userText` in edge-api/mail.ts.
 */
import { allowedRecipients, mailJobsSince } from '../../../db/mail/recipients';
import type { DbHandle } from '../../../db/connect';
import { MAIL_RECIPIENT_NOT_ALLOWED, MAIL_TOO_MANY } from '../../../domain/mail';
import { invalid, rateLimited } from '../../../domain/refusal';
import type { SessionInfo } from '../../env';

export async function checkMailRequest(
  dbh: DbHandle,
  s: Pick<SessionInfo, 'userId' | 'email' | 'companyId' | 'warehouseId'>,
  to: string,
  opts: { jobKind: string; perHour: number; now?: number },
): Promise<string> {
  const wanted = to.trim().toLowerCase();
  const allowed = await allowedRecipients(dbh.db, s);
  if (!allowed.includes(wanted)) throw invalid(MAIL_RECIPIENT_NOT_ALLOWED, [{ path: 'email', message: MAIL_RECIPIENT_NOT_ALLOWED }]);
  const since = new Date((opts.now ?? Date.now()) - 3_600_000).toISOString();
  if ((await mailJobsSince(dbh.db, s.userId, opts.jobKind, since)) >= opts.perHour) throw rateLimited(MAIL_TOO_MANY, { retryAfter: 600 });
  return wanted;
}

/** The addresses the download form may offer. */
export const recipientsFor = (dbh: DbHandle, s: Pick<SessionInfo, 'email' | 'companyId' | 'warehouseId'>) => allowedRecipients(dbh.db, s);
