/**
 * A store order (Shopify or WooCommerce, as domain/channels.ts reads it) into
 * an order here, once per (connection, store order id):
 * - new: its SKUs matched to the catalogue (an unknown one sends it to Missed
 *   Orders with the reason), made through the manual-order path (totals, GST
 *   from the catalogue, the warehouse by the allocation rule), and recorded.
 * - known: an older update than the one applied is ignored (out of order);
 *   before READY_TO_SHIP a cancel, an address change or new quantities are
 *   applied (a line added or removed is flagged: its price and GST are the
 *   seller's to confirm); later any change is flagged on the order's timeline
 *   for the seller.
 */
import type { DbHandle } from '../../../db/connect';
import { createManualOrder as insertManualOrder, OrderRefusal } from '../../../db/catalogue/manual-orders';
import {
  catalogueIdsBySku, claimChannelOrder, dropChannelOrderClaim, findChannelOrder, missedOrdersOfCompany, orderByShopOrderId, orderItemSkus, orderState,
  recordMissedOrder, resolveMissedOrder, updateChannelOrder,
} from '../../../db/channels/orders';
import { addTrail, updateOrder } from '../../../db/orders/status';
import {
  CHANGEABLE_STATUSES, manualOrderPayload, STORE_CHANGES, storeChangeSummary, storeItemsChange, unknownSkuReason, type StoreOrder,
} from '../../../domain/channels';
import { nowIso, uuidv7 } from '../../../domain/ids';
import { addressSchema, manualOrderSchema } from '../../../domain/manual-order';
import { Refusal } from '../../../domain/refusal';
import { cancelOrder, updateQuantities } from '../../services/orders/order-actions';
import type { OpenConnection } from '../connections';

export type ImportResult =
  | { outcome: 'created'; orderId: string }
  | { outcome: 'missed'; reason: string }
  | { outcome: 'updated' | 'flagged' | 'unchanged' | 'stale' | 'ignored'; orderId?: string; note?: string };

const TITLES = { shopify: 'Shopify', woocommerce: 'WooCommerce' } as const;
const systemActor = (conn: Pick<OpenConnection, 'companyId'>, o: StoreOrder) => ({ id: null, name: TITLES[o.channel], role: 'seller' as const, scope: [conn.companyId] });

async function missed(dbh: DbHandle, conn: Pick<OpenConnection, 'id' | 'companyId'>, o: StoreOrder, reason: string): Promise<ImportResult> {
  await recordMissedOrder(dbh.db, {
    id: uuidv7(), companyId: conn.companyId, shopOrderId: o.name, reason: reason.slice(0, 500), now: nowIso(),
    payload: JSON.stringify({ connectionId: conn.id, order: o }),
  });
  return { outcome: 'missed', reason };
}

async function create(dbh: DbHandle, conn: Pick<OpenConnection, 'id' | 'companyId'>, o: StoreOrder, claimId: string): Promise<ImportResult> {
  const existing = await orderByShopOrderId(dbh.db, conn.companyId, o.name);
  if (existing) {
    // Made before a crash let the claim record it: record it now, never a second order.
    await updateChannelOrder(dbh.db, claimId, { order_id: existing.id, updated_at: nowIso() });
    return { outcome: 'unchanged', orderId: existing.id };
  }
  const ids = await catalogueIdsBySku(dbh.db, conn.companyId, o.channel, [...new Set(o.lines.map((l) => l.sku).filter(Boolean))]);
  const reason = o.lines.length ? unknownSkuReason(o.lines, new Set(ids.keys())) : 'The order has no line to ship';
  if (reason) {
    await dropChannelOrderClaim(dbh.db, claimId);
    return missed(dbh, conn, o, reason);
  }
  const parsed = manualOrderSchema.safeParse(manualOrderPayload(o, ids));
  if (!parsed.success) {
    await dropChannelOrderClaim(dbh.db, claimId);
    const i = parsed.error.issues[0]!;
    return missed(dbh, conn, o, `${i.path.join('.')}: ${i.message}`);
  }
  try {
    const made = await insertManualOrder(dbh.db, {
      companyId: conn.companyId, order: parsed.data, shopType: o.channel, scope: [conn.companyId], actor: { id: 'channel', name: TITLES[o.channel] },
      // In the order's own transaction: the order, its link to the store order and the missed order resolved are written together.
      within: async (tx, orderId) => {
        await updateChannelOrder(tx, claimId, { order_id: orderId, updated_at: nowIso() });
        await resolveMissedOrder(tx, conn.companyId, o.name);
      },
    });
    return { outcome: 'created', orderId: made.id };
  } catch (err) {
    await dropChannelOrderClaim(dbh.db, claimId);
    if (err instanceof OrderRefusal || err instanceof Refusal) return missed(dbh, conn, o, err.message);
    throw err;
  }
}

