// Beats: a named group of a company's retailer stores, with an optional salesman.
import type { Kysely, Transaction } from 'kysely';
import { nowIso, uuidv7 } from '../../domain/ids';
import type { Database } from '../schema';
import '../tables/bulk';
import '../tables/catalogue';

type Q = Kysely<Database> | Transaction<Database>;

export async function salesmanOfCompany(db: Q, companyId: string, id: string) {
  return db.selectFrom('salesmen').select('id').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
}

/** The ids among `ids` that are not stores of the company. */
export async function unknownStores(db: Q, companyId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const found = new Set((await db.selectFrom('store_addresses').select('id').where('company_id', '=', companyId).where('id', 'in', ids).execute()).map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** Creates or updates the company's beat of that name and sets its stores. */
export async function upsertBeat(db: Q, companyId: string, v: { name: string; description: string | null; salesmanId: string | null; storeIds: string[] }) {
  const now = nowIso();
  const existing = await db.selectFrom('beats').select('id').where('company_id', '=', companyId).where('name', '=', v.name).executeTakeFirst();
  const id = existing?.id ?? uuidv7();
  if (existing) {
    await db.updateTable('beats').set({ description: v.description, salesman_id: v.salesmanId, updated_at: now }).where('id', '=', id).execute();
    await db.deleteFrom('beat_stores').where('beat_id', '=', id).execute();
  } else {
    await db.insertInto('beats').values({ id, company_id: companyId, name: v.name, description: v.description, salesman_id: v.salesmanId, created_at: now, updated_at: now }).execute();
  }
  if (v.storeIds.length) await db.insertInto('beat_stores').values(v.storeIds.map((s) => ({ beat_id: id, store_id: s }))).execute();
  return id;
}

/** The beats of companies, each with its store ids (for the manual D2R order's beat choice). */
export async function listBeats(db: Q, companyIds: string[] | null) {
  let q = db.selectFrom('beats').selectAll().orderBy('name');
  if (companyIds) q = q.where('company_id', 'in', companyIds.length ? companyIds : ['']);
  const beats = await q.limit(1000).execute();
  const stores = beats.length ? await db.selectFrom('beat_stores').selectAll().where('beat_id', 'in', beats.map((b) => b.id)).execute() : [];
  return beats.map((b) => ({
    id: b.id, companyId: b.company_id, name: b.name, description: b.description, salesmanId: b.salesman_id,
    storeIds: stores.filter((s) => s.beat_id === b.id).map((s) => s.store_id),
  }));
}
