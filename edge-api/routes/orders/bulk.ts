// Bulk actions on selected orders: ready to ship (a durable job the page
// polls), cancel placed orders (at most 50), serviceability check. Routes
// parse, call the use case (edge-api/services/orders/bulk.ts) and respond.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { bulkCancelQuerySchema, bulkReadyToShipSchema, bulkServiceabilitySchema } from '../../../domain/orders/action-inputs';
import type { AppEnv } from '../../env';
import { ApiFailure } from '../../lib/errors';
import { responds } from '../../lib/responds';
import { serviceActor } from '../../lib/route-actor';
import { v } from '../../lib/validate';
import { requireSession } from '../../middleware/session';
import { cancelPlacedOrders, checkServiceability, startBulkReadyToShip } from '../../services/orders/bulk';
import { BulkCancelResponse, BulkReadyToShipStarted, BulkServiceabilityResponse } from '../../../domain/orders/responses';

/** Refusals XSRF-check even on GET, for the one spec call that writes with GET. */
function requireXsrfHeader(c: Context<AppEnv>) {
  const s = requireSession(c);
  if (c.req.header('x-xsrf-token') !== s.xsrfToken) throw new ApiFailure(403, 'Invalid or missing XSRF token');
}

/** Enqueues the bulk ready-to-ship job; the page polls GET /api/jobs/:id. */
async function bulkReadyToShip(c: Context<AppEnv>, orderIds: string[]) {
  const { jobId, total } = await startBulkReadyToShip(c.var.dbh, serviceActor(c), { orderIds });
  return c.json({ status: true as const, message: `Marking ${total} orders ready to ship`, jobId, total } satisfies BulkReadyToShipStarted, 202);
}

export const bulkRoutes = new Hono<AppEnv>()
  .post('/bulkreadytoship', responds(BulkReadyToShipStarted, 202), v('json', bulkReadyToShipSchema), (c) => bulkReadyToShip(c, c.req.valid('json').orderids))
  .post('/bulkreadytoship/', responds(BulkReadyToShipStarted, 202), v('json', bulkReadyToShipSchema), (c) => bulkReadyToShip(c, c.req.valid('json').orderids))
  .get('/bulk/cancel-placed-orders/:companyId', responds(BulkCancelResponse), v('param', z.object({ companyId: z.string().min(1).max(64) })), v('query', bulkCancelQuerySchema), async (c) => {
    requireXsrfHeader(c);
    const { cancelled, failed, total } = await cancelPlacedOrders(c.var.dbh.db, serviceActor(c), { companyId: c.req.valid('param').companyId, ...c.req.valid('query') });
    return c.json({ status: cancelled.length > 0, message: `${cancelled.length} of ${total} orders cancelled`, cancelled, failed } satisfies BulkCancelResponse);
  })
  /** PLACED orders that are not serviceable become UNSERVICEABLE; UNSERVICEABLE ones that now are return to PLACED. */
  .post('/bulk-check-serviceability', responds(BulkServiceabilityResponse), v('json', bulkServiceabilitySchema), async (c) => {
    const results = await checkServiceability(c.var.dbh.db, serviceActor(c), c.req.valid('json'));
    const bad = results.filter((r) => !r.serviceable).length;
    return c.json({
      status: true as const,
      message: bad ? `${bad} of ${results.length} orders are not serviceable` : `All ${results.length} orders are serviceable`,
      data: results,
    } satisfies BulkServiceabilityResponse);
  });
