// Packing: each device's scans, and the submit that makes an order Packed,
// moves it to READY_TO_SHIP and takes its units out of stock.
import {
  alreadyPackedReason,
  checkPackedCounts,
  FLOOR_STATUSES,
  itemsToScan,
  chargeableWeightG,
  notPackableReason,
  PACKABLE_STATUSES,
  PARCEL_NOT_PACKED,
  parcelBoxProblem,
  volumetricWeightG,
  type ParcelInput,
  PACKED_AT_STATION,
  QUANTITY_ERROR,
  requiredUnits,
  WSIN_ERROR,
  type FloorOrderDoc,
  type PackFilter,
  type PackingOrder,
} from '../../domain/floor';
import { runFloor } from './compiled';
import type { Gs1Data } from '../../domain/gs1';
import { uuidv7 } from '../../domain/ids';
import '../tables/packed-unit-lots';
import { activeShippingPackage } from '../orders/edits';
import { ORDER_NOT_FOUND, parseJson, type FloorDb, type FloorScope, type FloorTx } from './context';
import { conflict, invalid, notFound } from '../../domain/refusal';
import { applyStockChange, lockStock } from './inventory';
import { buildOrderDocs, findByCode, lockOrder, ORDER_COLUMNS, touchOrder, visible, writeOrderStatus, type FloorOrderRow } from './orders';

interface PackState {
  order: FloorOrderRow;
  doc: FloorOrderDoc;
  required: Record<string, number>;
}

/** The order to pack, locked; refused when it is gone, no longer packable, or packed already. */
async function packableOrder(tx: FloorTx, orderId: string): Promise<PackState> {
  const order = await lockOrder(tx, orderId);
  const [doc] = await buildOrderDocs(tx.db, [order], tx.clientId);
  if (doc.packing.status === 'PACKED') throw conflict(alreadyPackedReason(doc, doc.packing.packedBy, doc.packing.packedAt));
  if (!(PACKABLE_STATUSES as readonly string[]).includes(order.status)) throw conflict(notPackableReason(doc));
  return { order, doc, required: requiredUnits(doc.items) };
}

/**
 * What a scan needs, in two reads instead of a whole document's five (a
 * packer's scans arrive by the hundred): the order locked, with its packing
 * state and this device's scans joined, then its items. The same refusals, in
 * the same order, as packableOrder.
 */
async function scanState(tx: FloorTx, orderId: string) {
  const pg = tx.dialect === 'postgres';
  type Row = Pick<FloorOrderRow, 'id' | 'company_id' | 'warehouse_id' | 'shop_order_id' | 'status'> & {
    pack_status: string | null;
    packed_at: string | null;
    packed_by_name: string | null;
    device_scans: string | null;
  };
  // Only the columns a scan decides on (the order's row is wide); its packing
  // row and this device's scans by key as scalar subqueries, which SQLite runs
  // several times faster than the same LEFT JOINs for one order.
  const { rows } = await runFloor<Row>(
    tx,
    'scanState.order',
    (db, arg) => {
      const q = db
        .selectFrom('orders')
        .select(['orders.id', 'orders.company_id', 'orders.warehouse_id', 'orders.shop_order_id', 'orders.status'])
        .select((eb) => {
          const meta = (column: 'status' | 'packed_at' | 'packed_by_name') =>
            eb.selectFrom('packing_metadata').select(`packing_metadata.${column}`).whereRef('packing_metadata.order_id', '=', 'orders.id');
          return [
            meta('status').as('pack_status'),
            meta('packed_at').as('packed_at'),
            meta('packed_by_name').as('packed_by_name'),
            eb.selectFrom('packing_scans').select('packing_scans.scanned').whereRef('packing_scans.order_id', '=', 'orders.id').where('packing_scans.client_id', '=', arg(1)).as('device_scans'),
          ];
        })
        .where('orders.id', '=', arg(0));
      return pg ? q.forUpdate() : q;
    },
    [orderId, tx.clientId],
  );
  const order = rows[0];
  if (!order || !visible(tx.scope, order)) throw notFound(ORDER_NOT_FOUND);
  const doc = { shopOrderId: order.shop_order_id, status: order.status };
  if (order.pack_status === 'PACKED') throw conflict(alreadyPackedReason(doc, order.packed_by_name ?? null, order.packed_at ?? null));
  if (!(PACKABLE_STATUSES as readonly string[]).includes(order.status)) throw conflict(notPackableReason(doc));
  const { rows: items } = await runFloor<{ sku: string; quantity: number; wsin_mapping: string | null }>(
    tx,
    'scanState.items',
    (db, arg) => db.selectFrom('order_items').select(['sku', 'quantity', 'wsin_mapping']).where('order_id', '=', arg(0)),
    [orderId],
  );
  const required = requiredUnits(items.map((i) => ({ sku: i.sku, quantity: i.quantity, wsinMapping: parseJson<Record<string, number>>(i.wsin_mapping, {}) })));
  return { id: order.id, companyId: order.company_id, required, scanned: parseJson<Record<string, number>>(order.device_scans, {}) };
}

