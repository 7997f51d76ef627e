// What a production install holds instead of demo data: couriers with secrets of their own, and its first admin.
import type { Db } from '../connect';
import { COURIERS, DEMO_LOGINS, SERVICE_LEVELS } from '../seed-data';

export const DEMO_EMAILS: readonly string[] = DEMO_LOGINS.map((l) => l.email);

/** Demo logins present in the database. */
export async function demoUsersPresent(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('users').select('email').where('email', 'in', [...DEMO_EMAILS]).orderBy('email').execute();
  return rows.map((r) => r.email);
}

export const webhookSecrets = (db: Db) =>
  db.selectFrom('delivery_partners').select(['id', 'code', 'name', 'status', 'hmac_secret']).orderBy('code').execute();

export const setWebhookSecret = (db: Db, code: string, secret: string) =>
  db.updateTable('delivery_partners').set({ hmac_secret: secret }).where('code', '=', code).execute();

/** Adds the couriers the app knows that are missing, each with the secret `secretFor` makes. Answers the codes added. */
export async function addMissingCouriers(db: Db, secretFor: (code: string) => string): Promise<string[]> {
  const have = new Set((await db.selectFrom('delivery_partners').select('code').execute()).map((r) => r.code));
  const added: string[] = [];
  for (const c of COURIERS) {
    if (have.has(c.code)) continue;
    await db.insertInto('delivery_partners').values({
      id: `dp-${c.code}`, name: c.name, code: c.code, status: 1, hmac_secret: secretFor(c.code), service_levels: JSON.stringify(SERVICE_LEVELS[c.code] ?? {}),
    }).execute();
    added.push(c.code);
  }
  return added;
}

export const userCount = async (db: Db, role?: string) => {
  let q = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  if (role) q = q.where('role', '=', role as never);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

export const insertAdmin = (db: Db, u: { id: string; email: string; name: string; passwordHash: string; now: string }) =>
  db.insertInto('users').values({
    id: u.id, email: u.email, password_hash: u.passwordHash, role: 'admin', name: u.name, company_id: null, warehouse_id: null, created_at: u.now,
  }).execute();

/** Replaces one courier's webhook secret; false for an unknown courier. */
export async function replaceWebhookSecret(db: Db, code: string, secret: string): Promise<boolean> {
  const r = await db.updateTable('delivery_partners').set({ hmac_secret: secret }).where('code', '=', code).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** True when some demo courier's rate card exists (Shiprocket's card comes with its migration). */
export const hasRateCards = async (db: Db) =>
  (await db.selectFrom('carrier_rate_cards').select('partner_code').where('partner_code', 'in', COURIERS.map((c) => c.code)).limit(1).execute()).length > 0;
