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
  PARCEL_PHOTO_NOT_UPLOADED,
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
import { runFloor, runFloorSql } from './compiled';
import type { Gs1Data } from '../../domain/gs1';
import { uuidv7 } from '../../domain/ids';
import '../tables/packed-unit-lots';
import { activeShippingPackage } from '../orders/edits';
import { companyProofKey } from '../uploads/queries';
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
  // Only the columns a scan decides on (the order's row is wide); its packing
  // row and this device's scans by key as scalar subqueries, which SQLite runs
  // several times faster than the same LEFT JOINs for one order.
  const { rows } = await runFloor<ScanRow>(
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
  const refusal = scanRefusal(tx.scope, order);
  if (refusal) throw refusal;
  const { rows: items } = await runFloor<{ sku: string; quantity: number; wsin_mapping: string | null }>(
    tx,
    'scanState.items',
    (db, arg) => db.selectFrom('order_items').select(['sku', 'quantity', 'wsin_mapping']).where('order_id', '=', arg(0)),
    [orderId],
  );
  return { id: order.id, companyId: order.company_id, required: requiredOf(items), scanned: parseJson<Record<string, number>>(order.device_scans, {}) };
}

/** What a scan reads of its order: the columns it decides on, its packing state and this device's scans. */
type ScanRow = Pick<FloorOrderRow, 'id' | 'company_id' | 'warehouse_id' | 'shop_order_id' | 'status'> & {
  pack_status: string | null;
  packed_at: string | null;
  packed_by_name: string | null;
  device_scans: string | null;
};

/** Why no scan may go into this order (gone or out of scope, packed already, not packable), or null. */
function scanRefusal(scope: FloorScope, order: ScanRow | undefined): Error | null {
  if (!order || !visible(scope, order)) return notFound(ORDER_NOT_FOUND);
  const doc = { shopOrderId: order.shop_order_id, status: order.status };
  if (order.pack_status === 'PACKED') return conflict(alreadyPackedReason(doc, order.packed_by_name ?? null, order.packed_at ?? null));
  if (!(PACKABLE_STATUSES as readonly string[]).includes(order.status)) return conflict(notPackableReason(doc));
  return null;
}

function requiredOf(items: { sku: string; quantity: number; wsin_mapping: string | null }[]): Record<string, number> {
  return requiredUnits(items.map((i) => ({ sku: i.sku, quantity: i.quantity, wsinMapping: parseJson<Record<string, number>>(i.wsin_mapping, {}) })));
}

/**
 * The device's scans after one more of `wsinArg` (matched without case) and the order's own spelling of
 * that WSIN, or the refusal: not in the order, or more than it needs.
 */
function addScan(required: Record<string, number>, scanned: Record<string, number>, wsinArg: string): { wsin: string; scanned: Record<string, number> } | Error {
  const wsin = Object.keys(required).find((w) => w.toLowerCase() === wsinArg.trim().toLowerCase());
  if (!wsin) return invalid(WSIN_ERROR.message);
  const next = { ...scanned, [wsin]: (scanned[wsin] ?? 0) + 1 };
  if (next[wsin] > required[wsin]) return invalid(QUANTITY_ERROR.message);
  return { wsin, scanned: next };
}

/** One WSIN scanned into the box by this device (pack.scan). */
export async function recordScan(tx: FloorTx, args: { orderId: string; wsin: string; gs1?: Gs1Data }): Promise<void> {
  const state = await scanState(tx, args.orderId);
  const added = addScan(state.required, state.scanned, args.wsin);
  if (added instanceof Error) throw added;
  const json = JSON.stringify(added.scanned);
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
  if (args.gs1) await keepLots(tx, [{ orderId: state.id, companyId: state.companyId, wsin: added.wsin, gs1: args.gs1 }]);
  await touchOrder(tx, state.id);
}

/** The lot, expiry and serial that units' GS1 barcodes read, kept with the packed units. */
async function keepLots(tx: FloorTx, units: readonly { orderId: string; companyId: string; wsin: string; gs1: Gs1Data }[]): Promise<void> {
  if (!units.length) return;
  await tx.db
    .insertInto('packed_unit_lots')
    .values(units.map((u) => ({
      id: uuidv7(), order_id: u.orderId, company_id: u.companyId, wsin: u.wsin, gtin: u.gs1.gtin, lot: u.gs1.lot ?? null, expiry: u.gs1.expiry ?? null,
      serial: u.gs1.serial ?? null, client_id: tx.clientId, created_at: tx.now,
    })))
    .execute();
}

/**
 * A run of pack.scan commands of this device at once, with the outcome of
 * applying them one after another (recordScan): one locking read of every
 * order they name (with its packing state and this device's scans), one read
 * of their items, then the scans decided in order in memory, and one upsert
 * of the changed orders' scans and one stamp of their versions. Resolves the
 * refusal of each refused scan (null for a kept one); a refused scan writes
 * nothing.
 */
