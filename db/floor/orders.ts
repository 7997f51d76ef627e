// Orders as the floor sees them: one document per order with its items,
// WSIN mappings and packing progress, the same shape online and in Dexie.
import type { Kysely } from 'kysely';
import type { FloorOrderDoc, FloorOrderItem, PackingStatus } from '../../domain/floor';
import { setOrderStatus } from '../orders/status';
import type { Database, Order } from '../schema';
import { runFloor } from './compiled';
import { chunks, companyAllowed, ORDER_NOT_FOUND, parseJson, warehouseAllowed, type FloorDb, type FloorScope, type FloorTx } from './context';
import { notFound } from '../../domain/refusal';

export const ORDER_COLUMNS = [
  'orders.id', 'orders.company_id', 'orders.warehouse_id', 'orders.shop_order_id', 'orders.tracking_number', 'orders.return_awb',
  'orders.status', 'orders.payment_mode', 'orders.customer_name', 'orders.shipping_city', 'orders.shipping_pincode', 'orders.created_at', 'orders.inventory_blocked',
  'orders.sync_version', 'orders.version',
] as const;

export type FloorOrderRow = Pick<
  Order,
  'id' | 'company_id' | 'warehouse_id' | 'shop_order_id' | 'tracking_number' | 'return_awb' | 'status' | 'payment_mode' | 'customer_name' | 'shipping_city' | 'shipping_pincode' | 'created_at' | 'inventory_blocked' | 'version'
> & { sync_version: number };

/** The order query every floor read starts from (columns the documents need). */
export function selectFloorOrders(db: FloorDb) {
  return db.selectFrom('orders').select(ORDER_COLUMNS);
}

/** Builds documents for these orders; `clientId` picks whose scan progress an unpacked order shows. */
export async function buildOrderDocs(db: FloorDb, orders: readonly FloorOrderRow[], clientId: string | null): Promise<FloorOrderDoc[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const items = new Map<string, FloorOrderItem[]>();
  const packing = new Map<string, { status: PackingStatus; scanned: string; packed_at: string | null; packed_by_name: string | null }>();
  const scans = new Map<string, string>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('order_items')
      .leftJoin('catalogue_items', 'catalogue_items.id', 'order_items.catalogue_id')
      .select(['order_items.id', 'order_items.order_id', 'order_items.title', 'order_items.sku', 'order_items.quantity', 'order_items.return_quantity', 'order_items.wsin_mapping'])
      .select('catalogue_items.bar_code')
      .where('order_items.order_id', 'in', part)
      .orderBy('order_items.order_id')
      .orderBy('order_items.id')
      .execute();
    for (const r of rows) {
      const list = items.get(r.order_id) ?? [];
      // The catalogue barCode (the maker's GTIN): the device counts a scan of it as the line's WSIN.
      list.push({ id: r.id, title: r.title, sku: r.sku, quantity: r.quantity, returnQuantity: r.return_quantity, wsinMapping: parseJson(r.wsin_mapping, {}), barCode: r.bar_code ?? null });
      items.set(r.order_id, list);
    }
    for (const p of await db.selectFrom('packing_metadata').select(['order_id', 'status', 'scanned', 'packed_at', 'packed_by_name']).where('order_id', 'in', part).execute()) {
      packing.set(p.order_id, p);
    }
    if (clientId) {
      for (const s of await db.selectFrom('packing_scans').select(['order_id', 'scanned']).where('order_id', 'in', part).where('client_id', '=', clientId).execute()) {
        scans.set(s.order_id, s.scanned);
      }
    }
  }
  const companies = new Map(
    (await db.selectFrom('companies').select(['id', 'approve_rts_returns']).where('id', 'in', [...new Set(orders.map((o) => o.company_id))]).execute()).map((c) => [
      c.id,
      c.approve_rts_returns === 1,
    ]),
  );
  return orders.map((o): FloorOrderDoc => {
    const p = packing.get(o.id);
    const packed = p?.status === 'PACKED';
    return {
      id: o.id,
      companyId: o.company_id,
      warehouseId: o.warehouse_id,
      shopOrderId: o.shop_order_id,
      awb: o.tracking_number,
      returnAwb: o.return_awb,
      status: o.status,
      paymentMode: o.payment_mode,
      customerName: o.customer_name,
      city: o.shipping_city,
      pincode: o.shipping_pincode,
      createdAt: o.created_at,
      approveRtsReturns: companies.get(o.company_id) ?? false,
      items: items.get(o.id) ?? [],
      packing: {
        status: packed ? 'PACKED' : 'NOT_PACKED',
        scanned: packed ? parseJson(p.scanned, {}) : parseJson(scans.get(o.id), {}),
        packedAt: packed ? p.packed_at : null,
        packedBy: packed ? p.packed_by_name : null,
      },
    };
  });
}

