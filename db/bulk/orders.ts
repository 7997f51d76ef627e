// Order-side writes of the bulk uploads: COD remittance, shipping-charge
// adjustments, lightning (delivery) orders, and an uploaded order's parcel.
import { sql, type Kysely, type Transaction } from 'kysely';
import { nowIso, uuidv7 } from '../../domain/ids';
import type { Database } from '../schema';
import '../tables/billing';
import '../tables/bulk';

type Q = Kysely<Database> | Transaction<Database>;

export async function findOrderByAwb(db: Q, awb: string, scope: string[] | null, field: 'tracking_number' | 'return_awb' = 'tracking_number') {
  let q = db.selectFrom('orders').select(['id', 'company_id', 'status', 'payment_mode', 'remittance_status', 'shipping_paise', 'cod_paise', 'total_paise', 'tracking_number', 'return_awb']).where(field, '=', awb);
  if (scope) q = q.where('company_id', 'in', scope.length ? scope : ['']);
  return q.executeTakeFirst();
}

/** The uploaded parcel of an order (the sheet's dimensions and weight), version bumped. */
export async function setParcel(db: Q, orderId: string, p: { weightG: number; lengthCm: number; breadthCm: number; heightCm: number }) {
  await db
    .updateTable('orders')
    .set({ weight_g: p.weightG, length_cm: p.lengthCm, breadth_cm: p.breadthCm, height_cm: p.heightCm, updated_at: nowIso(), version: sql<number>`version + 1` })
    .where('id', '=', orderId)
    .execute();
}

/**
 * A payment on the order's invoice inside the caller's transaction, capped at
 * the invoice's balance (the same guard as billing's addPayment: paid never
 * exceeds the amount). Returns the paise recorded, 0 when there is no invoice
 * or nothing is left to pay.
 */
export async function payOrderInvoice(db: Q, orderId: string, p: { amountPaise: number; reference: string; paidOn: string }, actor: { id: string; name: string }) {
  const inv = await db.selectFrom('invoices').select(['id', 'company_id', 'amount_paise', 'paid_paise']).where('order_id', '=', orderId).executeTakeFirst();
  if (!inv) return { invoiceId: null, paidPaise: 0 };
  const amount = Math.min(p.amountPaise, Number(inv.amount_paise) - Number(inv.paid_paise));
  if (amount <= 0) return { invoiceId: inv.id, paidPaise: 0 };
  const r = await db
    .updateTable('invoices')
    .set((eb) => ({ paid_paise: eb('paid_paise', '+', amount), updated_at: nowIso() }))
    .where('id', '=', inv.id)
    .where(sql<boolean>`paid_paise + ${amount} <= amount_paise`)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return { invoiceId: inv.id, paidPaise: 0 };
  await db
    .insertInto('invoice_payments')
    .values({
      id: uuidv7(), invoice_id: inv.id, company_id: inv.company_id, amount_paise: amount, mode: 'neft', reference: p.reference, paid_on: p.paidOn,
      actor_id: actor.id, actor_name: actor.name, created_at: nowIso(),
    })
    .execute();
  return { invoiceId: inv.id, paidPaise: amount };
}

export async function lastAdjustment(db: Q, orderId: string, isDto: boolean) {
  return db.selectFrom('shipping_charge_adjustments').selectAll().where('order_id', '=', orderId).where('is_dto', '=', isDto ? 1 : 0)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
}

export async function insertAdjustment(db: Q, v: { orderId: string; companyId: string; awb: string; isDto: boolean; previousPaise: number | null; shippingPaise: number; actor: { id: string; name: string } }) {
  await db.insertInto('shipping_charge_adjustments').values({
    id: uuidv7(), order_id: v.orderId, company_id: v.companyId, awb: v.awb, is_dto: v.isDto ? 1 : 0, previous_paise: v.previousPaise, shipping_paise: v.shippingPaise,
    actor_id: v.actor.id, actor_name: v.actor.name, created_at: nowIso(),
  }).execute();
}

/** The shipping-charge adjustments of an order, newest first. */
export async function adjustmentsOf(db: Q, orderId: string) {
  const rows = await db.selectFrom('shipping_charge_adjustments').selectAll().where('order_id', '=', orderId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({
    awb: r.awb, isDto: Number(r.is_dto) === 1, previousPaise: r.previous_paise === null ? null : Number(r.previous_paise), shippingPaise: Number(r.shipping_paise),
    by: r.actor_name, at: r.created_at,
  }));
}

export async function findDeliveryOrder(db: Q, awb: string) {
  return db.selectFrom('delivery_orders').select(['awb', 'company_id']).where('awb', '=', awb).executeTakeFirst();
}

export async function insertDeliveryOrder(db: Q, v: { awb: string; companyId: string; paymentMethod: string; totalPaise: number; address: Record<string, string> }) {
  const now = nowIso();
  await db.insertInto('delivery_orders').values({
    awb: v.awb, company_id: v.companyId, order_status: 'PLACED', attempt: 0, otp: null, payment_method: v.paymentMethod, total_paise: v.totalPaise,
    customer_address: JSON.stringify(v.address), driver_id: null, pod_url: null, shipping_label_url: null, created_at: now, updated_at: now,
    latitude: null, longitude: null, delivered_at: null, last_reason: null,
  }).execute();
}

/**
 * Each adjusted order's total shipping-charge adjustment in paise (the sum of
 * new − previous over its adjustments, domain/bulk/types.ts
 * adjustmentChangePaise), for the orders CSV; companies null = all.
 */
export async function orderAdjustmentTotals(db: Q, companies: string[] | null): Promise<Map<string, number>> {
  let q = db
    .selectFrom('shipping_charge_adjustments')
    .select(['order_id', sql<number | string>`sum(shipping_paise - coalesce(previous_paise, 0))`.as('total')])
    .groupBy('order_id');
  if (companies) q = q.where('company_id', 'in', companies.length ? companies : ['']);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.total)]));
}

/** The company an order belongs to (undefined: no such order). */
export const orderCompanyOf = (db: Q, orderId: string) => db.selectFrom('orders').select('company_id').where('id', '=', orderId).executeTakeFirst();

/** The COD remittance status of a delivered order, version bumped; false when the order is no longer DELIVERED. */
export async function setRemittanceStatus(db: Q, orderId: string, status: string): Promise<boolean> {
  const set = await db.updateTable('orders').set({ remittance_status: status, updated_at: nowIso(), version: sql<number>`version + 1` })
    .where('id', '=', orderId).where('status', '=', 'DELIVERED').executeTakeFirst();
  return Number(set.numUpdatedRows) === 1;
}

/** Bumps an order's version (its shipping charge changed). */
export async function bumpOrderVersion(db: Q, orderId: string) {
  await db.updateTable('orders').set({ version: sql<number>`version + 1`, updated_at: nowIso() }).where('id', '=', orderId).execute();
}
