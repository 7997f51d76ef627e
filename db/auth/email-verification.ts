// Queries of e-mail verification (migration 2026-11-26T0200_email_verification).
import type { Db } from '../connect';
import '../tables/email-verification';

export const userEmailState = (db: Db, userId: string) =>
  db.selectFrom('users').select(['id', 'email', 'name', 'email_verified_at']).where('id', '=', userId).executeTakeFirst();

export type OrgRef = { kind: 'company' | 'warehouse'; id: string };
export type NewEmailVerification = { id: string; tokenHash: string; userId: string; email: string; now: number; ttlMs: number; org?: OrgRef };

export const insertEmailVerification = (db: Db, v: NewEmailVerification) =>
  db.insertInto('email_verifications').values({
    id: v.id, token_hash: v.tokenHash, user_id: v.userId, email: v.email,
    created_at: new Date(v.now).toISOString(), expires_at: new Date(v.now + v.ttlMs).toISOString(), used_at: null,
    org_kind: v.org?.kind ?? null, org_id: v.org?.id ?? null,
  }).execute();

const ORG_TABLE = { company: 'companies', warehouse: 'warehouses' } as const;

/** An organisation's name, configured address and the address that was verified. */
export const orgEmailState = (db: Db, org: OrgRef) =>
  db.selectFrom(ORG_TABLE[org.kind]).select(['name', 'email', 'email_verified']).where('id', '=', org.id).executeTakeFirst();

/** Marks an organisation's address verified, if it is still `email`. Answers whether it did. */
export async function markOrgEmailVerified(db: Db, org: OrgRef, email: string): Promise<boolean> {
  const r = await db.updateTable(ORG_TABLE[org.kind]).set({ email_verified: email }).where('id', '=', org.id).where('email', '=', email).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * A user who verifies their own address verifies it for their organisation too
 * when it is the organisation's configured address (a sign-up gives both the same).
 */
export async function markOrgAddressesOf(db: Db, userId: string, email: string): Promise<void> {
  const u = await db.selectFrom('users').select(['company_id', 'warehouse_id']).where('id', '=', userId).executeTakeFirst();
  const orgs: OrgRef[] = [];
  if (u?.company_id) orgs.push({ kind: 'company', id: u.company_id });
  if (u?.warehouse_id) orgs.push({ kind: 'warehouse', id: u.warehouse_id });
  const same = (a: string | null | undefined) => (a ?? '').trim().toLowerCase() === email.trim().toLowerCase();
  for (const org of orgs) {
    const o = await orgEmailState(db, org);
    if (o?.email && same(o.email)) await markOrgEmailVerified(db, org, o.email);
  }
}

/** Links sent to a user since `sinceIso`, and when the latest was sent. */
export async function verificationsSince(db: Db, userId: string, sinceIso: string): Promise<{ count: number; latest: string | null }> {
  const r = await db
    .selectFrom('email_verifications')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('latest')])
    .where('user_id', '=', userId)
    .where('created_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return { count: Number(r.n), latest: (r.latest as string | null) ?? null };
}

export const emailVerificationById = (db: Db, id: string) =>
  db.selectFrom('email_verifications').selectAll().where('id', '=', id).executeTakeFirst();

export const emailVerificationByHash = (db: Db, tokenHash: string) =>
  db.selectFrom('email_verifications').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/**
 * Uses a link once: the guarded UPDATE lets exactly one of several racing
 * requests have it, and only while it is unexpired.
 */
export async function useEmailVerification(db: Db, tokenHash: string, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('email_verifications')
    .set({ used_at: nowIso })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Marks the user's address verified, if it is still `email`. Answers whether it did. */
export async function markEmailVerified(db: Db, userId: string, email: string, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ email_verified_at: nowIso })
    .where('id', '=', userId)
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Changes a user's sign-in address; the new one is unverified until a link sent
 * to it is opened. (No screen changes a user's address today; whatever does
 * later goes through here.)
 */
export const setUserEmail = (db: Db, userId: string, email: string) =>
  db.updateTable('users').set({ email, email_verified_at: null }).where('id', '=', userId).execute();

/** Removes links that expired more than a week ago. Answers how many. */
export async function purgeEmailVerifications(db: Db, now = Date.now()): Promise<number> {
  const r = await db.deleteFrom('email_verifications').where('expires_at', '<=', new Date(now - 7 * 86_400_000).toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}