async function applyChange(dbh: DbHandle, conn: Pick<OpenConnection, 'id' | 'companyId'>, o: StoreOrder, orderId: string, flagRowId: string): Promise<ImportResult> {
  const order = await orderState(dbh.db, orderId);
  if (!order) return { outcome: 'unchanged' };
  const stored = JSON.parse(order.shipping_address) as { pincode?: string; address1?: string; phone?: string };
  const items = await orderItemSkus(dbh.db, orderId);
  const changes = storeChangeSummary(o, stored, items);
  if (!changes.length || order.status === 'CANCELLED') return { outcome: 'unchanged', orderId };
  const changeable = (CHANGEABLE_STATUSES as readonly string[]).includes(order.status);
  const by = { actorId: null, actorName: TITLES[o.channel], source: 'system' };
  const flag = async (what: string, status = order.status) => {
    const note = `${TITLES[o.channel]} order ${o.name} ${what} after it was ${status.replace(/_/g, ' ').toLowerCase()}: not applied here, please check`;
    await dbh.db.transaction().execute((tx) => addTrail(tx, orderId, status, { ...by, description: note }));
    await updateChannelOrder(dbh.db, flagRowId, { flag: note.slice(0, 500), updated_at: nowIso() });
    return note;
  };
  if (!changeable) return { outcome: 'flagged', orderId, note: await flag(changes.join(' and ')) };
  if (o.cancelled) {
    await cancelOrder(dbh.db, systemActor(conn, o), { orderId, reason: `Cancelled in ${TITLES[o.channel]}` });
    return { outcome: 'updated', orderId, note: 'cancelled' };
  }
  const applied: string[] = [];
  const notApplied: string[] = [];
  if (changes.includes(STORE_CHANGES.address)) {
    const a = addressSchema.safeParse(manualOrderPayload(o, new Map()).shippingAddress);
    if (!a.success) notApplied.push(`${STORE_CHANGES.address} (${a.error.issues[0]!.message})`);
    else {
      const s = a.data;
      const address = { firstName: s.firstName, lastName: s.lastName, phone: s.phone, email: s.email ?? null, address1: s.address1, address2: s.address2, city: s.city, state: s.state, pincode: s.zip, gstin: null, companyName: s.companyName ?? null };
      await dbh.db.transaction().execute((tx) =>
        updateOrder(tx, orderId, {
          shipping_address: JSON.stringify(address), shipping_city: s.city, shipping_state: s.state, shipping_pincode: s.zip,
          customer_phone: s.phone, customer_name: `${s.firstName} ${s.lastName}`.trim(),
        }, { ...by, description: `Shipping address changed in ${TITLES[o.channel]}` }, { whileStatus: order.status }));
      applied.push('address');
    }
  }
  const itemChange = storeItemsChange(o.lines, items);
  if (itemChange?.kind === 'quantities') {
    try {
      // The store's own quantities, through the order action that keeps the total and COD amount right (PLACED only).
      await updateQuantities(dbh.db, { ...systemActor(conn, o), role: 'admin' }, { orderId, items: itemChange.items.map((i) => ({ id: i.id, quantity: i.to })) });
      applied.push('items');
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      notApplied.push(STORE_CHANGES.items);
    }
  } else if (itemChange?.kind === 'lines') {
    const parts = [...itemChange.added.map((sku) => `${sku} added`), ...itemChange.removed.map((sku) => `${sku} removed`)];
    notApplied.push(`${STORE_CHANGES.items}${parts.length ? ` (${parts.join(', ')})` : ''}`);
  }
  if (notApplied.length) {
    const note = await flag(notApplied.join(' and '));
    return { outcome: 'flagged', orderId, note: applied.length ? `${applied.join(', ')} applied; ${note}` : note };
  }
  return { outcome: 'updated', orderId, note: applied.join(', ') };
}

/** Imports or updates one store order; safe to call again with the same order (a replay, a poll after a webhook). */
export async function importStoreOrder(dbh: DbHandle, conn: Pick<OpenConnection, 'id' | 'companyId'>, o: StoreOrder): Promise<ImportResult> {
  let row = await findChannelOrder(dbh.db, conn.id, o.storeOrderId);
  if (!row) {
    if (o.ignoredBecause) return { outcome: 'ignored', note: o.ignoredBecause };
    if (o.cancelled) return { outcome: 'ignored', note: 'cancelled before it was imported' };
    const now = nowIso();
    const claim = {
      id: uuidv7(), connection_id: conn.id, company_id: conn.companyId, store_order_id: o.storeOrderId, store_order_name: o.name.slice(0, 64),
      order_id: null, store_updated_at: o.updatedAt, flag: null, created_at: now, updated_at: now,
    };
    if (await claimChannelOrder(dbh.db, claim)) return create(dbh, conn, o, claim.id);
    row = (await findChannelOrder(dbh.db, conn.id, o.storeOrderId))!;
  }
  if (!row.order_id) return create(dbh, conn, o, row.id);
  if (Date.parse(o.updatedAt) <= Date.parse(row.store_updated_at)) return { outcome: 'stale', orderId: row.order_id };
  await updateChannelOrder(dbh.db, row.id, { store_updated_at: o.updatedAt, updated_at: nowIso() });
  return applyChange(dbh, conn, o, row.order_id, row.id);
}

/** Missed store orders of a company imported again (after its catalogue gained their SKUs). */
export async function retryMissedOrders(dbh: DbHandle, companyId: string): Promise<number> {
  let made = 0;
  for (const m of await missedOrdersOfCompany(dbh.db, companyId)) {
    const saved = m.payload ? (JSON.parse(m.payload) as { connectionId?: string; order?: StoreOrder }) : null;
    if (!saved?.connectionId || !saved.order) continue;
    const r = await importStoreOrder(dbh, { id: saved.connectionId, companyId }, saved.order);
    if (r.outcome === 'created') made++;
  }
  return made;
}
