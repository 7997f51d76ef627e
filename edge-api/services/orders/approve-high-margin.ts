// An admin approves a high-margin D2R order (part 2 §6) so it can be shipped;
// the approval is kept and written to the order's timeline.
import type { Db } from '../../../db/connect';
import { d2rApproval, orderForShipping, orderLinesWithListPrice } from '../../../db/carriers/orders';
import { insertD2rApproval, orderStatusOrThrow } from '../../../db/orders/shipping';
import { OrderStateConflict, updateOrder } from '../../../db/orders/status';
import { nowIso } from '../../../domain/ids';
import { ALREADY_APPROVED, isHighMargin, marginPercent, NOT_HIGH_MARGIN, type HighMarginStatus } from '../../../domain/high-margin';
import { ORDER_NOT_FOUND } from '../../../domain/orders/texts';
import { conflict, forbidden, notFound } from '../../../domain/refusal';
import type { ServiceActor } from '../audit/actor';

export async function highMarginStatus(db: Db, actor: ServiceActor, orderId: string): Promise<HighMarginStatus> {
  const o = await orderForShipping(db, orderId, actor.scope);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  const percent = Math.round(marginPercent(await orderLinesWithListPrice(db, orderId)) * 100) / 100;
  const a = await d2rApproval(db, orderId);
  return { highMargin: isHighMargin(Number(o.order_type), percent), marginPercent: percent, approved: !!a, approvedBy: a?.actor_name ?? null, approvedAt: a?.created_at ?? null };
}

export async function approveHighMarginOrder(db: Db, actor: ServiceActor, orderId: string): Promise<HighMarginStatus> {
  if (actor.role !== 'admin') throw forbidden();
  const s = await highMarginStatus(db, actor, orderId);
  if (!s.highMargin) throw conflict(NOT_HIGH_MARGIN);
  if (s.approved) throw conflict(ALREADY_APPROVED);
  try {
    await db.transaction().execute(async (tx) => {
      const o = await orderStatusOrThrow(tx, orderId);
      await insertD2rApproval(tx, { order_id: orderId, margin_percent: s.marginPercent, actor_id: actor.id, actor_name: actor.name, created_at: nowIso() });
      await updateOrder(tx, orderId, {}, { description: `High-margin D2R order approved (${s.marginPercent}% below catalogue price)`, actorId: actor.id, actorName: actor.name, source: 'user' }, { whileStatus: o.status });
    });
  } catch (e) {
    if (e instanceof OrderStateConflict) throw conflict('The order changed meanwhile; please reload');
    throw e;
  }
  return highMarginStatus(db, actor, orderId);
}
