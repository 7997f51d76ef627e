import { Hono } from 'hono';
import { z } from 'zod';
import {
  CompanyWarehousesResponse,
  PincodeResponse,
  SALESMAN_CREATED,
  SALESMAN_PHONE_TAKEN,
  SalesmanCreatedResponse,
  salesmanSchema,
  SalesmenResponse,
} from '../../../domain/manual-order';
import { lookupPincode } from '../../../db/pincodes/load';
import { insertSalesman, listSalesmen, salesmanPhoneTaken } from '../../../db/catalogue/salesmen';
import { companyAddress, companyWarehouses } from '../../../db/catalogue/warehouses';
import type { AppEnv } from '../../env';
import { ApiFailure, notFound } from '../../lib/errors';
import { v } from '../../lib/validate';
import { requireRole } from '../../middleware/session';
import { targetCompany } from './company';
import { responds } from '../../lib/responds';

const PINCODE_NOT_FOUND = 'Pincode not found';
const companyQuery = z.object({ companyId: z.string().max(64).optional() });

export const lookupRoutes = new Hono<AppEnv>()
  /** State and district of a pincode (the form fills state and city). */
  .get('/pincode/:pincode', requireRole(), responds(PincodeResponse), v('param', z.object({ pincode: z.string().max(6, 'Pincode must be 6 digits').regex(/^\d{6}$/, 'Pincode must be 6 digits') })), async (c) => {
    const found = await lookupPincode(c.var.dbh.db, c.req.valid('param').pincode);
    if (!found) throw new ApiFailure(404, PINCODE_NOT_FOUND, undefined, { warehousePinDetails: [] });
    return c.json({ status: true, warehousePinDetails: [{ state: found.state, district: found.district }] } satisfies PincodeResponse);
  })
  /** Warehouses a company ships from, and the company's own state (seller state without a warehouse). */
  .get('/company/warehouses', requireRole(), responds(CompanyWarehousesResponse), v('query', companyQuery), async (c) => {
    const companyId = targetCompany(c, c.req.valid('query').companyId);
    const company = await companyAddress(c.var.dbh.db, companyId);
    if (!company) throw notFound('Company not found');
    return c.json({
      status: true, companyId, companyState: company.address.state ?? '', isD2R: company.isD2R,
      warehouses: await companyWarehouses(c.var.dbh.db, companyId),
    } satisfies CompanyWarehousesResponse);
  })
  .get('/salesman', requireRole(), responds(SalesmenResponse), v('query', companyQuery), async (c) => {
    const companyId = targetCompany(c, c.req.valid('query').companyId);
    return c.json({ status: true, salesmen: await listSalesmen(c.var.dbh.db, companyId) } satisfies SalesmenResponse);
  })
  .post('/salesman', requireRole(), responds(SalesmanCreatedResponse, 201), v('json', salesmanSchema), async (c) => {
    const body = c.req.valid('json');
    const companyId = targetCompany(c, body.companyId);
    if (await salesmanPhoneTaken(c.var.dbh.db, companyId, body.phone)) {
      throw new ApiFailure(409, SALESMAN_PHONE_TAKEN, [{ path: 'phone', message: SALESMAN_PHONE_TAKEN }]);
    }
    const data = await insertSalesman(c.var.dbh.db, companyId, body);
    return c.json({ status: true, message: SALESMAN_CREATED, data } satisfies SalesmanCreatedResponse, 201);
  });
