// Bulk actions on selected orders: ready to ship (a durable job the page
// polls), cancel placed orders (at most 50), serviceability check.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { judgeServiceability } from '../../../db/orders/serviceability';
import { setOrderStatus } from '../../../db/orders/status';
import {
  actionRefusal,
  bulkCancelQuerySchema,
  bulkReadyToShipSchema,
  bulkServiceabilitySchema,
  ORDER_NOT_FOUND,
} from '../../../domain/orders';
import type { AppEnv } from '../../env';
import { enqueueJob } from '../../jobs/runner';
import { BULK_READY_TO_SHIP_JOB } from '../../jobs/orders-bulk';
import { ApiFailure } from '../../lib/errors';
import { v } from '../../lib/validate';
import { companyScope, inScope, requireRole, requireSession } from '../../middleware/session';
import { cancelOrder, runOrderAction, trailActor, type ActorInfo } from './operations';
import { factsOf, findOrderRow } from './queries';
import { responds } from '../../lib/responds';
import { BulkCancelResponse, BulkReadyToShipStarted, BulkServiceabilityResponse } from '../../../domain/orders';

function actorOf(c: Context<AppEnv>): ActorInfo {
  const s = requireSession(c);
  return { role: s.role, id: s.userId, name: s.name };
}

/** The named orders inside the caller's scope; any missing one is a 404 (as if it did not exist), and nothing is done. */
async function scopedOrders(c: Context<AppEnv>, ids: readonly string[]) {
  const scope = companyScope(c);
  const found = new Map<string, Awaited<ReturnType<typeof findOrderRow>> & {}>();
  for (let i = 0; i < ids.length; i += 500) {
    let q = c.var.dbh.db
      .selectFrom('orders')
      .innerJoin('companies', 'companies.id', 'orders.company_id')
      .selectAll('orders')
      .select(['companies.whatsapp_ndr_active', 'companies.clickpost_active', 'companies.name as company_name'])
      .where('orders.id', 'in', ids.slice(i, i + 500));
    if (scope) q = q.where('orders.company_id', 'in', scope.length ? scope : ['']);
    for (const r of await q.execute()) found.set(r.id, r);
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new ApiFailure(404, ORDER_NOT_FOUND, missing.slice(0, 20).map((id) => ({ path: 'orderIds', message: `${ORDER_NOT_FOUND}: ${id}` })));
  return ids.map((id) => found.get(id)!);
}

/** Refusals XSRF-check even on GET, for the one spec call that writes with GET. */
function requireXsrfHeader(c: Context<AppEnv>) {
  const s = requireSession(c);
  if (c.req.header('x-xsrf-token') !== s.xsrfToken) throw new ApiFailure(403, 'Invalid or missing XSRF token');
}

export const bulkRoutes = new Hono<AppEnv>()
  /** Enqueues the bulk ready-to-ship job; the page polls GET /api/jobs/:id. */
  .post('/bulkreadytoship', requireRole(), responds(BulkReadyToShipStarted, 202), v('json', bulkReadyToShipSchema), (c) => bulkReadyToShip(c, c.req.valid('json').orderids))
  .post('/bulkreadytoship/', requireRole(), responds(BulkReadyToShipStarted, 202), v('json', bulkReadyToShipSchema), (c) => bulkReadyToShip(c, c.req.valid('json').orderids))
  .get('/bulk/cancel-placed-orders/:companyId', requireRole(), responds(BulkCancelResponse), v('param', z.object({ companyId: z.string().min(1).max(64) })), v('query', bulkCancelQuerySchema), async (c) => {
    requireXsrfHeader(c);
    const { companyId } = c.req.valid('param');
    if (!inScope(c, companyId)) throw new ApiFailure(404, 'Company not found');
    const { orderIds, reason } = c.req.valid('query');
    const orders = await scopedOrders(c, orderIds);
    if (orders.some((o) => o.company_id !== companyId)) throw new ApiFailure(404, ORDER_NOT_FOUND);
    const actor = actorOf(c);
    const scope = companyScope(c);
    const cancelled: string[] = [];
    const failed: { orderId: string; shopOrderId: string; reason: string }[] = [];
    for (const o of orders) {
      try {
        await runOrderAction(c.var.dbh.db, { orderId: o.id, scope, actor, action: 'cancel' }, async (tx, row) => {
          if (row.status !== 'PLACED') throw new ApiFailure(409, `Order is ${row.status}, not PLACED`);
          await cancelOrder(tx, row, actor, reason || 'Cancelled in bulk');
        });
        cancelled.push(o.id);
      } catch (e) {
        if (!(e instanceof ApiFailure)) throw e;
        failed.push({ orderId: o.id, shopOrderId: o.shop_order_id, reason: e.message });
      }
    }
    return c.json({
      status: cancelled.length > 0,
      message: `${cancelled.length} of ${orders.length} orders cancelled`,
      cancelled,
      failed,
    } satisfies BulkCancelResponse);
  })
  /**
   * Serviceable when the destination pincode is in the directory and, in a
   * special zone, the courier serves it. PLACED orders that are not become
   * UNSERVICEABLE; UNSERVICEABLE orders that now are return to PLACED.
   */
  .post('/bulk-check-serviceability', requireRole(), responds(BulkServiceabilityResponse), v('json', bulkServiceabilitySchema), async (c) => {
    const ids = [...new Set(c.req.valid('json').orderIds)];
    await scopedOrders(c, ids);
    const actor = actorOf(c);
    const scope = companyScope(c);
    const results = await c.var.dbh.db.transaction().execute(async (tx) => {
      const rows = [];
      for (const id of ids) rows.push((await findOrderRow(tx, id, scope))!);
      const verdicts = await judgeServiceability(tx, rows);
      const out = [];
      for (const [i, v] of verdicts.entries()) {
        const row = rows[i];
        let status = row.status;
        if (!v.ok && row.status === 'PLACED') {
          await setOrderStatus(tx, { orderId: row.id, to: 'UNSERVICEABLE', from: ['PLACED'], trail: { description: v.reason!, ...trailActor(actor) } });
          status = 'UNSERVICEABLE';
        } else if (v.ok && row.status === 'UNSERVICEABLE') {
          await setOrderStatus(tx, { orderId: row.id, to: 'PLACED', from: ['UNSERVICEABLE'], trail: { description: `Pincode ${v.pincode} is serviceable again`, ...trailActor(actor) } });
          status = 'PLACED';
        }
        out.push({ orderId: row.id, shopOrderId: row.shop_order_id, pincode: v.pincode, serviceable: v.ok, reason: v.reason, status });
      }
      return out;
    });
    const bad = results.filter((r) => !r.serviceable).length;
    return c.json({
      status: true as const,
      message: bad ? `${bad} of ${results.length} orders are not serviceable` : `All ${results.length} orders are serviceable`,
      data: results,
    } satisfies BulkServiceabilityResponse);
  });

async function bulkReadyToShip(c: Context<AppEnv>, ids: string[]) {
  const orders = await scopedOrders(c, ids);
  const actor = actorOf(c);
  const scope = companyScope(c);
  // When none of them can be marked, say why at once instead of starting a job.
  const refusals = orders.map((o) => actionRefusal(factsOf(o), { role: actor.role }, 'readyToShip'));
  if (refusals.every(Boolean)) {
    const message = orders.length === 1 ? refusals[0]!.message : 'None of the selected orders can be marked ready to ship (only PLACED orders can)';
    return c.json({ status: false as const, message }, refusals[0]!.status);
  }
  const companies = [...new Set(orders.map((o) => o.company_id))];
  const jobId = await enqueueJob(c.var.dbh, {
    kind: BULK_READY_TO_SHIP_JOB,
    payload: { orderIds: orders.map((o) => o.id), actor, scope },
    companyId: companies.length === 1 ? companies[0] : null,
    userId: actor.id,
    total: orders.length,
  });
  return c.json({ status: true as const, message: `Marking ${orders.length} orders ready to ship`, jobId, total: orders.length } satisfies BulkReadyToShipStarted, 202);
}
