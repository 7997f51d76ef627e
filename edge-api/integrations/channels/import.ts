/**
 * A store order (Shopify or WooCommerce, as domain/channels.ts reads it) into
 * an order here, once per (connection, store order id):
 * - new: its SKUs matched to the catalogue (an unknown one sends it to Missed
 *   Orders with the reason), made through the manual-order path (totals, GST
 *   from the catalogue, the warehouse by the allocation rule), and recorded.
 * - known: an older update than the one applied is ignored (out of order);
 *   before READY_TO_SHIP a cancel, an address change and the items (lines
 *   added at the store's price, removed, new quantities: the order items'
 *   one writer, services/orders/order-items.ts) are applied; an unknown SKU
 *   among the lines added, or any change later, is flagged on the order's
 *   timeline for the seller.
 */
import type { DbHandle } from '../../../db/connect';
import { createManualOrder as insertManualOrder, OrderRefusal } from '../../../db/catalogue/manual-orders';
import {
  advanceChannelOrder, catalogueIdsBySku, claimChannelOrder, dropChannelOrderClaim, findChannelOrder, missedOrdersOfCompany, orderByShopOrderId, orderItemSkus,
  recordMissedOrder, resolveMissedOrder, updateChannelOrder,
} from '../../../db/channels/orders';
import { findOrderRow } from '../../../db/orders/detail';
import { addTrail, OrderStateConflict, updateOrder } from '../../../db/orders/status';
import {
  CHANGEABLE_STATUSES, manualOrderPayload, STORE_CHANGES, storeChangeSummary, storeItemsChange, unknownSkuReason, type StoreOrder,
} from '../../../domain/channels';
import { nowIso, uuidv7 } from '../../../domain/ids';
import { addressSchema, manualOrderSchema } from '../../../domain/manual-order';
import { rupeesToPaise } from '../../../domain/money';
import { Refusal } from '../../../domain/refusal';
import { writeCancel } from '../../services/orders/order-action';
import { writeItemsChange } from '../../services/orders/order-items';
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

type Link = NonNullable<Awaited<ReturnType<typeof findChannelOrder>>>;

/**
 * A newer store update of an imported order, in one transaction: the link moves on to the update's time
 * (compare and set: an older or equal one is stale), then the order (read again here) is changed while it keeps
 * the status it was read with, or the change is flagged. Nothing of it is written when any part fails.
 */
async function applyChange(dbh: DbHandle, conn: Pick<OpenConnection, 'id' | 'companyId'>, o: StoreOrder, link: Link, retried = false): Promise<ImportResult> {
  const orderId = link.order_id!;
  const title = TITLES[o.channel];
  const by = { actorId: null, actorName: title, source: 'system' };
  try {
    return await dbh.db.transaction().execute(async (tx): Promise<ImportResult> => {
      for (let current = link; ;) {
        if (Date.parse(o.updatedAt) <= Date.parse(current.store_updated_at)) return { outcome: 'stale', orderId };
        if (await advanceChannelOrder(tx, current.id, current.store_updated_at, o.updatedAt, nowIso())) break;
        current = (await findChannelOrder(tx, conn.id, o.storeOrderId))!; // another import moved it meanwhile
      }
      const order = await findOrderRow(tx, orderId, [conn.companyId]);
      if (!order) return { outcome: 'unchanged' };
      const stored = JSON.parse(order.shipping_address) as { pincode?: string; address1?: string; phone?: string };
      const items = await orderItemSkus(tx, orderId);
      const changes = storeChangeSummary(o, stored, items);
      if (!changes.length || order.status === 'CANCELLED') return { outcome: 'unchanged', orderId };
      const flag = async (what: string) => {
        const note = `${title} order ${o.name} ${what} after it was ${order.status.replace(/_/g, ' ').toLowerCase()}: not applied here, please check`;
        await addTrail(tx, orderId, order.status, { ...by, description: note });
        await updateChannelOrder(tx, link.id, { flag: note.slice(0, 500), updated_at: nowIso() });
        return note;
      };
      if (!(CHANGEABLE_STATUSES as readonly string[]).includes(order.status)) return { outcome: 'flagged', orderId, note: await flag(changes.join(' and ')) };
      if (o.cancelled) {
        await writeCancel(tx, order, systemActor(conn, o), `Cancelled in ${title}`);
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
          await updateOrder(tx, orderId, {
            shipping_address: JSON.stringify(address), shipping_city: s.city, shipping_state: s.state, shipping_pincode: s.zip,
            customer_phone: s.phone, customer_name: `${s.firstName} ${s.lastName}`.trim(),
          }, { ...by, description: `Shipping address changed in ${title}` }, { whileStatus: order.status });
          applied.push('address');
        }
      }
      const change = storeItemsChange(o.lines, items);
      if (change) {
        // Lines added are priced as the store charged them (flat, as at the import), their GST and WSINs from the catalogue.
        const ids = await catalogueIdsBySku(tx, conn.companyId, o.channel, change.added.map((a) => a.sku).filter(Boolean));
        const reason = change.unsplittable.length
          ? `${change.unsplittable.join(', ')} is on two items here: the seller splits the new quantity`
          : unknownSkuReason(change.added, new Set(ids.keys()), 'not in the catalogue');
        if (reason) notApplied.push(`${STORE_CHANGES.items} (${reason})`);
        else {
          try {
            await writeItemsChange(tx, order, by, {
              quantities: change.quantities.map((q) => ({ id: q.id, quantity: q.to })),
              removed: change.removed.map((r) => r.id),
              added: change.added.map((a) => ({ catalogueId: ids.get(a.sku)!, quantity: a.quantity, unitPaise: rupeesToPaise(a.unitPrice) ?? 0 })),
            });
            applied.push('items');
          } catch (err) {
            if (!(err instanceof Refusal)) throw err; // refused before anything was written (no line left, an item no longer sold)
            notApplied.push(`${STORE_CHANGES.items} (${err.message})`);
          }
        }
      }
      if (notApplied.length) {
        const note = await flag(notApplied.join(' and '));
        return { outcome: 'flagged', orderId, note: applied.length ? `${applied.join(', ')} applied; ${note}` : note };
      }
      return { outcome: 'updated', orderId, note: applied.join(', ') };
    });
  } catch (err) {
    // The order moved on (READY TO SHIP) while the change was written: nothing was kept; once more, now flagged.
    if (err instanceof OrderStateConflict && !retried) return applyChange(dbh, conn, o, (await findChannelOrder(dbh.db, conn.id, o.storeOrderId))!, true);
    throw err;
  }
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
  return applyChange(dbh, conn, o, row);
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
