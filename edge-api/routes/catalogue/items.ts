import { Hono } from 'hono';
import { z } from 'zod';
import {
  CATALOG_ADDED,
  CATALOG_UPDATED,
  catalogueCreateSchema,
  catalogueListQuerySchema,
  catalogueUpdateSchema,
  CatalogueItemResponse,
  CatalogueListResponse,
  CatalogueSavedResponse,
} from '../../../domain/catalogue';
import type { AppEnv } from '../../env';
import { v } from '../../lib/validate';
import { addCatalogueItem, catalogueItem, companyCatalogue, editCatalogueItem } from '../../services/catalogue/items';
import { catalogueActor } from './company';
import { responds } from '../../lib/responds';

/** Admin sees every catalogue but changes none (part 1 §6): the use case refuses its writes. */

const idParam = z.object({ id: z.string().min(1).max(64) });

export const catalogueItemRoutes = new Hono<AppEnv>()
  .get('/catalogue/company/:id', responds(CatalogueListResponse), v('param', idParam), v('query', catalogueListQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const { items, total } = await companyCatalogue(c.var.dbh, catalogueActor(c), c.req.valid('param').id, q);
    return c.json({ status: true, catalogues: items, currentCount: items.length, totalRecords: total, page: q.page, pageSize: q.pageSize } satisfies CatalogueListResponse);
  })
  .get('/catalogue/:id', responds(CatalogueItemResponse), v('param', idParam), async (c) => {
    return c.json({ status: true, data: await catalogueItem(c.var.dbh, catalogueActor(c), c.req.valid('param').id) } satisfies CatalogueItemResponse);
  })
  .post('/catalogue', responds(CatalogueSavedResponse, 201), v('json', catalogueCreateSchema), async (c) => {
    const item = await addCatalogueItem(c.var.dbh, catalogueActor(c), c.req.valid('json'));
    return c.json({ status: true, message: CATALOG_ADDED, data: item } satisfies CatalogueSavedResponse, 201);
  })
  .put('/catalogue/:id', responds(CatalogueSavedResponse), v('param', idParam), v('json', catalogueUpdateSchema), async (c) => {
    const item = await editCatalogueItem(c.var.dbh, catalogueActor(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ status: true, message: CATALOG_UPDATED, data: item } satisfies CatalogueSavedResponse);
  });