/**
 * The order a command acts on, locked for the rest of the transaction
 * (PostgreSQL), so two devices packing it at once are decided one after the
 * other. Another tenant's order, or another warehouse's, is "not found".
 */
export async function lockOrder(tx: FloorTx, orderId: string): Promise<FloorOrderRow> {
  let q = selectFloorOrders(tx.db).where('orders.id', '=', orderId);
  if (tx.dialect === 'postgres') q = q.forUpdate();
  const order = await q.executeTakeFirst();
  if (!order || !visible(tx.scope, order)) throw notFound(ORDER_NOT_FOUND);
  return order;
}

export function visible(scope: FloorScope, order: Pick<FloorOrderRow, 'company_id' | 'warehouse_id'>): boolean {
  return companyAllowed(scope, order.company_id) && warehouseAllowed(scope, order.warehouse_id);
}

/** Finds an order by AWB, return AWB or order number (orders are packed before an AWB exists). */
export async function findByCode(db: FloorDb, scope: FloorScope, code: string, statuses?: readonly string[]): Promise<FloorOrderRow | undefined> {
  const trimmed = code.trim();
  let q = selectFloorOrders(db).where((eb) =>
    eb.or([eb('orders.tracking_number', '=', trimmed), eb('orders.return_awb', '=', trimmed), eb('orders.shop_order_id', '=', trimmed), eb('orders.id', '=', trimmed)]),
  );
  if (scope.companies !== null) q = q.where('orders.company_id', 'in', scope.companies.length ? scope.companies : ['-']);
  if (scope.warehouseId !== null) q = q.where('orders.warehouse_id', '=', scope.warehouseId);
  if (statuses) q = q.where('orders.status', 'in', [...statuses]);
  const rows = await q.orderBy('orders.created_at', 'desc').limit(5).execute();
  // An AWB match beats an order-number match from another company.
  return rows.find((r) => r.tracking_number === trimmed || r.return_awb === trimmed) ?? rows[0];
}

/**
 * The order's floor document changed (a scan), not the order: only a new
 * sync version, so the next pull carries it. No trail, no version bump.
 */
export async function touchOrder(tx: FloorTx, orderId: string): Promise<void> {
  const version = await tx.nextVersion();
  await runFloor(tx, 'touchOrder', (db, arg) => db.updateTable('orders').set({ sync_version: arg<number>(0) }).where('id', '=', arg(1)), [version, orderId]);
}

/**
 * Moves an order to `status` through the orders area's setOrderStatus (status
 * counts, version, updated_at, trail with the actor), stamping the sync
 * version in the same update.
 */
export async function writeOrderStatus(
  tx: FloorTx,
  order: Pick<FloorOrderRow, 'id' | 'status'>,
  status: string,
  trail: { description: string; isReturn?: boolean },
  extra: { inventory_blocked?: number } = {},
): Promise<void> {
  await setOrderStatus(tx.db as Kysely<Database>, {
    orderId: order.id,
    to: status,
    from: [order.status],
    set: { ...extra, sync_version: await tx.nextVersion() },
    trail: { description: trail.description, isReturn: trail.isReturn ?? false, source: tx.source, actorId: tx.actor.id, actorName: tx.actor.name },
  });
}
