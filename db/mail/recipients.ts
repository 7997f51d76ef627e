import type { Db } from '../connect';

/**
 * The addresses a user may have download links e-mailed to: the user's own
 * and the configured address of the company (seller) or warehouse it belongs to.
 */
export async function allowedRecipients(db: Db, user: { email: string; companyId: string | null; warehouseId: string | null }): Promise<string[]> {
  const out = [user.email];
  if (user.companyId) {
    const c = await db.selectFrom('companies').select('email').where('id', '=', user.companyId).executeTakeFirst();
    if (c?.email) out.push(c.email);
  }
  if (user.warehouseId) {
    const w = await db.selectFrom('warehouses').select('email').where('id', '=', user.warehouseId).executeTakeFirst();
    if (w?.email) out.push(w.email);
  }
  return [...new Set(out.map((e) => e.trim().toLowerCase()))];
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
