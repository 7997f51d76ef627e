// Store orders (Shopify, WooCommerce) and the orders here they became: the
// (connection, store order id) claim that makes an import happen once, the
// store's SKUs matched to the catalogue, and missed orders kept with a reason.
import { uuidv7 } from '../../domain/ids';
import type { Db } from '../connect';
import { insertTaskOnce } from '../integrations/tasks';
import type { ChannelOrderTable } from '../tables/channels';
import '../tables/channels';
import '../tables/catalogue';
import '../tables/integrations';

export type ChannelOrderRow = ChannelOrderTable;

export const findChannelOrder = (db: Db, connectionId: string, storeOrderId: string) =>
  db.selectFrom('channel_orders').selectAll().where('connection_id', '=', connectionId).where('store_order_id', '=', storeOrderId).executeTakeFirst();

export const channelOrderOf = (db: Db, orderId: string) =>
  db.selectFrom('channel_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/** Claims (connection, store order id) for an import; true when this call claimed it. */
export async function claimChannelOrder(db: Db, row: ChannelOrderRow): Promise<boolean> {
  const r = await db.insertInto('channel_orders').values(row)
    .onConflict((oc) => oc.columns(['connection_id', 'store_order_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export const updateChannelOrder = (db: Db, id: string, set: Partial<Pick<ChannelOrderRow, 'order_id' | 'store_updated_at' | 'flag' | 'updated_at'>>) =>
  db.updateTable('channel_orders').set(set).where('id', '=', id).execute();

/**
 * The link moves on to a newer store update only from the one it was read with (compare and set):
 * false when another import moved it meanwhile (read it again and compare).
 */
export async function advanceChannelOrder(db: Db, id: string, from: string, to: string, now: string): Promise<boolean> {
  const r = await db.updateTable('channel_orders').set({ store_updated_at: to, updated_at: now }).where('id', '=', id).where('store_updated_at', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const dropChannelOrderClaim = (db: Db, id: string) =>
  db.deleteFrom('channel_orders').where('id', '=', id).where('order_id', 'is', null).execute();

/** The company's active catalogue items of these SKUs: sku -> catalogue id (a store's own items first). */
export async function catalogueIdsBySku(db: Db, companyId: string, shopType: string, skus: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!skus.length) return found;
  const rows = await db.selectFrom('catalogue_items').select(['id', 'sku', 'shop_type'])
    .where('company_id', '=', companyId).where('active', '=', 1).where('sku', 'in', skus).orderBy('created_at').execute();
  for (const r of rows) if (!found.has(r.sku) || r.shop_type === shopType) found.set(r.sku, r.id);
  return found;
}

/** An order here made under this store order name (a claim left by a crash between making the order and recording it). */
export const orderByShopOrderId = (db: Db, companyId: string, shopOrderId: string) =>
  db.selectFrom('orders').select(['id', 'status']).where('company_id', '=', companyId).where('shop_order_id', '=', shopOrderId).executeTakeFirst();

/** The order's items by SKU (a store's item change is compared with them). */
export const orderItemSkus = (db: Db, orderId: string) =>
  db.selectFrom('order_items').select(['id', 'sku', 'quantity']).where('order_id', '=', orderId).orderBy('id').execute();

/** A store order that could not be made here, kept (once per company and store order name) with why. */
export async function recordMissedOrder(db: Db, m: { id: string; companyId: string; shopOrderId: string; reason: string; payload: string; now: string }) {
  const existing = await db.selectFrom('missed_orders').select('id').where('company_id', '=', m.companyId).where('shop_order_id', '=', m.shopOrderId).executeTakeFirst();
  if (existing) {
    await db.updateTable('missed_orders').set({ reason: m.reason, payload: m.payload, status: 'FAILED', synced: 0 }).where('id', '=', existing.id).execute();
    return existing.id;
  }
  await db.insertInto('missed_orders').values({ id: m.id, company_id: m.companyId, shop_order_id: m.shopOrderId, status: 'FAILED', synced: 0, reason: m.reason, payload: m.payload, created_at: m.now }).execute();
  return m.id;
}

export const resolveMissedOrder = (db: Db, companyId: string, shopOrderId: string) =>
  db.updateTable('missed_orders').set({ status: 'RESOLVED', synced: 1 }).where('company_id', '=', companyId).where('shop_order_id', '=', shopOrderId).execute();

/** Missed store orders waiting on a SKU that now exists (to import them again). */
export const missedOrdersOfCompany = (db: Db, companyId: string) =>
  db.selectFrom('missed_orders').select(['id', 'shop_order_id', 'payload']).where('company_id', '=', companyId).where('status', '=', 'FAILED').limit(500).execute();

/**
 * The store hears of this order's shipment or cancellation: when the order came
 * from a store, a durable task keyed by the order (once per order and effect),
 * written in the caller's transaction so it exists exactly when the change does.
 */
export async function enqueueStoreEffect(db: Db, orderId: string, effect: 'fulfil' | 'cancel'): Promise<boolean> {
  const link = await db.selectFrom('channel_orders').innerJoin('integration_connections as c', 'c.id', 'channel_orders.connection_id')
    .select(['channel_orders.connection_id', 'channel_orders.company_id', 'c.kind']).where('channel_orders.order_id', '=', orderId).executeTakeFirst();
  if (!link) return false;
  const now = new Date().toISOString();
  return insertTaskOnce(db, {
    id: uuidv7(), key: `${link.kind}:${effect}:${orderId}`, kind: `${link.kind}.${effect}`, company_id: link.company_id, connection_id: link.connection_id,
    subject_type: 'order', subject_id: orderId, payload: JSON.stringify({ orderId }), next_attempt_at: now, created_at: now, updated_at: now,
  });
}

/** What the store is told about a shipped order. */
export const shipmentOf = (db: Db, orderId: string) =>
  db.selectFrom('orders').leftJoin('channel_orders', 'channel_orders.order_id', 'orders.id')
    .select(['orders.id', 'orders.status', 'orders.tracking_number', 'orders.shipper', 'orders.shop_order_id', 'orders.cancel_reason', 'channel_orders.store_order_id', 'channel_orders.connection_id'])
    .where('orders.id', '=', orderId).executeTakeFirst();
