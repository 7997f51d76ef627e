import type { Db } from '../connect';
import type { Database } from '../schema';
import '../tables/auth';

export const findUserByEmail = (db: Db, email: string) =>
  db.selectFrom('users').select(['id', 'email', 'name', 'role', 'password_hash', 'company_id', 'warehouse_id']).where('email', '=', email).executeTakeFirst();

export const findUserById = (db: Db, id: string) =>
  db.selectFrom('users').select(['id', 'email', 'name', 'role', 'company_id', 'warehouse_id']).where('id', '=', id).executeTakeFirst();

export const emailTaken = async (db: Db, email: string) =>
  Boolean(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst());

export const setPasswordHash = (db: Db, userId: string, hash: string) =>
  db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();

export type NewAuthCode = {
  codeHash: string; userId: string; role: Database['auth_codes']['role']; xsrfToken: string; state: string | null; redirectUrl: string | null; now: number; ttlMs: number;
};

export const insertAuthCode = (db: Db, c: NewAuthCode) =>
  db.insertInto('auth_codes').values({
    code: c.codeHash, user_id: c.userId, role: c.role, xsrf_token: c.xsrfToken, state: c.state, redirect_url: c.redirectUrl,
    created_at: new Date(c.now).toISOString(), expires_at: new Date(c.now + c.ttlMs).toISOString(), used: 0,
  }).execute();

/** A sign-in code that is known, unused and unexpired. */
export async function findLiveAuthCode(db: Db, codeHash: string, now = Date.now()) {
  const code = await db.selectFrom('auth_codes').selectAll().where('code', '=', codeHash).executeTakeFirst();
  if (!code || code.used || code.expires_at < new Date(now).toISOString()) return undefined;
  return code;
}

/** Uses a code once: the guarded UPDATE lets exactly one of several racing requests have it. */
export async function markAuthCodeUsed(db: Db, codeHash: string): Promise<boolean> {
  const r = await db.updateTable('auth_codes').set({ used: 1 }).where('code', '=', codeHash).where('used', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export type NewSession = { id: string; userId: string; role: Database['sessions']['role']; xsrfToken: string; selectedCompanyIds: string[]; now: number; expiresAt: Date };

export const insertSession = (db: Db, s: NewSession) =>
  db.insertInto('sessions').values({
    id: s.id, user_id: s.userId, role: s.role, xsrf_token: s.xsrfToken, selected_company_ids: JSON.stringify(s.selectedCompanyIds),
    created_at: new Date(s.now).toISOString(), expires_at: s.expiresAt.toISOString(),
  }).execute();

export const deleteSession = (db: Db, id: string) => db.deleteFrom('sessions').where('id', '=', id).execute();

export const setSelectedCompanies = (db: Db, sessionId: string, ids: string[]) =>
  db.updateTable('sessions').set({ selected_company_ids: JSON.stringify(ids) }).where('id', '=', sessionId).execute();

export async function linkedCompanyIds(db: Db, warehouseId: string) {
  const rows = await db
    .selectFrom('warehouse_companies')
    .innerJoin('companies', 'companies.id', 'warehouse_companies.company_id')
    .select('companies.id')
    .where('warehouse_id', '=', warehouseId)
    .orderBy('companies.name')
    .execute();
  return rows.map((r) => r.id);
}

/** The companies a session may choose from (admin: all; seller: its own; warehouse: its linked ones). */
export function sessionCompanies(db: Db, s: { role: string; companyId: string | null; warehouseId: string | null }) {
  if (s.role === 'admin') return db.selectFrom('companies').select(['id', 'name', 'is_d2r']).orderBy('name').execute();
  if (s.role === 'seller') return db.selectFrom('companies').select(['id', 'name', 'is_d2r']).where('id', '=', s.companyId ?? '').execute();
  return db
    .selectFrom('warehouse_companies')
    .innerJoin('companies', 'companies.id', 'warehouse_companies.company_id')
    .select(['companies.id', 'companies.name', 'companies.is_d2r'])
    .where('warehouse_companies.warehouse_id', '=', s.warehouseId ?? '')
    .orderBy('companies.name')
    .execute();
}

/** Removes what has expired: sessions, sign-in codes, and throttle rows idle for a day. Answers the counts. */
export async function purgeExpired(db: Db, now = Date.now()) {
  const at = new Date(now).toISOString();
  const idle = new Date(now - 86_400_000).toISOString();
  const sessions = await db.deleteFrom('sessions').where('expires_at', '<=', at).executeTakeFirst();
  const codes = await db.deleteFrom('auth_codes').where('expires_at', '<=', at).executeTakeFirst();
  const throttle = await db.deleteFrom('auth_throttle').where('updated_at', '<=', idle).where('next_at', '<=', at).executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), codes: Number(codes.numDeletedRows), throttle: Number(throttle.numDeletedRows) };
}