/** One WSIN scanned into the box by this device (pack.scan). */
export async function recordScan(tx: FloorTx, args: { orderId: string; wsin: string; gs1?: Gs1Data }): Promise<void> {
  const state = await scanState(tx, args.orderId);
  const { required } = state;
  const wsin = Object.keys(required).find((w) => w.toLowerCase() === args.wsin.trim().toLowerCase());
  if (!wsin) throw invalid(WSIN_ERROR.message);
  const scanned = { ...state.scanned, [wsin]: (state.scanned[wsin] ?? 0) + 1 };
  if (scanned[wsin] > required[wsin]) throw invalid(QUANTITY_ERROR.message);
  const json = JSON.stringify(scanned);
  await runFloor(
    tx,
    'recordScan.upsert',
    (db, arg) =>
      db
        .insertInto('packing_scans')
        .values({ order_id: arg(0), client_id: arg(1), scanned: arg(2), updated_at: arg(3) })
        .onConflict((oc) => oc.columns(['order_id', 'client_id']).doUpdateSet({ scanned: arg(2), updated_at: arg(3) })),
    [state.id, tx.clientId, json, tx.now],
  );
  if (args.gs1) {
    // The lot, expiry and serial its GS1 barcode read, kept with the unit.
    await tx.db
      .insertInto('packed_unit_lots')
      .values({
        id: uuidv7(), order_id: state.id, company_id: state.companyId, wsin, gtin: args.gs1.gtin, lot: args.gs1.lot ?? null, expiry: args.gs1.expiry ?? null,
        serial: args.gs1.serial ?? null, client_id: tx.clientId, created_at: tx.now,
      })
      .execute();
  }
  await touchOrder(tx, state.id);
}

/**
 * The order is fully scanned (pack.submit, or the online packaging-metadata
 * call): mark it PACKED, move it to READY_TO_SHIP with the trail 'Packed at
 * station', and take its units out of stock (unblocking what it had blocked).
 * The first device to submit wins; the others are refused with who packed it.
 */
export async function submitPack(tx: FloorTx, args: { orderId: string; scanned: Record<string, number> }): Promise<void> {
  const { order, doc, required } = await packableOrder(tx, args.orderId);
  const problem = checkPackedCounts(required, args.scanned);
  if (problem) throw invalid(problem);

  await tx.db
    .insertInto('packing_metadata')
    .values({
      order_id: order.id, company_id: order.company_id, status: 'PACKED', scanned: JSON.stringify(required), packed_by: tx.actor.id,
      packed_by_name: tx.actor.name, packed_client_id: tx.clientId, packed_at: tx.now, updated_at: tx.now,
    })
    .onConflict((oc) =>
      oc.column('order_id').doUpdateSet({
        status: 'PACKED', scanned: JSON.stringify(required), packed_by: tx.actor.id, packed_by_name: tx.actor.name,
        packed_client_id: tx.clientId, packed_at: tx.now, updated_at: tx.now,
      }),
    )
    .execute();
  await writeOrderStatus(tx, order, 'READY_TO_SHIP', { description: PACKED_AT_STATION }, { inventory_blocked: 0 });

  if (!order.warehouse_id) return;
  for (const [wsin, units] of Object.entries(required)) {
    const key = { warehouseId: order.warehouse_id, companyId: order.company_id, wsin };
    const row = await lockStock({ ...tx, scope: { companies: null, warehouseId: null } }, key).catch(() => null);
    if (!row) continue; // a WSIN this warehouse keeps no stock row for
    const take = Math.min(units, row.quantity);
    const remarks = `Packed order ${doc.shopOrderId}${take < units ? ` (stock short by ${units - take})` : ''}`;
    await applyStockChange(tx, row, { kind: 'pack', delta: -take, blockedDelta: order.inventory_blocked ? -units : 0, remarks });
  }
}

