// Look-ups of the manual order form: pincode, the company's warehouses, salesmen (and adding one).
import type { DbHandle } from '../../../db/connect';
import { insertSalesman, listSalesmen, salesmanPhoneTaken } from '../../../db/catalogue/salesmen';
import { companyAddress, companyWarehouses } from '../../../db/catalogue/warehouses';
import { manualOrderPrefill } from '../../../db/catalogue/manual-orders';
import { lookupPincode } from '../../../db/pincodes/load';
import { SALESMAN_PHONE_TAKEN } from '../../../domain/manual-order';
import { notFound, Refusal } from '../../../domain/refusal';
import { targetCompanyOf, type CatalogueActor } from './company';

const PINCODE_NOT_FOUND = 'Pincode not found';

/** State and district of a pincode (the form fills state and city). */
export async function pincodeDetails(dbh: DbHandle, pincode: string) {
  const found = await lookupPincode(dbh.db, pincode);
  if (!found) throw new Refusal('not_found', PINCODE_NOT_FOUND, undefined, { warehousePinDetails: [] });
  return [{ state: found.state, district: found.district }];
}

/** Warehouses a company ships from, and the company's own state (seller state without a warehouse). */
export async function companyWarehousesOf(dbh: DbHandle, actor: CatalogueActor, requested?: string) {
  const companyId = targetCompanyOf(actor, requested);
  const company = await companyAddress(dbh.db, companyId);
  if (!company) throw notFound('Company not found');
  return { companyId, companyState: company.address.state ?? '', isD2R: company.isD2R, warehouses: await companyWarehouses(dbh.db, companyId) };
}

export const salesmenOf = (dbh: DbHandle, actor: CatalogueActor, requested?: string) => listSalesmen(dbh.db, targetCompanyOf(actor, requested));

export async function addSalesman(dbh: DbHandle, actor: CatalogueActor, input: { companyId?: string; firstName: string; lastName: string; email: string; phone: string }) {
  const companyId = targetCompanyOf(actor, input.companyId);
  if (await salesmanPhoneTaken(dbh.db, companyId, input.phone)) {
    throw new Refusal('conflict', SALESMAN_PHONE_TAKEN, [{ path: 'phone', message: SALESMAN_PHONE_TAKEN }]);
  }
  return insertSalesman(dbh.db, companyId, input);
}

/** An existing order as the manual order form's pre-fill (clone, Clone & Edit). */
export async function orderPrefill(dbh: DbHandle, actor: CatalogueActor, orderId: string) {
  const data = await manualOrderPrefill(dbh.db, orderId, actor.scope);
  if (!data) throw notFound('Order not found');
  return data;
}
