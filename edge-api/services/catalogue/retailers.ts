// D2R retailers (store addresses) and their mapping to a primary retailer (part 2 §7).
import type { DbHandle } from '../../../db/connect';
import { findStoreRow, hasMappedRetailers, insertStore, listStores, mapRetailer, ordersOfRetailer, primaryRetailers, storeDto } from '../../../db/catalogue/stores';
import { invalid, notFound } from '../../../domain/refusal';
import { MAPPING_CHAIN, RETAILER_NOT_FOUND, type RetailerMapping, type StoreAddress, type StoreListQuery } from '../../../domain/retailers';
import { inScopeOf, targetCompanyOf, type CatalogueActor } from './company';

const RETAILER_IS_PRIMARY = 'Other retailers are mapped to this retailer';

async function retailerOf(dbh: DbHandle, scope: string[] | null, id: string) {
  const row = await findStoreRow(dbh.db, id, scope);
  if (!row) throw notFound(RETAILER_NOT_FOUND);
  return row;
}

export async function storeList(dbh: DbHandle, actor: CatalogueActor, q: StoreListQuery) {
  if (q.companyId && !inScopeOf(actor, q.companyId)) throw notFound('Company not found');
  return listStores(dbh.db, q.companyId ? [q.companyId] : actor.scope, q);
}

export async function storeAddress(dbh: DbHandle, actor: CatalogueActor, id: string) {
  const row = await retailerOf(dbh, actor.scope, id);
  return { data: storeDto(row), orderCount: await ordersOfRetailer(dbh.db, row.id) };
}

export async function addStoreAddress(dbh: DbHandle, actor: CatalogueActor, input: StoreAddress & { companyId?: string }) {
  const companyId = targetCompanyOf(actor, input.companyId);
  return storeDto(await insertStore(dbh.db, companyId, input));
}

export const primaryRetailersOf = (dbh: DbHandle, actor: CatalogueActor) => primaryRetailers(dbh.db, actor.scope);

/** Orders placed for a retailer: what a mapping of it affects. */
export async function retailerOrderCount(dbh: DbHandle, actor: CatalogueActor, retailerId: string) {
  const row = await retailerOf(dbh, actor.scope, retailerId);
  return ordersOfRetailer(dbh.db, row.id);
}

/** Maps a retailer to a primary retailer of the same company; answers the orders the mapping affects. */
export async function mapRetailerTo(dbh: DbHandle, actor: CatalogueActor, input: RetailerMapping) {
  const retailer = await retailerOf(dbh, actor.scope, input.retailerId);
  // The primary retailer must be a store of the same company.
  const target = await retailerOf(dbh, [retailer.company_id], input.mappedTo);
  if (target.mapped_to) throw invalid(MAPPING_CHAIN, [{ path: 'mappedTo', message: MAPPING_CHAIN }]);
  if (await hasMappedRetailers(dbh.db, retailer.id)) throw invalid(RETAILER_IS_PRIMARY, [{ path: 'retailerId', message: RETAILER_IS_PRIMARY }]);
  await mapRetailer(dbh.db, retailer.id, target.id);
  return ordersOfRetailer(dbh.db, retailer.id);
}