// ---------------------------------------------------------------------------
// Online reads (part 2 §7 'Packing')
// ---------------------------------------------------------------------------

export type { PackingOrder };

/** The spec's packing order: key, items_to_scan {wsin, qty, scanned_qty}, status; plus the order itself. */
export function packingOrder(doc: FloorOrderDoc): PackingOrder {
  return { key: doc.id, items_to_scan: itemsToScan(doc), status: doc.packing.status === 'PACKED' ? 'Packed' : 'Not Packed', order: doc };
}

export async function findPackingOrder(db: FloorDb, scope: FloorScope, awb: string, clientId: string | null) {
  const order = await findByCode(db, scope, awb, FLOOR_STATUSES);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const [doc] = await buildOrderDocs(db, [order], clientId);
  return packingOrder(doc);
}

/** Orders to pack of the scope, filtered All (0) / Packed (1) / Not Packed (2), with counts. */
export async function listPackingOrders(db: FloorDb, scope: FloorScope, opts: { packed: PackFilter; page: number; pageSize: number }) {
  let q = db
    .selectFrom('orders')
    .leftJoin('packing_metadata', 'packing_metadata.order_id', 'orders.id')
    .where('orders.status', 'in', [...PACKABLE_STATUSES]);
  if (scope.companies !== null) q = q.where('orders.company_id', 'in', scope.companies.length ? scope.companies : ['-']);
  if (scope.warehouseId !== null) q = q.where('orders.warehouse_id', '=', scope.warehouseId);
  const counts = await q
    .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.count<number>('packing_metadata.order_id').as('packed')])
    .executeTakeFirstOrThrow();
  let rows = q;
  if (opts.packed === 1) rows = rows.where('packing_metadata.status', '=', 'PACKED');
  if (opts.packed === 2) rows = rows.where((eb) => eb.or([eb('packing_metadata.status', 'is', null), eb('packing_metadata.status', '!=', 'PACKED')]));
  const page = await rows
    .select(ORDER_COLUMNS)
    .orderBy('orders.created_at')
    .orderBy('orders.id')
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize)
    .execute();
  const docs = await buildOrderDocs(db, page, null);
  const all = Number(counts.all);
  const packed = Number(counts.packed);
  return { data: docs.map(packingOrder), count: { all, packed, notPacked: all - packed } };
}

/**
 * The packed parcel weighed at the box (pack.weigh, offline too): its dead
 * weight and box (a shipping package, or L x B x H), with the volumetric and
 * chargeable weights the courier booking sends. Refused before the order is
 * packed, after it has left the floor, or with a box that is not named.
 */
export async function recordWeight(tx: FloorTx, args: ParcelInput & { orderId: string }): Promise<void> {
  const order = await lockOrder(tx, args.orderId);
  const pack = await tx.db.selectFrom('packing_metadata').select('status').where('order_id', '=', order.id).executeTakeFirst();
  if (pack?.status !== 'PACKED') throw conflict(PARCEL_NOT_PACKED(order.shop_order_id));
  if (!(PACKABLE_STATUSES as readonly string[]).includes(order.status)) throw conflict(notPackableReason({ shopOrderId: order.shop_order_id, status: order.status }));
  const problem = parcelBoxProblem(args);
  if (problem) throw invalid(problem);
  let box: { code: string | null; l: number; b: number; h: number };
  if (args.packageCode) {
    const pkg = await activeShippingPackage(tx.db, args.packageCode);
    if (!pkg) throw invalid(`Shipping package ${args.packageCode} is not known`);
    box = { code: pkg.code, l: Number(pkg.length_cm), b: Number(pkg.breadth_cm), h: Number(pkg.height_cm) };
  } else {
    box = { code: null, l: args.lengthCm!, b: args.breadthCm!, h: args.heightCm! };
  }
  const volumetric = volumetricWeightG(box.l, box.b, box.h);
  await tx.db
    .updateTable('orders')
    .set({
      packed_weight_g: args.weightG, packed_package_code: box.code, packed_length_cm: box.l, packed_breadth_cm: box.b, packed_height_cm: box.h,
      volumetric_weight_g: volumetric, chargeable_weight_g: chargeableWeightG(args.weightG, volumetric), weighed_at: tx.now, weighed_by: tx.actor.id,
    })
    .where('id', '=', order.id)
    .execute();
  await touchOrder(tx, order.id);
}
