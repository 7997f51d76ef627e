import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  CATALOG_ADDED,
  CATALOG_UPDATED,
  CATALOGUE_ADMIN_READ_ONLY,
  CATALOGUE_NOT_EDITABLE,
  catalogueCreateSchema,
  catalogueListQuerySchema,
  catalogueUpdateSchema,
  CatalogueItemResponse,
  CatalogueListResponse,
  CatalogueSavedResponse,
  SKU_EXISTS,
} from '../../../domain/catalogue';
import { createCatalogueItem, findCatalogueItem, findCatalogueRow, listCatalogue, skuTaken, updateCatalogueItem } from '../../../db/catalogue/items';
import type { AppEnv } from '../../env';
import { ApiFailure, notFound } from '../../lib/errors';
import { v } from '../../lib/validate';
import { companyScope, inScope, requireRole, requireSession } from '../../middleware/session';
import { targetCompany } from './company';
import { responds } from '../../lib/responds';

const IMAGE_MISSING = 'Image not found, please upload it again';

/** Admin sees every catalogue but changes none (part 1 §6). */
const requireWriter = requireRole('seller', 'warehouse', 'admin');
function refuseAdmin(c: Context<AppEnv>) {
  if (requireSession(c).role === 'admin') throw new ApiFailure(403, CATALOGUE_ADMIN_READ_ONLY);
}

/** Uploaded images must exist and belong to the company (or to nobody in particular). */
async function checkImages(c: Context<AppEnv>, companyId: string, urls: string[]) {
  for (const url of urls) {
    const m = /^\/api\/files\/([^/?#]+)/.exec(url);
    if (!m) continue;
    const row = await c.var.dbh.db.selectFrom('uploads').select(['company_id', 'purpose']).where('key', '=', m[1]).executeTakeFirst();
    if (!row || row.purpose !== 'product' || (row.company_id && row.company_id !== companyId)) {
      throw new ApiFailure(400, IMAGE_MISSING, [{ path: 'imageUrls', message: IMAGE_MISSING }]);
    }
  }
}

const idParam = z.object({ id: z.string().min(1).max(64) });

export const catalogueItemRoutes = new Hono<AppEnv>()
  .get('/catalogue/company/:id', requireRole(), responds(CatalogueListResponse), v('param', idParam), v('query', catalogueListQuerySchema), async (c) => {
    const { id } = c.req.valid('param');
    if (!inScope(c, id)) throw notFound('Company not found');
    const q = c.req.valid('query');
    const { items, total } = await listCatalogue(c.var.dbh.db, id, q);
    return c.json({ status: true, catalogues: items, currentCount: items.length, totalRecords: total, page: q.page, pageSize: q.pageSize } satisfies CatalogueListResponse);
  })
  .get('/catalogue/:id', requireRole(), responds(CatalogueItemResponse), v('param', idParam), async (c) => {
    const item = await findCatalogueItem(c.var.dbh.db, c.req.valid('param').id, companyScope(c));
    if (!item) throw notFound('Catalogue item not found');
    return c.json({ status: true, data: item } satisfies CatalogueItemResponse);
  })
  .post('/catalogue', requireWriter, responds(CatalogueSavedResponse, 201), v('json', catalogueCreateSchema), async (c) => {
    refuseAdmin(c);
    const body = c.req.valid('json');
    const companyId = targetCompany(c, body.companyId);
    if (await skuTaken(c.var.dbh.db, companyId, 'manual', body.skuId)) throw new ApiFailure(409, SKU_EXISTS, [{ path: 'skuId', message: SKU_EXISTS }]);
    await checkImages(c, companyId, body.imageUrls);
    const item = await createCatalogueItem(c.var.dbh.db, companyId, body);
    return c.json({ status: true, message: CATALOG_ADDED, data: item } satisfies CatalogueSavedResponse, 201);
  })
  .put('/catalogue/:id', requireWriter, responds(CatalogueSavedResponse), v('param', idParam), v('json', catalogueUpdateSchema), async (c) => {
    refuseAdmin(c);
    const row = await findCatalogueRow(c.var.dbh.db, c.req.valid('param').id, companyScope(c));
    if (!row) throw notFound('Catalogue item not found');
    if (row.shop_type !== 'manual') throw new ApiFailure(403, CATALOGUE_NOT_EDITABLE);
    const body = c.req.valid('json');
    await checkImages(c, row.company_id, body.imageUrls);
    const item = await updateCatalogueItem(c.var.dbh.db, row.id, body);
    return c.json({ status: true, message: CATALOG_UPDATED, data: item } satisfies CatalogueSavedResponse);
  });
