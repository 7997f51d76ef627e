// Catalogue lookups and writes of the bulk uploads (catalogues, WSIN upload,
// WSIN map, D2R discount). Item writes go through db/catalogue/items.
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../domain/ids';
import type { Database } from '../schema';
import '../tables/bulk';

type Q = Kysely<Database> | Transaction<Database>;

/** A catalogue item of the company by id, or else by SKU (manual shop). */
export async function findItemByIdOrSku(db: Q, companyId: string, ref: string) {
  const byId = await db.selectFrom('catalogue_items').selectAll().where('company_id', '=', companyId).where('id', '=', ref).executeTakeFirst();
  if (byId) return byId;
  return db.selectFrom('catalogue_items').selectAll().where('company_id', '=', companyId).where('shop_type', '=', 'manual').where('sku', '=', ref).executeTakeFirst();
}

/** Items of the company by SKU (manual shop), for the order rows. */
export async function itemsBySku(db: Q, companyId: string, skus: string[]) {
  if (!skus.length) return new Map<string, { id: string; active: number }>();
  const rows = await db.selectFrom('catalogue_items').select(['id', 'sku', 'active']).where('company_id', '=', companyId).where('shop_type', '=', 'manual').where('sku', 'in', skus).execute();
  return new Map(rows.map((r) => [r.sku, { id: r.id, active: Number(r.active) }]));
}

export async function findWsin(db: Q, wsin: string) {
  return db.selectFrom('wsins').selectAll().where('wsin', '=', wsin).executeTakeFirst();
}

export async function findWsinByProduct(db: Q, companyId: string, productName: string) {
  return db.selectFrom('wsins').selectAll().where('company_id', '=', companyId).where('product_name', '=', productName).orderBy('created_at').executeTakeFirst();
}

export async function insertWsin(db: Q, companyId: string, wsin: string, productName: string) {
  await db.insertInto('wsins').values({ wsin, company_id: companyId, product_name: productName, created_at: nowIso() }).execute();
}

/** Replaces the WSIN mapping of an item. */
export async function replaceWsinMapping(db: Q, catalogueId: string, mapping: Record<string, number>) {
  await db.deleteFrom('catalogue_wsins').where('catalogue_id', '=', catalogueId).execute();
  const values = Object.entries(mapping).map(([wsin, multiplier]) => ({ catalogue_id: catalogueId, wsin, multiplier }));
  if (values.length) await db.insertInto('catalogue_wsins').values(values).execute();
  await db.updateTable('catalogue_items').set({ updated_at: nowIso() }).where('id', '=', catalogueId).execute();
}

/** Sets a store's D2R discount (percent) on one item. */
export async function upsertStorePrice(db: Q, v: { storeId: string; catalogueId: string; companyId: string; discount: number; actor: { id: string; name: string } }) {
  const now = nowIso();
  await db
    .insertInto('d2r_store_prices')
    .values({ store_id: v.storeId, catalogue_id: v.catalogueId, company_id: v.companyId, discount: v.discount, actor_id: v.actor.id, actor_name: v.actor.name, updated_at: now })
    .onConflict((oc) => oc.columns(['store_id', 'catalogue_id']).doUpdateSet({ discount: v.discount, actor_id: v.actor.id, actor_name: v.actor.name, updated_at: now }))
    .execute();
}

/** The D2R discounts of a store (catalogue id → percent). */
export async function storePrices(db: Q, storeId: string) {
  const rows = await db.selectFrom('d2r_store_prices').select(['catalogue_id', 'discount', 'updated_at', 'actor_name']).where('store_id', '=', storeId).execute();
  return rows.map((r) => ({ catalogueId: r.catalogue_id, discount: Number(r.discount), updatedAt: r.updated_at, by: r.actor_name }));
}

/** A store's D2R discounts as the pricing reads them (catalogue id → percent off). */
export async function storeDiscounts(db: Q, storeId: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('d2r_store_prices').select(['catalogue_id', 'discount']).where('store_id', '=', storeId).execute();
  return new Map(rows.map((r) => [r.catalogue_id, Number(r.discount)]));
}

/** The company's manual catalogue item with this SKU (id and images). */
export async function findManualItemBySku(db: Q, companyId: string, sku: string) {
  return db.selectFrom('catalogue_items').select(['id', 'image_urls']).where('company_id', '=', companyId).where('shop_type', '=', 'manual').where('sku', '=', sku).executeTakeFirst();
}
