import { Hono } from 'hono';
import { z } from 'zod';
import {
  CompanyWarehousesResponse,
  PincodeResponse,
  SALESMAN_CREATED,
  SalesmanCreatedResponse,
  salesmanSchema,
  SalesmenResponse,
} from '../../../domain/manual-order';
import type { AppEnv } from '../../env';
import { v } from '../../lib/validate';
import { addSalesman, companyWarehousesOf, pincodeDetails, salesmenOf } from '../../services/catalogue/lookups';
import { catalogueActor } from './company';
import { responds } from '../../lib/responds';

const companyQuery = z.object({ companyId: z.string().max(64).optional() });

export const lookupRoutes = new Hono<AppEnv>()
  /** State and district of a pincode (the form fills state and city). */
  .get('/pincode/:pincode', responds(PincodeResponse), v('param', z.object({ pincode: z.string().max(6, 'Pincode must be 6 digits').regex(/^\d{6}$/, 'Pincode must be 6 digits') })), async (c) => {
    return c.json({ status: true, warehousePinDetails: await pincodeDetails(c.var.dbh, c.req.valid('param').pincode) } satisfies PincodeResponse);
  })
  /** Warehouses a company ships from, and the company's own state (seller state without a warehouse). */
  .get('/company/warehouses', responds(CompanyWarehousesResponse), v('query', companyQuery), async (c) => {
    return c.json({ status: true, ...(await companyWarehousesOf(c.var.dbh, catalogueActor(c), c.req.valid('query').companyId)) } satisfies CompanyWarehousesResponse);
  })
  .get('/salesman', responds(SalesmenResponse), v('query', companyQuery), async (c) => {
    return c.json({ status: true, salesmen: await salesmenOf(c.var.dbh, catalogueActor(c), c.req.valid('query').companyId) } satisfies SalesmenResponse);
  })
  .post('/salesman', responds(SalesmanCreatedResponse, 201), v('json', salesmanSchema), async (c) => {
    const data = await addSalesman(c.var.dbh, catalogueActor(c), c.req.valid('json'));
    return c.json({ status: true, message: SALESMAN_CREATED, data } satisfies SalesmanCreatedResponse, 201);
  });
