/**
 * E-mail verification (issue 14, point 4: no mail relay). Files are e-mailed to
 * a user's own address only once they have opened a link sent to it.
 *
 * - A link carries a 256-bit token: the HMAC (signing key) of its row's id. Only
 *   the token's SHA-256 is stored, and the mailing job (which has the key)
 *   derives the token again from the row id, so neither the table nor the job's
 *   payload holds a usable link. It works once, for 24 hours, and only while the
 *   user's address is still the one it was sent to.
 * - Sending is limited per user (one a minute, five an hour) and goes out like
 *   every other e-mail of the app: a queued job calls `sendMail`, which uses SMTP
 *   when configured and otherwise keeps the message in the outbox (/admin/outbox).
 * - Sign-up sends the first link itself.
 */
import { createHash, createHmac } from 'node:crypto';
import {
  emailVerificationByHash,
  emailVerificationById,
  insertEmailVerification,
  markEmailVerified,
  useEmailVerification,
  userEmailState,
  verificationsSince,
} from '../../../db/auth/email-verification';
import type { DbHandle } from '../../../db/connect';
import {
  EMAIL_ALREADY_VERIFIED,
  EMAIL_LINK_EXPIRED,
  EMAIL_LINK_INVALID,
  EMAIL_LINK_OLD_ADDRESS,
  EMAIL_LINK_USED,
  EMAIL_VERIFICATION_COOLDOWN_MS,
  EMAIL_VERIFICATION_HOURLY,
  EMAIL_VERIFICATION_PER_HOUR,
  EMAIL_VERIFICATION_SENT,
  EMAIL_VERIFICATION_TOO_MANY,
  EMAIL_VERIFICATION_TTL_MS,
  EMAIL_VERIFIED,
  type EmailVerificationStatus,
  type VerifyEmailConfirm,
  type VerifyEmailConfirmResponse,
  type VerifyEmailSendResponse,
} from '../../../domain/auth';
import { uuidv7 } from '../../../domain/ids';
import { indiaDateTimeText } from '../../../domain/india-time';
import { conflict, invalid, notFound, rateLimited } from '../../../domain/refusal';
import type { AppConfig } from '../../env';
import { enqueueJob, registerJob, type JobContext } from '../../jobs/runner';
import { sendMail, userText } from '../../mail';

export const VERIFY_EMAIL_JOB = 'mail.verify-email';
export type VerifyEmailJobPayload = { verificationId: string };

const USER_NOT_FOUND = 'User not found';

/** The link's token for a verification row: only the holder of the signing key can make it. */
const tokenFor = (signingKey: string, id: string) => createHmac('sha256', signingKey).update(`email-verification:${id}`).digest('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function verificationLink(config: Pick<AppConfig, 'signingKey' | 'publicUrl'>, id: string): string {
  return `${config.publicUrl.replace(/\/$/, '')}/verify-email?token=${tokenFor(config.signingKey, id)}`;
}

