// The catalogue (part 1 §6): list, read, add and edit items. Admin sees every catalogue but changes none.
import type { DbHandle } from '../../../db/connect';
import { createCatalogueItem, findCatalogueItem, findCatalogueRow, listCatalogue, skuTaken, updateCatalogueItem } from '../../../db/catalogue/items';
import { uploadOwner } from '../../../db/uploads/queries';
import {
  CATALOGUE_ADMIN_READ_ONLY,
  CATALOGUE_NOT_EDITABLE,
  SKU_EXISTS,
  type CatalogueCreate,
  type CatalogueListQuery,
  type CatalogueUpdate,
} from '../../../domain/catalogue';
import { forbidden, invalid, notFound, Refusal } from '../../../domain/refusal';
import { queueMissedOrderRetry } from '../../integrations/channels/missed';
import { hsnProblemFor } from '../billing/einvoice';
import { inScopeOf, targetCompanyOf, type CatalogueActor } from './company';

const IMAGE_MISSING = 'Image not found, please upload it again';

function refuseAdmin(actor: CatalogueActor) {
  if (actor.role === 'admin') throw forbidden(CATALOGUE_ADMIN_READ_ONLY);
}

/** Uploaded images must exist and belong to the company (or to nobody in particular). */
async function checkImages(dbh: DbHandle, companyId: string, urls: string[]) {
  for (const url of urls) {
    const m = /^\/api\/files\/([^/?#]+)/.exec(url);
    if (!m) continue;
    const row = await uploadOwner(dbh.db, m[1]);
    if (!row || row.purpose !== 'product' || (row.company_id && row.company_id !== companyId)) {
      throw invalid(IMAGE_MISSING, [{ path: 'imageUrls', message: IMAGE_MISSING }]);
    }
  }
}

/** With e-invoicing on, an item's HSN has the digits the company's turnover band requires. */
async function checkHsn(dbh: DbHandle, companyId: string, hsn: string | null | undefined) {
  const problem = await hsnProblemFor(dbh.db, companyId, hsn);
  if (problem) throw invalid(problem, [{ path: 'hsnCode', message: problem }]);
}

export async function companyCatalogue(dbh: DbHandle, actor: CatalogueActor, companyId: string, q: CatalogueListQuery) {
  if (!inScopeOf(actor, companyId)) throw notFound('Company not found');
  return listCatalogue(dbh.db, companyId, q);
}

export async function catalogueItem(dbh: DbHandle, actor: CatalogueActor, id: string) {
  const item = await findCatalogueItem(dbh.db, id, actor.scope);
  if (!item) throw notFound('Catalogue item not found');
  return item;
}

export async function addCatalogueItem(dbh: DbHandle, actor: CatalogueActor, input: CatalogueCreate) {
  refuseAdmin(actor);
  const companyId = targetCompanyOf(actor, input.companyId);
  if (await skuTaken(dbh.db, companyId, 'manual', input.skuId)) throw new Refusal('conflict', SKU_EXISTS, [{ path: 'skuId', message: SKU_EXISTS }]);
  await checkImages(dbh, companyId, input.imageUrls);
  await checkHsn(dbh, companyId, input.hsnCode);
  const item = await createCatalogueItem(dbh.db, companyId, input);
  // A store order waiting on this SKU in Missed Orders is imported now.
  await queueMissedOrderRetry(dbh, companyId);
  return item;
}

export async function editCatalogueItem(dbh: DbHandle, actor: CatalogueActor, id: string, input: CatalogueUpdate) {
  refuseAdmin(actor);
  const row = await findCatalogueRow(dbh.db, id, actor.scope);
  if (!row) throw notFound('Catalogue item not found');
  if (row.shop_type !== 'manual') throw forbidden(CATALOGUE_NOT_EDITABLE);
  await checkImages(dbh, row.company_id, input.imageUrls);
  await checkHsn(dbh, row.company_id, input.hsnCode);
  const item = await updateCatalogueItem(dbh.db, row.id, input);
  await queueMissedOrderRetry(dbh, row.company_id); // a new SKU, or the item made active again
  return item;
}
