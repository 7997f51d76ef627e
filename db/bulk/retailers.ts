// Retailers brought in from other systems: a store address (the retailers
// screen's row) plus the profile fields the store table has no column for.
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../domain/ids';
import type { Database } from '../schema';
import '../tables/admin';
import '../tables/bulk';

type Q = Kysely<Database> | Transaction<Database>;

export async function findExternalRetailer(db: Q, companyId: string, externalId: string) {
  return db.selectFrom('retailer_profiles').select(['store_id']).where('company_id', '=', companyId).where('external_id', '=', externalId).executeTakeFirst();
}

export async function insertRetailerProfile(db: Q, v: { storeId: string; companyId: string; externalId: string; class: string; type: string; cluster: string; details: Record<string, unknown> }) {
  await db.insertInto('retailer_profiles').values({
    store_id: v.storeId, company_id: v.companyId, external_id: v.externalId, class: v.class, type: v.type, cluster: v.cluster,
    details: JSON.stringify(v.details), created_at: nowIso(),
  }).execute();
}

/** The names of the clusters of the admin console (the external retailers' cluster column checks against them). */
export async function clusterNames(db: Q): Promise<string[]> {
  const rows = await db.selectFrom('clusters').select('name').orderBy('name').limit(1000).execute();
  return rows.map((r) => r.name);
}

/** A store's coordinates (external retailers upload them). */
export async function setStoreLocation(db: Q, storeId: string, latitude: number, longitude: number) {
  await db.updateTable('store_addresses').set({ latitude, longitude }).where('id', '=', storeId).execute();
}
