import { Hono } from 'hono';
import { z } from 'zod';
import {
  MappingCountResponse,
  PrimaryRetailersResponse,
  RetailerMappingResponse,
  StoreAddressCreatedResponse,
  StoreAddressResponse,
  StoreListResponse,
  RETAILER_MAPPING_CREATED,
  retailerMappingSchema,
  STORE_ADDRESS_CREATED,
  storeAddressSchema,
  storeListQuerySchema,
} from '../../../domain/retailers';
import type { AppEnv } from '../../env';
import { v } from '../../lib/validate';
import { addStoreAddress, mapRetailerTo, primaryRetailersOf, retailerOrderCount, storeAddress, storeList } from '../../services/catalogue/retailers';
import { catalogueActor } from './company';
import { responds } from '../../lib/responds';

const idParam = z.object({ id: z.string().min(1).max(64) });

export const retailerRoutes = new Hono<AppEnv>()
  .get('/d2r/store-address/list', responds(StoreListResponse), v('query', storeListQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await storeList(c.var.dbh, catalogueActor(c), q);
    return c.json({ status: true, storeAddressData: rows, totalRecords: total, page: q.page, limit: q.limit } satisfies StoreListResponse);
  })
  .get('/d2r/store-address/:id', responds(StoreAddressResponse), v('param', idParam), async (c) => {
    return c.json({ status: true, ...(await storeAddress(c.var.dbh, catalogueActor(c), c.req.valid('param').id)) } satisfies StoreAddressResponse);
  })
  .post('/d2r/store-address', responds(StoreAddressCreatedResponse, 201), v('json', storeAddressSchema), async (c) => {
    const data = await addStoreAddress(c.var.dbh, catalogueActor(c), c.req.valid('json'));
    return c.json({ status: true, message: STORE_ADDRESS_CREATED, data } satisfies StoreAddressCreatedResponse, 201);
  })
  .get('/d2r/primary/retailers', responds(PrimaryRetailersResponse), async (c) => {
    return c.json({ status: true, primaryRetailers: await primaryRetailersOf(c.var.dbh, catalogueActor(c)) } satisfies PrimaryRetailersResponse);
  })
  .get('/retailer/mapping/count/:retailerId', responds(MappingCountResponse), v('param', z.object({ retailerId: z.string().min(1).max(64) })), async (c) => {
    return c.json({ status: true, orderCount: await retailerOrderCount(c.var.dbh, catalogueActor(c), c.req.valid('param').retailerId) } satisfies MappingCountResponse);
  })
  .post('/d2r/retailer/mapping', responds(RetailerMappingResponse), v('json', retailerMappingSchema), async (c) => {
    const orderCount = await mapRetailerTo(c.var.dbh, catalogueActor(c), c.req.valid('json'));
    return c.json({ status: true, message: RETAILER_MAPPING_CREATED, orderCount } satisfies RetailerMappingResponse);
  });
