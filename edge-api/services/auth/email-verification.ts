/**
 * E-mail verification (no mail relay). Files are e-mailed to
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
  markOrgAddressesOf,
  markOrgEmailVerified,
  orgEmailState,
  type OrgRef,
  useEmailVerification,
  userEmailState,
  verificationsSince,
} from '../../../db/auth/email-verification';
import { enqueueJob } from '../../../db/jobs/queue';
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
  NO_ORGANISATION,
  ORG_EMAIL_ALREADY_VERIFIED,
  ORG_EMAIL_MISSING,
  type EmailVerificationStatus,
  type OrgEmailVerificationStatus,
  type VerifyEmailConfirm,
  type VerifyEmailConfirmResponse,
  type VerifyEmailSendResponse,
} from '../../../domain/auth';
import { uuidv7 } from '../../../domain/ids';
import { indiaDateTimeText } from '../../../domain/india-time';
import { conflict, invalid, notFound, rateLimited } from '../../../domain/refusal';
import type { AppConfig, SessionInfo } from '../../env';
import type { JobContext } from '../../lib/job-context';
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

/** Refuses a new link when one went out less than a minute ago, or five in the last hour (per user, own and organisation links together). */
async function checkSendRate(dbh: DbHandle, userId: string, now: number) {
  const recent = await verificationsSince(dbh.db, userId, new Date(now - 3_600_000).toISOString());
  const sinceLatest = recent.latest ? now - Date.parse(recent.latest) : Infinity;
  if (sinceLatest < EMAIL_VERIFICATION_COOLDOWN_MS) {
    throw rateLimited(EMAIL_VERIFICATION_TOO_MANY, { retryAfter: Math.ceil((EMAIL_VERIFICATION_COOLDOWN_MS - sinceLatest) / 1000) });
  }
  if (recent.count >= EMAIL_VERIFICATION_PER_HOUR) throw rateLimited(EMAIL_VERIFICATION_HOURLY, { retryAfter: 600 });
}

/** Stores a link's row (its token's hash only) and queues the job that mails it. */
async function issueLink(dbh: DbHandle, config: Pick<AppConfig, 'signingKey'>, v: { userId: string; email: string; now: number; org?: OrgRef }): Promise<VerifyEmailSendResponse> {
  const id = uuidv7();
  await insertEmailVerification(dbh.db, { id, tokenHash: hashOf(tokenFor(config.signingKey, id)), userId: v.userId, email: v.email, now: v.now, ttlMs: EMAIL_VERIFICATION_TTL_MS, org: v.org });
  await enqueueJob(dbh, { kind: VERIFY_EMAIL_JOB, payload: { verificationId: id } satisfies VerifyEmailJobPayload, companyId: v.org?.kind === 'company' ? v.org.id : null, userId: v.userId });
  return { status: true, message: EMAIL_VERIFICATION_SENT, email: v.email, expiresAt: new Date(v.now + EMAIL_VERIFICATION_TTL_MS).toISOString() };
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
  await checkSendRate(dbh, userId, now);
  return issueLink(dbh, config, { userId, email: user.email, now });
}

/** The organisation whose configured address a user may have verified: their company (seller) or warehouse. */
const orgOf = (s: Pick<SessionInfo, 'role' | 'companyId' | 'warehouseId'>): OrgRef | null =>
  s.role === 'seller' && s.companyId ? { kind: 'company', id: s.companyId } : s.role === 'warehouse' && s.warehouseId ? { kind: 'warehouse', id: s.warehouseId } : null;

/** The configured address of the user's company or warehouse and whether it is verified (null for an admin). */
export async function orgEmailVerificationStatus(dbh: DbHandle, s: Pick<SessionInfo, 'role' | 'companyId' | 'warehouseId'>): Promise<OrgEmailVerificationStatus> {
  const org = orgOf(s);
  const row = org && (await orgEmailState(dbh.db, org));
  if (!org || !row) return { status: true, organisation: null };
  return { status: true, organisation: { kind: org.kind, name: row.name, email: row.email ?? '', verified: Boolean(row.email) && row.email === row.email_verified } };
}

/**
 * Sends a verification link to the configured address of the user's company or
 * warehouse, which receives files only once the link is opened (a changed
 * address needs a new link). Same limits as the own address's links.
 */
