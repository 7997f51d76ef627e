/**
 * Company and warehouse signup (part 1 §3): the organisation and its first user,
 * in one transaction; then a verification link goes to the new user's address
 * (services/auth/email-verification.ts). Answers the new user's id and address.
 */
import { emailTaken } from '../../../db/auth/sessions';
import { createCompanyAccount, createWarehouseAccount, type NewAccount } from '../../../db/auth/signup';
import type { Db } from '../../../db/connect';
import { hashPassword } from '../../../db/password';
import { SIGN_IN_BUSY } from '../../../domain/auth';
import { nowIso, uuidv7 } from '../../../domain/ids';
import type { CompanySignup, WarehouseSignup } from '../../../domain/profile';
import { conflict, rateLimited } from '../../../domain/refusal';
import type { AuthDeps } from './sign-in';
import { sendVerificationLink } from './email-verification';
import { HashQueueFull } from './hash-queue';

export const EMAIL_TAKEN = 'An account with this email already exists';

async function newPasswordHash(deps: Pick<AuthDeps, 'hashes'>, password: string) {
  try {
    return await deps.hashes.run(() => hashPassword(password));
  } catch (err) {
    if (err instanceof HashQueueFull) throw rateLimited(SIGN_IN_BUSY, { retryAfter: 2 });
    throw err;
  }
}

export type SignedUp = { userId: string; email: string };

type Deps = Pick<AuthDeps, 'dbh' | 'hashes' | 'config'>;

/** Opens the account (`create` writes the organisation and its first user), then mails the verification link. */
async function signup<B extends { email: string; password: string }>(deps: Deps, body: B, create: (db: Db, a: NewAccount, body: B) => Promise<void>): Promise<SignedUp> {
  const { db } = deps.dbh;
  const email = body.email.toLowerCase();
  if (await emailTaken(db, email)) throw conflict(EMAIL_TAKEN);
  const hash = await newPasswordHash(deps, body.password);
  const orgId = uuidv7();
  const userId = uuidv7();
  await create(db, { orgId, userId, email, hash, now: nowIso() }, body);
  await sendVerificationLink(deps.dbh, deps.config, userId);
  return { userId, email };
}

export const signupCompany = (deps: Deps, body: CompanySignup): Promise<SignedUp> => signup(deps, body, createCompanyAccount);

export const signupWarehouse = (deps: Deps, body: WarehouseSignup): Promise<SignedUp> => signup(deps, body, createWarehouseAccount);
