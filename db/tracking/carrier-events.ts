// Queries of carrier status events (POST /webhooks/carrier/:partnerCode). `db`/`tx` first.
import type { Db } from '../connect';
import type { Tx } from '../orders/status';
import '../tables/tracking';

/** A delivery partner by code, with its webhook secret. */
export async function partnerByCode(db: Db, code: string) {
  return db.selectFrom('delivery_partners').select(['id', 'name', 'code', 'hmac_secret', 'status']).where('code', '=', code).executeTakeFirst();
}
export type WebhookPartner = NonNullable<Awaited<ReturnType<typeof partnerByCode>>>;

/** The order shipped by this partner under one of these AWBs. */
export async function orderByPartnerAwb(db: Db, awbs: string[], partnerId: string) {
  return db.selectFrom('orders').select(['id']).where('tracking_number', 'in', awbs).where('delivery_partner_id', '=', partnerId).executeTakeFirst();
}

/** True when an event with this key is on a timeline already. */
export async function eventRecorded(db: Db, eventKey: string): Promise<boolean> {
  return !!(await db.selectFrom('order_trails').select('id').where('event_id', '=', eventKey).executeTakeFirst());
}

/** PostgreSQL: locks the order row for the rest of the transaction. */
export async function lockOrderRow(trx: Tx, orderId: string) {
  await trx.selectFrom('orders').select('id').where('id', '=', orderId).forUpdate().execute();
}

/** When the order's latest timeline entry happened. */
export async function latestEventAt(trx: Tx, orderId: string): Promise<string | null> {
  const latest = await trx.selectFrom('order_trails').select('created_at').where('order_id', '=', orderId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return latest?.created_at ?? null;
}

/** The order's status now. */
export async function orderStatusOf(trx: Tx, orderId: string): Promise<string> {
  const after = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  return after.status;
}

/** The company's order shipped under one of these AWBs (a live courier's push names no partner of ours). */
export async function orderByCompanyAwb(db: Db, companyId: string, awbs: string[]) {
  return db.selectFrom('orders').select(['id']).where('company_id', '=', companyId).where('tracking_number', 'in', awbs).executeTakeFirst();
}

/** Orders booked through this live courier connection, in `statuses`, with an AWB: the base of the two reads below. */
function bookedThrough(db: Db, connectionId: string, statuses: readonly string[]) {
  return db
    .selectFrom('integration_tasks as t')
    .innerJoin('orders as o', 'o.id', 't.subject_id')
    .select(['o.id', 'o.tracking_number'])
    .where('t.kind', '=', 'courier.book')
    .where('t.status', '=', 'done')
    .where('t.connection_id', '=', connectionId)
    .where('o.status', 'in', [...statuses])
    .where('o.tracking_number', 'is not', null);
}

/**
 * Orders booked through this live courier connection, still on their way (in
 * `statuses`), with no timeline entry since `quietSince`: the ones to ask the
 * courier about. Oldest first, at most `limit`.
 */
export async function quietShipmentsOf(db: Db, connectionId: string, statuses: readonly string[], quietSince: string, limit: number) {
  return bookedThrough(db, connectionId, statuses)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('order_trails as tr').select('tr.id').whereRef('tr.order_id', '=', 'o.id').where('tr.created_at', '>', quietSince))))
    .orderBy('o.id')
    .limit(limit)
    .execute();
}

/** Parcels booked through this live courier connection, in `statuses`, leaving from one warehouse: their AWBs (at most `limit`). */
export async function bookedParcelsOf(db: Db, connectionId: string, statuses: readonly string[], warehouseId: string, limit: number) {
  return bookedThrough(db, connectionId, statuses).where('o.warehouse_id', '=', warehouseId).orderBy('o.id').limit(limit).execute();
}