export async function recordScans(tx: FloorTx, scans: readonly { orderId: string; wsin: string; gs1?: Gs1Data }[]): Promise<(Error | null)[]> {
  const pg = tx.dialect === 'postgres';
  const ids = [...new Set(scans.map((s) => s.orderId))].sort();
  const list = pg ? ids : JSON.stringify(ids);
  // Locked in id order, so two runs naming the same orders queue instead of deadlocking.
  const { rows } = await runFloorSql<ScanRow>(
    tx,
    pg
      ? `SELECT o.id, o.company_id, o.warehouse_id, o.shop_order_id, o.status, m.status AS pack_status, m.packed_at, m.packed_by_name,
           (SELECT s.scanned FROM packing_scans s WHERE s.order_id = o.id AND s.client_id = $2) AS device_scans
         FROM orders o LEFT JOIN packing_metadata m ON m.order_id = o.id WHERE o.id = ANY($1::text[]) ORDER BY o.id FOR UPDATE OF o`
      : `SELECT o.id, o.company_id, o.warehouse_id, o.shop_order_id, o.status, m.status AS pack_status, m.packed_at, m.packed_by_name,
           (SELECT s.scanned FROM packing_scans s WHERE s.order_id = o.id AND s.client_id = ?) AS device_scans
         FROM orders o LEFT JOIN packing_metadata m ON m.order_id = o.id WHERE o.id IN (SELECT value FROM json_each(?))`,
    pg ? [list, tx.clientId] : [tx.clientId, list],
  );
  const orders = new Map(rows.map((r) => [r.id, r]));
  const open = ids.filter((id) => !scanRefusal(tx.scope, orders.get(id)));
  const { rows: items } = open.length
    ? await runFloorSql<{ order_id: string; sku: string; quantity: number; wsin_mapping: string | null }>(
        tx,
        pg
          ? 'SELECT order_id, sku, quantity, wsin_mapping FROM order_items WHERE order_id = ANY($1::text[])'
          : 'SELECT order_id, sku, quantity, wsin_mapping FROM order_items WHERE order_id IN (SELECT value FROM json_each(?))',
        [pg ? open : JSON.stringify(open)],
      )
    : { rows: [] };
  const state = new Map(
    open.map((id) => [id, { required: requiredOf(items.filter((i) => i.order_id === id)), scanned: parseJson<Record<string, number>>(orders.get(id)!.device_scans, {}), changed: false }]),
  );
  const lots: Parameters<typeof keepLots>[1][number][] = [];
  const outcomes = scans.map((s): Error | null => {
    const st = state.get(s.orderId);
    if (!st) return scanRefusal(tx.scope, orders.get(s.orderId));
    const added = addScan(st.required, st.scanned, s.wsin);
    if (added instanceof Error) return added;
    st.scanned = added.scanned;
    st.changed = true;
    if (s.gs1) lots.push({ orderId: s.orderId, companyId: orders.get(s.orderId)!.company_id, wsin: added.wsin, gs1: s.gs1 });
    return null;
  });
  const changed = [...state].filter(([, st]) => st.changed);
  if (changed.length === 0) return outcomes;
  await keepLots(tx, lots);
  const changedIds = changed.map(([id]) => id);
  const jsons = changed.map(([, st]) => JSON.stringify(st.scanned));
  const top = tx.nextVersions ? await tx.nextVersions(changed.length) : await lastOf(changed.length, () => tx.nextVersion());
  const versions = changedIds.map((_, k) => top - changedIds.length + 1 + k);
  if (pg) {
    await runFloorSql(
      tx,
      `INSERT INTO packing_scans (order_id, client_id, scanned, updated_at) SELECT v.id, $2, v.scanned, $3 FROM unnest($1::text[], $4::text[]) AS v(id, scanned)
       ON CONFLICT (order_id, client_id) DO UPDATE SET scanned = excluded.scanned, updated_at = excluded.updated_at`,
      [changedIds, tx.clientId, tx.now, jsons],
    );
    await runFloorSql(tx, 'UPDATE orders SET sync_version = v.version FROM unnest($1::text[], $2::bigint[]) AS v(id, version) WHERE orders.id = v.id', [changedIds, versions]);
  } else {
    const rowsJson = JSON.stringify(changedIds.map((id, k) => [id, jsons[k], versions[k]]));
    await runFloorSql(
      tx,
      `INSERT INTO packing_scans (order_id, client_id, scanned, updated_at) SELECT json_extract(value, '$[0]'), ?, json_extract(value, '$[1]'), ? FROM json_each(?) WHERE true
       ON CONFLICT (order_id, client_id) DO UPDATE SET scanned = excluded.scanned, updated_at = excluded.updated_at`,
      [tx.clientId, tx.now, rowsJson],
    );
    await runFloorSql(
      tx,
      `UPDATE orders SET sync_version = json_extract(v.value, '$[2]') FROM json_each(?) AS v WHERE orders.id = json_extract(v.value, '$[0]')`,
      [rowsJson],
    );
  }
  return outcomes;
}

async function lastOf(n: number, next: () => Promise<number>): Promise<number> {
  let v = 0;
  for (let i = 0; i < n; i++) v = await next();
  return v;
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
export async function recordWeight(tx: FloorTx, args: ParcelInput & { orderId: string; photoKey?: string }): Promise<void> {
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
  // The parcel photo, when one was taken, stays with this weighing (weighing again without one drops it).
  const photo = args.photoKey ? await companyProofKey(tx.db, args.photoKey, order.company_id) : null;
  if (args.photoKey && !photo) throw invalid(PARCEL_PHOTO_NOT_UPLOADED(order.shop_order_id));
  const volumetric = volumetricWeightG(box.l, box.b, box.h);
  await tx.db
    .updateTable('orders')
    .set({
      packed_weight_g: args.weightG, packed_package_code: box.code, packed_length_cm: box.l, packed_breadth_cm: box.b, packed_height_cm: box.h,
      volumetric_weight_g: volumetric, chargeable_weight_g: chargeableWeightG(args.weightG, volumetric), weighed_at: tx.now, weighed_by: tx.actor.id,
      packed_photo_key: photo,
    })
    .where('id', '=', order.id)
    .execute();
  await touchOrder(tx, order.id);
}
