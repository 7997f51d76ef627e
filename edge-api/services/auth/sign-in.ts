/**
 * Sign-in, in two steps (part 1 §3): `authenticate` checks the password and
 * answers a one-time code; `exchangeCode` turns the code into a session.
 *
 * Invariants:
 * - A password check is counted in the database before the password is hashed,
 *   by one guarded UPDATE (db/auth/throttle.ts): at most `maxChecks` checks per
 *   account and window, whatever address the client claims, across every
 *   process sharing the database. A right password gives its check back.
 * - An unknown e-mail is hashed against a stand-in hash at the same cost and is
 *   counted the same way, so neither time nor refusals tell which e-mails exist.
 * - Hashing goes through a bounded queue (hash-queue.ts); a full queue refuses
 *   at once, before the database is asked anything (during a burst most
 *   requests end here, and each costs the event loop next to nothing); a queue
 *   that fills while the check is being counted refuses too, and the check it
 *   had counted is given back.
 * - A new session never reuses a token: signing in again ends the session the
 *   browser came with.
 */
import { randomBytes } from 'node:crypto';
import { giveBack, recordFailure, takeCheck, type ThrottleRule } from '../../../db/auth/throttle';
import {
  deleteSession, findLiveAuthCode, findUserByEmail, findUserById, insertAuthCode, insertSession, linkedCompanyIds, markAuthCodeUsed, setPasswordHash,
} from '../../../db/auth/sessions';
import type { DbHandle } from '../../../db/connect';
import { hashPassword, needsRehash, UNKNOWN_USER_HASH, verifyPassword } from '../../../db/password';
import { SIGN_IN_BUSY, TOO_MANY_ATTEMPTS, WRONG_APP_TYPE } from '../../../domain/auth';
import { forbidden, rateLimited } from '../../../domain/refusal';
import { roleForAppType, type AppType, type Role } from '../../../domain/roles';
import type { AppConfig, SessionInfo } from '../../env';
import { hashToken } from '../../middleware/session';
import { issueDeviceToken, trustedDevice } from './device';
import { HashQueue, HashQueueFull } from './hash-queue';

export const SESSION_DAYS = 14;
const CODE_TTL_MS = 5 * 60_000;
const newToken = () => randomBytes(32).toString('base64url');

export type AuthDeps = { dbh: DbHandle; config: AppConfig; hashes: HashQueue; now?: () => number };

/** One hashing queue per config (per app): sized by `config.auth`. */
const queues = new WeakMap<AppConfig['auth'], HashQueue>();
export function hashQueueFor(config: AppConfig): HashQueue {
  let q = queues.get(config.auth);
  if (!q) queues.set(config.auth, (q = new HashQueue(config.auth.hashConcurrency, config.auth.hashQueue)));
  return q;
}

/**
 * A sign-in that could neither hash nor wait for a hash is refused at once
 * (429, retry in 2 s). The route asks before it reads the body, so that during
 * a burst each refusal costs the event loop next to nothing.
 */
export function refuseIfHashingFull(hashes: HashQueue): void {
  if (hashes.full) throw rateLimited(SIGN_IN_BUSY, { retryAfter: 2 });
}

export type AuthenticateInput = {
  email: string; password: string; appType: AppType; state?: string | null; redirectUrl?: string | null;
  /** The browser's device cookie, if it has one. */
  deviceToken?: string;
};
export type Authenticated = {
  ok: true; xsrfToken: string; oauthCode: string; state: string | null; redirectUrl: string | null;
  /** A device cookie to set (first sign-in on this browser, or one about to expire). */
  device: { value: string; expires: Date } | null;
};

const retryAfterS = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

