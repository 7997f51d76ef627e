// What the bulk uploads fed, read back: beats, a store's D2R discounts, an order's shipping adjustments.
import type { DbHandle } from '../../../db/connect';
import { storePrices } from '../../../db/bulk/catalogue';
import { listBeats } from '../../../db/bulk/d2r';
import { adjustmentsOf, orderCompanyOf } from '../../../db/bulk/orders';
import { findStoreRow } from '../../../db/catalogue/stores';
import { notFound } from '../../../domain/refusal';

/** The companies the reader may see (null = all, admin). */
type Scope = string[] | null;
const inScope = (scope: Scope, companyId: string) => scope === null || scope.includes(companyId);

/** Beats of the reader's companies (the manual D2R order's beat choice). */
export const beatsOf = (dbh: DbHandle, scope: Scope) => listBeats(dbh.db, scope);

/** A store's D2R discounts per catalogue item. */
export async function storePricesOf(dbh: DbHandle, scope: Scope, companyId: string, storeId: string) {
  if (!inScope(scope, companyId) || !(await findStoreRow(dbh.db, storeId, [companyId]))) throw notFound('Store not found');
  return storePrices(dbh.db, storeId);
}

/** Shipping-charge adjustments of an order, newest first, with who and when. */
export async function shippingAdjustmentsOf(dbh: DbHandle, scope: Scope, orderId: string) {
  const o = await orderCompanyOf(dbh.db, orderId);
  if (!o || !inScope(scope, o.company_id)) throw notFound('Order not found');
  return adjustmentsOf(dbh.db, orderId);
}
