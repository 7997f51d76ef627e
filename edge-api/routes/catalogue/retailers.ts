import { Hono } from 'hono';
import { z } from 'zod';
import {
  MappingCountResponse,
  MAPPING_CHAIN,
  PrimaryRetailersResponse,
  RetailerMappingResponse,
  StoreAddressCreatedResponse,
  StoreAddressResponse,
  StoreListResponse,
  RETAILER_MAPPING_CREATED,
  RETAILER_NOT_FOUND,
  retailerMappingSchema,
  STORE_ADDRESS_CREATED,
  storeAddressSchema,
  storeListQuerySchema,
} from '../../../domain/retailers';
import { findStoreRow, insertStore, listStores, mapRetailer, ordersOfRetailer, primaryRetailers, storeDto } from '../../../db/catalogue/stores';
import type { AppEnv } from '../../env';
import { ApiFailure, notFound } from '../../lib/errors';
import { v } from '../../lib/validate';
import { companyScope, inScope, requireRole } from '../../middleware/session';
import { targetCompany } from './company';
import { responds } from '../../lib/responds';

const idParam = z.object({ id: z.string().min(1).max(64) });
const RETAILER_IS_PRIMARY = 'Other retailers are mapped to this retailer';

export const retailerRoutes = new Hono<AppEnv>()
  .get('/d2r/store-address/list', requireRole(), responds(StoreListResponse), v('query', storeListQuerySchema), async (c) => {
    const q = c.req.valid('query');
    if (q.companyId && !inScope(c, q.companyId)) throw notFound('Company not found');
    const { rows, total } = await listStores(c.var.dbh.db, q.companyId ? [q.companyId] : companyScope(c), q);
    return c.json({ status: true, storeAddressData: rows, totalRecords: total, page: q.page, limit: q.limit } satisfies StoreListResponse);
  })
  .get('/d2r/store-address/:id', requireRole(), responds(StoreAddressResponse), v('param', idParam), async (c) => {
    const row = await findStoreRow(c.var.dbh.db, c.req.valid('param').id, companyScope(c));
    if (!row) throw notFound(RETAILER_NOT_FOUND);
    return c.json({ status: true, data: storeDto(row), orderCount: await ordersOfRetailer(c.var.dbh.db, row.id) } satisfies StoreAddressResponse);
  })
  .post('/d2r/store-address', requireRole('seller', 'warehouse'), responds(StoreAddressCreatedResponse, 201), v('json', storeAddressSchema), async (c) => {
    const body = c.req.valid('json');
    const companyId = targetCompany(c, body.companyId);
    const row = await insertStore(c.var.dbh.db, companyId, body);
    return c.json({ status: true, message: STORE_ADDRESS_CREATED, data: storeDto(row) } satisfies StoreAddressCreatedResponse, 201);
  })
  .get('/d2r/primary/retailers', requireRole(), responds(PrimaryRetailersResponse), async (c) => {
    return c.json({ status: true, primaryRetailers: await primaryRetailers(c.var.dbh.db, companyScope(c)) } satisfies PrimaryRetailersResponse);
  })
  .get('/retailer/mapping/count/:retailerId', requireRole(), responds(MappingCountResponse), v('param', z.object({ retailerId: z.string().min(1).max(64) })), async (c) => {
    const row = await findStoreRow(c.var.dbh.db, c.req.valid('param').retailerId, companyScope(c));
    if (!row) throw notFound(RETAILER_NOT_FOUND);
    return c.json({ status: true, orderCount: await ordersOfRetailer(c.var.dbh.db, row.id) } satisfies MappingCountResponse);
  })
  .post('/d2r/retailer/mapping', requireRole('seller', 'warehouse'), responds(RetailerMappingResponse), v('json', retailerMappingSchema), async (c) => {
    const { retailerId, mappedTo } = c.req.valid('json');
    const db = c.var.dbh.db;
    const scope = companyScope(c);
    const retailer = await findStoreRow(db, retailerId, scope);
    if (!retailer) throw notFound(RETAILER_NOT_FOUND);
    // The primary retailer must be a store of the same company.
    const target = await findStoreRow(db, mappedTo, [retailer.company_id]);
    if (!target) throw notFound(RETAILER_NOT_FOUND);
    if (target.mapped_to) throw new ApiFailure(400, MAPPING_CHAIN, [{ path: 'mappedTo', message: MAPPING_CHAIN }]);
    const children = await db.selectFrom('store_addresses').select('id').where('mapped_to', '=', retailer.id).executeTakeFirst();
    if (children) throw new ApiFailure(400, RETAILER_IS_PRIMARY, [{ path: 'retailerId', message: RETAILER_IS_PRIMARY }]);
    await mapRetailer(db, retailer.id, target.id);
    return c.json({ status: true, message: RETAILER_MAPPING_CREATED, orderCount: await ordersOfRetailer(db, retailer.id) } satisfies RetailerMappingResponse);
  });
