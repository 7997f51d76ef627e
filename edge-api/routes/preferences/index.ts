// Seller preferences and the look-ups of the Preferences page (part 2 §2, §7),
// courier quotes and bookings of ready-to-ship, the high-margin D2R approval,
// and the finance role's brands CSV. Routes parse, call a use case, respond.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { CourierBookingResponse, CourierQuotesResponse } from '../../../domain/carriers';
import { brandsCsvSchema } from '../../../domain/finance';
import { D2R_APPROVED, HighMarginApprovedResponse, HighMarginResponse } from '../../../domain/high-margin';
import {
  findCompaniesSchema,
  PREFERENCES_SAVED,
  preferencesQuerySchema,
  savePreferencesSchema,
  DeliveryPartnersResponse,
  FindCompaniesResponse,
  PreferencesResponse,
  SavePreferencesResponse,
} from '../../../domain/preferences';
import type { AppEnv } from '../../env';
import { v } from '../../lib/validate';
import { companyScope, requireSession } from '../../middleware/session';
import type { ServiceActor } from '../../services/audit/actor';
import { courierBooking, courierQuotes } from '../../services/carriers';
import { brandsCsv } from '../../services/finance/brands-csv';
import { approveHighMarginOrder, highMarginStatus } from '../../services/orders/approve-high-margin';
import { getPreferences, listDeliveryPartners, savePreferences, searchCompanies } from '../../services/preferences';
import { contentDisposition } from '../../lib/content-disposition';
import { responds } from '../../lib/responds';

const ORDER = '/orders/:id{[0-9a-fA-F-]+}';
const idParam = z.object({ id: z.string().min(1).max(64) });

export function actorOf(c: Context<AppEnv>): ServiceActor {
  const s = requireSession(c);
  return { id: s.userId, name: s.name, role: s.role, scope: companyScope(c) };
}

export const preferencesRoutes = new Hono<AppEnv>()
  .get('/ums/profile/preferences', responds(PreferencesResponse), v('query', preferencesQuerySchema), async (c) => {
    const data = await getPreferences(c.var.dbh.db, actorOf(c), c.req.valid('query'));
    return c.json({ status: true as const, data } satisfies PreferencesResponse);
  })
  .post('/ums/profile/preferences', responds(SavePreferencesResponse), v('json', savePreferencesSchema), async (c) => {
    const data = await savePreferences(c.var.dbh.db, actorOf(c), c.req.valid('json'));
    return c.json({ status: true as const, message: PREFERENCES_SAVED, data } satisfies SavePreferencesResponse);
  })
  .get('/ums/profile/deliveryPartners', responds(DeliveryPartnersResponse), async (c) => {
    const deliveryPartners = await listDeliveryPartners(c.var.dbh.db);
    return c.json({ status: true as const, responseBody: { deliveryPartners } } satisfies DeliveryPartnersResponse);
  })
  .get('/ums/profile/companies/find', responds(FindCompaniesResponse), v('query', findCompaniesSchema), async (c) => {
    const data = await searchCompanies(c.var.dbh.db, actorOf(c), c.req.valid('query').companyName);
    return c.json({ status: true as const, data } satisfies FindCompaniesResponse);
  })
  /** What each courier would charge for this order, its delivery date and COD, and the default courier. */
  .get(`${ORDER}/couriers`, responds(CourierQuotesResponse), v('param', idParam), async (c) => {
    const data = await courierQuotes(c.var.dbh.db, actorOf(c), c.req.valid('param').id, { dbh: c.var.dbh, config: c.var.config, log: c.var.log });
    return c.json({ status: true as const, data } satisfies CourierQuotesResponse);
  })
  /** The courier, rate and AWB the order was booked with (or the latest refusal). */
  .get(`${ORDER}/courier-booking`, responds(CourierBookingResponse), v('param', idParam), async (c) => {
    const data = await courierBooking(c.var.dbh.db, actorOf(c), c.req.valid('param').id);
    return c.json({ status: true as const, data } satisfies CourierBookingResponse);
  })
  .get(`${ORDER}/high-margin`, responds(HighMarginResponse), v('param', idParam), async (c) => {
    const data = await highMarginStatus(c.var.dbh.db, actorOf(c), c.req.valid('param').id);
    return c.json({ status: true as const, data } satisfies HighMarginResponse);
  })
  .patch(`${ORDER}/approve-d2r`, responds(HighMarginApprovedResponse), v('param', idParam), async (c) => {
    const data = await approveHighMarginOrder(c.var.dbh.db, actorOf(c), c.req.valid('param').id);
    return c.json({ status: true as const, message: D2R_APPROVED, data } satisfies HighMarginApprovedResponse);
  })
  /** The finance role's brands CSV (a date range is required when DTO statuses are chosen). */
  .get('/finance/brands/csv', v('query', brandsCsvSchema), async (c) => {
    const csv = await brandsCsv(c.var.dbh.db, actorOf(c), c.req.valid('query'));
    return c.body(csv, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': contentDisposition('brands.csv') });
  });