/** The signed-in user's address and whether it is verified. */
export async function emailVerificationStatus(dbh: DbHandle, userId: string): Promise<EmailVerificationStatus> {
  const user = await userEmailState(dbh.db, userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  return { status: true, email: user.email, verified: Boolean(user.email_verified_at), verifiedAt: user.email_verified_at ?? null };
}

/**
 * Sends a verification link to the user's current address: refused when it is
 * verified already, or when a link went out less than a minute ago or five in
 * the last hour.
 */
export async function sendVerificationLink(
  dbh: DbHandle,
  config: Pick<AppConfig, 'signingKey'>,
  userId: string,
  now = Date.now(),
): Promise<VerifyEmailSendResponse> {
  const user = await userEmailState(dbh.db, userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  if (user.email_verified_at) throw conflict(EMAIL_ALREADY_VERIFIED);
  const recent = await verificationsSince(dbh.db, userId, new Date(now - 3_600_000).toISOString());
  const sinceLatest = recent.latest ? now - Date.parse(recent.latest) : Infinity;
  if (sinceLatest < EMAIL_VERIFICATION_COOLDOWN_MS) {
    throw rateLimited(EMAIL_VERIFICATION_TOO_MANY, { retryAfter: Math.ceil((EMAIL_VERIFICATION_COOLDOWN_MS - sinceLatest) / 1000) });
  }
  if (recent.count >= EMAIL_VERIFICATION_PER_HOUR) throw rateLimited(EMAIL_VERIFICATION_HOURLY, { retryAfter: 600 });
  const id = uuidv7();
  await insertEmailVerification(dbh.db, { id, tokenHash: hashOf(tokenFor(config.signingKey, id)), userId, email: user.email, now, ttlMs: EMAIL_VERIFICATION_TTL_MS });
  await enqueueJob(dbh, { kind: VERIFY_EMAIL_JOB, payload: { verificationId: id } satisfies VerifyEmailJobPayload, companyId: null, userId });
  return { status: true, message: EMAIL_VERIFICATION_SENT, email: user.email, expiresAt: new Date(now + EMAIL_VERIFICATION_TTL_MS).toISOString() };
}

/**
 * Opens a link: marks the address it was sent to verified, once. A link that is
 * unknown, used, expired, or for an address the user no longer has is refused
 * with a message that says which.
 */
export async function confirmEmailVerification(dbh: DbHandle, input: VerifyEmailConfirm, now = Date.now()): Promise<VerifyEmailConfirmResponse> {
  const tokenHash = hashOf(input.token);
  const at = new Date(now).toISOString();
  const refusal = async () => {
    const row = await emailVerificationByHash(dbh.db, tokenHash);
    if (!row) return invalid(EMAIL_LINK_INVALID);
    if (row.used_at) return conflict(EMAIL_LINK_USED);
    if (row.expires_at <= at) return invalid(EMAIL_LINK_EXPIRED);
    const user = await userEmailState(dbh.db, row.user_id);
    if (!user) return invalid(EMAIL_LINK_INVALID);
    if (user.email !== row.email) return invalid(EMAIL_LINK_OLD_ADDRESS);
    return null;
  };
  const before = await refusal();
  if (before) throw before;
  const done = await dbh.db.transaction().execute(async (tx) => {
    const row = await emailVerificationByHash(tx, tokenHash);
    if (!row || !(await useEmailVerification(tx, tokenHash, at))) return null;
    // Guarded on the address: an address changed in between is not verified by an older link.
    if (!(await markEmailVerified(tx, row.user_id, row.email, at))) throw invalid(EMAIL_LINK_OLD_ADDRESS);
    return row.email;
  });
  if (!done) throw (await refusal()) ?? conflict(EMAIL_LINK_USED);
  return { status: true, message: EMAIL_VERIFIED, email: done };
}

/** The mailing job: writes the link and sends it (SMTP, or the outbox without it). */
export async function runVerifyEmailJob(ctx: JobContext<VerifyEmailJobPayload>) {
  const row = await emailVerificationById(ctx.dbh.db, ctx.job.payload.verificationId);
  if (!row) return { delivered: false, skipped: 'The link no longer exists.' };
  if (row.used_at || row.expires_at <= new Date().toISOString()) return { delivered: false, skipped: 'The link was used or has expired.' };
  const user = await userEmailState(ctx.dbh.db, row.user_id);
  if (!user || user.email !== row.email) return { delivered: false, skipped: 'The address has changed.' };
  const mail = await sendMail(ctx.dbh, ctx.config, {
    to: row.email,
    subject: 'Verify your e-mail address for ShipDesk',
    text:
      `Hello ${userText(user.name)},\n\nPlease confirm that ${row.email} is your e-mail address by opening this link:\n\n${verificationLink(ctx.config, row.id)}\n\n` +
      `The link works once, for 24 hours, until ${indiaDateTimeText(row.expires_at)}. Once it is verified, ShipDesk can e-mail your downloads to this address.\n\n` +
      `If you did not ask for this, you can ignore this e-mail.\n\nShipDesk`,
  });
  return { delivered: mail.delivered, email: row.email };
}

registerJob(VERIFY_EMAIL_JOB, runVerifyEmailJob);