export async function authenticate(deps: AuthDeps, input: AuthenticateInput): Promise<Authenticated | { ok: false }> {
  const { dbh, config } = deps;
  const now = deps.now ?? Date.now;
  const rule: ThrottleRule = config.auth;
  refuseIfHashingFull(deps.hashes);
  const user = await findUserByEmail(dbh.db, input.email);
  const deviceId = user ? trustedDevice(config.signingKey, input.deviceToken, user.id) : null;
  const budget = deviceId && user ? `dev:${deviceId}:${user.id}` : `acct:${input.email}`;

  const retryAt = await takeCheck(dbh.db, budget, rule, now());
  if (retryAt !== null) throw rateLimited(TOO_MANY_ATTEMPTS, { retryAfter: retryAfterS(retryAt, now()) });

  let matches: boolean;
  try {
    matches = await deps.hashes.run(() => verifyPassword(input.password, user?.password_hash ?? UNKNOWN_USER_HASH));
  } catch (err) {
    if (!(err instanceof HashQueueFull)) throw err;
    await giveBack(dbh.db, budget, { succeeded: false }, now());
    throw rateLimited(SIGN_IN_BUSY, { retryAfter: 2 });
  }
  if (!user || !matches) {
    await recordFailure(dbh.db, budget, rule, now());
    return { ok: false };
  }
  await giveBack(dbh.db, budget, { succeeded: true }, now());
  if (needsRehash(user.password_hash)) await rehash(deps, user.id, input.password);

  const role = roleForAppType(input.appType);
  if (user.role !== role) throw forbidden(WRONG_APP_TYPE);
  const oauthCode = newToken();
  const xsrfToken = newToken();
  await insertAuthCode(dbh.db, {
    codeHash: hashToken(oauthCode), userId: user.id, role, xsrfToken, state: input.state ?? null, redirectUrl: input.redirectUrl ?? null,
    now: now(), ttlMs: CODE_TTL_MS,
  });
  return {
    ok: true, xsrfToken, oauthCode, state: input.state ?? null, redirectUrl: input.redirectUrl ?? null,
    device: deviceId ? null : issueDeviceToken(config.signingKey, user.id, config.auth.deviceDays, now()),
  };
}

/** A hash made at an older, cheaper cost is made again at today's (skipped when the queue is busy). */
async function rehash(deps: AuthDeps, userId: string, password: string) {
  try {
    const hash = await deps.hashes.run(() => hashPassword(password));
    await setPasswordHash(deps.dbh.db, userId, hash);
  } catch (err) {
    if (!(err instanceof HashQueueFull)) throw err;
  }
}

export type NewSessionResult = { kind: 'signed_in'; token: string; expires: Date; session: SessionInfo };

/**
 * Step 2: the one-time code (with the xsrf token it was issued with) becomes a
 * session. `current` is the session the browser already holds, if any: it is
 * ended, so every sign-in starts a fresh session token.
 */
export async function exchangeCode(
  deps: Pick<AuthDeps, 'dbh' | 'now'>,
  input: { oauthCode: string; xsrfHeader: string | undefined; current: SessionInfo | null },
): Promise<NewSessionResult | { kind: 'already_signed_in'; session: SessionInfo } | { kind: 'expired' } | { kind: 'bad_xsrf' }> {
  const { db } = deps.dbh;
  const now = (deps.now ?? Date.now)();
  const codeHash = hashToken(input.oauthCode);
  const code = await findLiveAuthCode(db, codeHash, now);
  if (!code) return input.current ? { kind: 'already_signed_in', session: input.current } : { kind: 'expired' };
  if (input.xsrfHeader !== code.xsrf_token) return { kind: 'bad_xsrf' };
  if (!(await markAuthCodeUsed(db, codeHash))) return { kind: 'expired' };
  const user = await findUserById(db, code.user_id);
  if (!user) return { kind: 'expired' };
  if (input.current) await deleteSession(db, input.current.id);

  const linked = user.role === 'warehouse' && user.warehouse_id ? await linkedCompanyIds(db, user.warehouse_id) : [];
  const selected = linked.slice(0, 1);
  const token = newToken();
  const id = hashToken(token);
  const expires = new Date(now + SESSION_DAYS * 86_400_000);
  await insertSession(db, { id, userId: user.id, role: code.role, xsrfToken: code.xsrf_token, selectedCompanyIds: selected, now, expiresAt: expires });
  return {
    kind: 'signed_in', token, expires,
    session: {
      id, userId: user.id, role: code.role as Role, name: user.name, email: user.email, companyId: user.company_id,
      warehouseId: user.warehouse_id, xsrfToken: code.xsrf_token, selectedCompanyIds: selected,
    },
  };
}
