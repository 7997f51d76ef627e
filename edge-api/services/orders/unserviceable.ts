// Unserviceable orders: after the address is edited (Edit Customer
// Details), re-check serviceability; change the courier; or cancel. Each checks
// the rules of domain/ndr.ts and writes a timeline entry.
import type { Db } from '../../../db/connect';
import { releaseInventory } from '../../../db/orders/inventory';
import { judgeServiceability } from '../../../db/orders/serviceability';
import { activeCouriers } from '../../../db/ndr/queries';
import { setOrderStatus, updateOrder } from '../../../db/orders/status';
import { invalid } from '../../../domain/refusal';
import type { ServiceActor } from '../audit/actor';
import { runProblemAction, trailBy, type ProblemResult } from './ndr';

export type RecheckResult = ProblemResult & { serviceable: boolean; reason: string | null };

/** Serviceable now (pincode known, courier serves its zone): back to PLACED; else stays, with the reason. */
export async function recheckServiceability(db: Db, actor: ServiceActor, input: { orderId: string }): Promise<RecheckResult> {
  return runProblemAction(db, actor, input.orderId, 'unserviceableRecheck', async (tx, row) => {
    const [v] = await judgeServiceability(tx, [row]);
    if (!v.ok) {
      await updateOrder(tx, row.id, {}, { description: `Serviceability re-checked: ${v.reason}`, ...trailBy(actor) }, { whileStatus: row.status });
      return { orderId: row.id, status: row.status, serviceable: false, reason: v.reason };
    }
    await setOrderStatus(tx, { orderId: row.id, to: 'PLACED', from: ['UNSERVICEABLE'], trail: { description: `Pincode ${v.pincode} is serviceable again`, ...trailBy(actor) } });
    return { orderId: row.id, status: 'PLACED', serviceable: true, reason: null };
  });
}

/** Another courier for an unserviceable order, then serviceability is checked again with it. */
export async function changeCourier(db: Db, actor: ServiceActor, input: { orderId: string; partnerId: string }): Promise<RecheckResult> {
  return runProblemAction(db, actor, input.orderId, 'unserviceableChangeCourier', async (tx, row) => {
    const partner = (await activeCouriers(tx)).find((p) => p.id === input.partnerId);
    if (!partner) throw invalid('Choose an active courier', [{ path: 'partnerId', message: 'Choose an active courier' }]);
    await updateOrder(tx, row.id, { delivery_partner_id: partner.id, shipper: partner.name }, { description: `Courier changed to ${partner.name}`, ...trailBy(actor) }, { whileStatus: row.status });
    const [v] = await judgeServiceability(tx, [{ ...row, delivery_partner_id: partner.id }]);
    if (!v.ok) return { orderId: row.id, status: row.status, serviceable: false, reason: v.reason };
    await setOrderStatus(tx, { orderId: row.id, to: 'PLACED', from: ['UNSERVICEABLE'], trail: { description: `Serviceable with ${partner.name}`, ...trailBy(actor) } });
    return { orderId: row.id, status: 'PLACED', serviceable: true, reason: null };
  });
}

/** Cancel an unserviceable order with a reason; stock held for it is released. */
export async function cancelUnserviceable(db: Db, actor: ServiceActor, input: { orderId: string; reason: string }): Promise<ProblemResult> {
  return runProblemAction(db, actor, input.orderId, 'unserviceableCancel', async (tx, row) => {
    await setOrderStatus(tx, {
      orderId: row.id,
      to: 'CANCELLED',
      from: ['UNSERVICEABLE'],
      set: { cancel_reason: input.reason, inventory_blocked: 0 },
      trail: { description: `Order cancelled: ${input.reason}`, ...trailBy(actor) },
    });
    if (Number(row.inventory_blocked) === 1) await releaseInventory(tx, row, { id: actor.id, name: actor.name }, `Released: order ${row.shop_order_id} cancelled`);
    return { orderId: row.id, status: 'CANCELLED' };
  });
}

/** The active couriers an unserviceable order may be moved to (GET /problem-orders/couriers). */
export async function courierOptions(db: Db): Promise<{ id: string; name: string }[]> {
  return activeCouriers(db);
}
