// Bulk actions on selected orders (moved from routes/orders/bulk.ts): ready to
// ship (a durable job, edge-api/jobs/orders-bulk.ts, that calls the single
// action's use case per order), cancel placed orders, serviceability check.
import type { Db, DbHandle } from '../../../db/connect';
import { findOrderRow, findOrderRows, type OrderRow } from '../../../db/orders/detail';
import { judgeServiceability } from '../../../db/orders/serviceability';
import { setOrderStatus } from '../../../db/orders/status';
import { actionRefusal } from '../../../domain/orders/actions';
import type { BulkCancelResponse, BulkServiceabilityResponse } from '../../../domain/orders/responses';
import { ORDER_NOT_FOUND } from '../../../domain/orders/texts';
import { conflict, forbidden, isRefusal, notFound, Refusal } from '../../../domain/refusal';
import { enqueueJob } from '../../../db/jobs/queue';
import type { Role } from '../../../domain/roles';
import type { ServiceActor } from '../audit/actor';
import { factsOf, runOrderAction, trailActor, writeCancel } from './order-action';

/** The named orders inside the actor's scope; any missing one is not found (as if it did not exist), and nothing is done. */
async function scopedOrders(db: Db, actor: ServiceActor, ids: readonly string[]): Promise<OrderRow[]> {
  const found = await findOrderRows(db, ids, actor.scope);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new Refusal('not_found', ORDER_NOT_FOUND, missing.slice(0, 20).map((id) => ({ path: 'orderIds', message: `${ORDER_NOT_FOUND}: ${id}` })));
  return ids.map((id) => found.get(id)!);
}

export const BULK_READY_TO_SHIP_JOB = 'orders.bulkReadyToShip';
export type BulkReadyToShipPayload = { orderIds: string[]; actor: { role: Role; id: string | null; name: string }; scope: string[] | null };
export type BulkReadyToShipResult = { total: number; succeeded: number; failed: { orderId: string; reason: string }[] };

export type BulkReadyToShipStart = { jobId: string; total: number };

/** Enqueues the bulk ready-to-ship job; when none of the orders can be marked, says why at once instead. */
export async function startBulkReadyToShip(dbh: DbHandle, actor: ServiceActor, input: { orderIds: string[] }): Promise<BulkReadyToShipStart> {
  const orders = await scopedOrders(dbh.db, actor, input.orderIds);
  const refusals = orders.map((o) => actionRefusal(factsOf(o), { role: actor.role }, 'readyToShip'));
  if (refusals.every(Boolean)) {
    const message = orders.length === 1 ? refusals[0]!.message : 'None of the selected orders can be marked ready to ship (only PLACED orders can)';
    throw refusals[0]!.status === 403 ? forbidden(message) : conflict(message);
  }
  const companies = [...new Set(orders.map((o) => o.company_id))];
  const payload: BulkReadyToShipPayload = { orderIds: orders.map((o) => o.id), actor: { role: actor.role, id: actor.id, name: actor.name }, scope: actor.scope && [...actor.scope] };
  const jobId = await enqueueJob(dbh, {
    kind: BULK_READY_TO_SHIP_JOB,
    payload,
    companyId: companies.length === 1 ? companies[0] : null,
    userId: actor.id,
    total: orders.length,
  });
  return { jobId, total: orders.length };
}

export type BulkCancelResult = { total: number; cancelled: string[]; failed: BulkCancelResponse['failed'] };

/** Cancels the company's named PLACED orders, each in its own transaction; the others are listed with the reason. */
export async function cancelPlacedOrders(db: Db, actor: ServiceActor, input: { companyId: string; orderIds: string[]; reason?: string }): Promise<BulkCancelResult> {
  if (actor.scope && !actor.scope.includes(input.companyId)) throw notFound('Company not found');
  const orders = await scopedOrders(db, actor, input.orderIds);
  if (orders.some((o) => o.company_id !== input.companyId)) throw notFound(ORDER_NOT_FOUND);
  const cancelled: string[] = [];
  const failed: BulkCancelResult['failed'] = [];
  for (const o of orders) {
    try {
      await runOrderAction(db, actor, o.id, 'cancel', async (tx, row) => {
        if (row.status !== 'PLACED') throw conflict(`Order is ${row.status}, not PLACED`);
        await writeCancel(tx, row, actor, input.reason || 'Cancelled in bulk');
      });
      cancelled.push(o.id);
    } catch (e) {
      if (!isRefusal(e)) throw e;
      failed.push({ orderId: o.id, shopOrderId: o.shop_order_id, reason: e.message });
    }
  }
  return { total: orders.length, cancelled, failed };
}

export type ServiceabilityResult = BulkServiceabilityResponse['data'][number];

/**
 * Serviceable when the destination pincode is in the directory and, in a
 * special zone, the courier serves it. PLACED orders that are not become
 * UNSERVICEABLE; UNSERVICEABLE orders that now are return to PLACED.
 */
export async function checkServiceability(db: Db, actor: ServiceActor, input: { orderIds: string[] }): Promise<ServiceabilityResult[]> {
  const ids = [...new Set(input.orderIds)];
  await scopedOrders(db, actor, ids);
  return db.transaction().execute(async (tx) => {
    const rows = [];
    for (const id of ids) rows.push((await findOrderRow(tx, id, actor.scope))!);
    const verdicts = await judgeServiceability(tx, rows);
    const out: ServiceabilityResult[] = [];
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
}