export async function sendOrgVerificationLink(
  dbh: DbHandle,
  config: Pick<AppConfig, 'signingKey'>,
  s: Pick<SessionInfo, 'userId' | 'role' | 'companyId' | 'warehouseId'>,
  now = Date.now(),
): Promise<VerifyEmailSendResponse> {
  const org = orgOf(s);
  const row = org && (await orgEmailState(dbh.db, org));
  if (!org || !row) throw invalid(NO_ORGANISATION);
  if (!row.email) throw invalid(ORG_EMAIL_MISSING);
  if (row.email === row.email_verified) throw conflict(ORG_EMAIL_ALREADY_VERIFIED);
  await checkSendRate(dbh, s.userId, now);
  return issueLink(dbh, config, { userId: s.userId, email: row.email, now, org });
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
    const org = orgOfRow(row);
    const current = org ? (await orgEmailState(dbh.db, org))?.email : (await userEmailState(dbh.db, row.user_id))?.email;
    if (current === undefined) return invalid(EMAIL_LINK_INVALID);
    if (current !== row.email) return invalid(EMAIL_LINK_OLD_ADDRESS);
    return null;
  };
  const before = await refusal();
  if (before) throw before;
  const done = await dbh.db.transaction().execute(async (tx) => {
    const row = await emailVerificationByHash(tx, tokenHash);
    if (!row || !(await useEmailVerification(tx, tokenHash, at))) return null;
    // Guarded on the address: an address changed in between is not verified by an older link.
    const org = orgOfRow(row);
    if (org) {
      if (!(await markOrgEmailVerified(tx, org, row.email))) throw invalid(EMAIL_LINK_OLD_ADDRESS);
      return row.email;
    }
    if (!(await markEmailVerified(tx, row.user_id, row.email, at))) throw invalid(EMAIL_LINK_OLD_ADDRESS);
    // The same address configured for the user's organisation (as a sign-up sets it) is proven too.
    await markOrgAddressesOf(tx, row.user_id, row.email);
    return row.email;
  });
  if (!done) throw (await refusal()) ?? conflict(EMAIL_LINK_USED);
  return { status: true, message: EMAIL_VERIFIED, email: done };
}

const orgOfRow = (row: { org_kind: 'company' | 'warehouse' | null; org_id: string | null }): OrgRef | null =>
  row.org_kind && row.org_id ? { kind: row.org_kind, id: row.org_id } : null;

/** The mailing job: writes the link and sends it (SMTP, or the outbox without it). */
export async function runVerifyEmailJob(ctx: JobContext<VerifyEmailJobPayload>) {
  const row = await emailVerificationById(ctx.dbh.db, ctx.job.payload.verificationId);
  if (!row) return { delivered: false, skipped: 'The link no longer exists.' };
  if (row.used_at || row.expires_at <= new Date().toISOString()) return { delivered: false, skipped: 'The link was used or has expired.' };
  const user = await userEmailState(ctx.dbh.db, row.user_id);
  if (!user) return { delivered: false, skipped: 'The user no longer exists.' };
  const org = orgOfRow(row);
  const orgRow = org ? await orgEmailState(ctx.dbh.db, org) : undefined;
  if ((org ? orgRow?.email : user.email) !== row.email) return { delivered: false, skipped: 'The address has changed.' };
  const until = `The link works once, for 24 hours, until ${indiaDateTimeText(row.expires_at)}.`;
  // One mail per job, even when a worker takes the job over after a stall.
  const mail = await ctx.effect('mail', () => sendMail(ctx.dbh, ctx.config, org
    ? {
      to: row.email,
      subject: 'Verify your organisation\'s e-mail address for ShipDesk',
      text:
        `Hello,\n\n${userText(user.name)} has set ${row.email} as the e-mail address of ${userText(orgRow?.name ?? '')} on ShipDesk. ` +
        `Please confirm that this address belongs to them by opening this link:\n\n${verificationLink(ctx.config, row.id)}\n\n` +
        `${until} Once it is verified, ShipDesk can e-mail their downloads to this address.\n\n` +
        `If you do not know them, ignore this e-mail: nothing is sent to this address until the link is opened.\n\nShipDesk`,
    }
    : {
      to: row.email,
      subject: 'Verify your e-mail address for ShipDesk',
      text:
        `Hello ${userText(user.name)},\n\nPlease confirm that ${row.email} is your e-mail address by opening this link:\n\n${verificationLink(ctx.config, row.id)}\n\n` +
        `${until} Once it is verified, ShipDesk can e-mail your downloads to this address.\n\n` +
        `If you did not ask for this, you can ignore this e-mail.\n\nShipDesk`,
    }));
  return { delivered: mail.result?.delivered ?? false, email: row.email };
}

