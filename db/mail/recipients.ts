import type { Db } from '../connect';
import '../tables/email-verification';

export type MailRecipients = {
  /** The user's own address, and whether it is verified. */
  own: string;
  ownVerified: boolean;
  /** The addresses that may be mailed: the own one once verified, and the company's or warehouse's configured one. */
  allowed: string[];
};

const norm = (e: string) => e.trim().toLowerCase();

/**
 * Where a user may have download links e-mailed: their own address once it is
 * verified, and the configured address of the company (seller) or warehouse they
 * belong to once a link mailed to it was opened. An organisation address that is the user's own, still unverified,
 * address (a fresh sign-up gives both the same) is not offered either: it proves
 * nothing until the user verifies it.
 */
export async function mailRecipients(
  db: Db,
  user: { userId: string; email: string; companyId: string | null; warehouseId: string | null },
): Promise<MailRecipients> {
  const row = await db.selectFrom('users').select(['email', 'email_verified_at']).where('id', '=', user.userId).executeTakeFirst();
  const own = norm(row?.email ?? user.email);
  const ownVerified = Boolean(row?.email_verified_at);
  const out: string[] = ownVerified ? [own] : [];
  // An organisation's address counts only while it is the address that was verified (migration 2026-11-26T0400).
  if (user.companyId) {
    const c = await db.selectFrom('companies').select(['email', 'email_verified']).where('id', '=', user.companyId).executeTakeFirst();
    if (c?.email && c.email === c.email_verified) out.push(c.email);
  }
  if (user.warehouseId) {
    const w = await db.selectFrom('warehouses').select(['email', 'email_verified']).where('id', '=', user.warehouseId).executeTakeFirst();
    if (w?.email && w.email === w.email_verified) out.push(w.email);
  }
  const allowed = [...new Set(out.map(norm))].filter((e) => ownVerified || e !== own);
  return { own, ownVerified, allowed };
}

/** The addresses a user may have download links e-mailed to (see `mailRecipients`). */
export async function allowedRecipients(db: Db, user: { userId: string; email: string; companyId: string | null; warehouseId: string | null }): Promise<string[]> {
  return (await mailRecipients(db, user)).allowed;
}

/** Mail jobs of `kind` a user queued since `sinceIso`. */
export async function mailJobsSince(db: Db, userId: string, kind: string, sinceIso: string): Promise<number> {
  const r = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('created_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
