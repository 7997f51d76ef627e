// Who the app may e-mail on a user's behalf (download links), and how often.
import { z } from 'zod';
import { okBody } from './api';
export const MAIL_RECIPIENT_NOT_ALLOWED =
  'Download links can be sent only to your own e-mail address or your company\'s.';
export const MAIL_TOO_MANY = 'Too many download e-mails in the last hour. Please try again later.';
/** The longest text of a user's (a name) that goes into an e-mail. */
export const MAIL_USER_TEXT_MAX = 80;
/** The user's own address is offered, and taken, only once it is verified (domain/auth.ts, e-mail verification). */
export const MAIL_VERIFY_FIRST = 'Verify your e-mail address before we send files to it. Use "Send verification link" in your profile or the account menu.';
/** What the download dialogs say when the user's own address is not offered. */
export const mailOwnAddressUnverified = (email: string) =>
  `Your e-mail address ${email} is not verified yet, so download links cannot be sent to it. Send yourself a verification link, open it, and try again.`;

/** One message of the local outbox (e-mail without SMTP). */
export const OutboxMail = z.object({
  id: z.string(), to: z.string(), subject: z.string(), body: z.string(), sent: z.boolean(), error: z.string().nullable(), createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;

/** GET /api/admin/outbox */
export const OutboxResponse = okBody({ smtpConfigured: z.boolean(), currentCount: z.number(), mails: z.array(OutboxMail) });
export type OutboxResponse = z.infer<typeof OutboxResponse>;
