// Stock per warehouse, company and WSIN, and its trail. Every change writes a
// trail row and a new sync version in the same transaction.
import { uuidv7 } from '../../domain/ids';
import { belowZeroReason, defaultTrailRange, inventoryKey, trailBound, TRAIL_PAGE_SIZE, type InventoryDoc } from '../../domain/floor';
import type { Inventory } from '../schema';
import { companyAllowed, STOCK_NOT_FOUND, warehouseAllowed, type FloorDb, type FloorScope, type FloorTx } from './context';
import { conflict, forbidden, notFound } from '../../domain/refusal';
import { textMatches } from '../search';

export interface StockKey {
  warehouseId: string;
  companyId: string;
  wsin: string;
}

export type TrailKind = 'inbound' | 'adjustment' | 'scanned' | 'pack' | 'return' | 'block' | 'unblock';

type InventoryRow = Inventory & { sync_version: number };

/** The inventory rows a scope may see (warehouse users: their warehouse; sellers: their company anywhere). */
export function scopedInventory(db: FloorDb, scope: FloorScope) {
  let q = db.selectFrom('inventory');
  if (scope.companies !== null) q = q.where('inventory.company_id', 'in', scope.companies.length ? scope.companies : ['-']);
  if (scope.warehouseId !== null) q = q.where('inventory.warehouse_id', '=', scope.warehouseId);
  return q;
}

export function inventoryDoc(row: Pick<Inventory, 'id' | 'warehouse_id' | 'company_id' | 'wsin' | 'location' | 'quantity' | 'blocked' | 'scanned_quantity' | 'updated_at'>, productName: string | null): InventoryDoc {
  return {
    id: row.id,
    warehouseId: row.warehouse_id,
    companyId: row.company_id,
    wsin: row.wsin,
    productName,
    location: row.location,
    quantity: row.quantity,
    blocked: row.blocked,
    scannedQuantity: row.scanned_quantity,
    updatedAt: row.updated_at,
  };
}

async function checkStockScope(tx: FloorTx, key: StockKey): Promise<void> {
  if (!companyAllowed(tx.scope, key.companyId) || !warehouseAllowed(tx.scope, key.warehouseId)) throw notFound(STOCK_NOT_FOUND);
  const linked = await tx.db
    .selectFrom('warehouse_companies')
    .select('company_id')
    .where('warehouse_id', '=', key.warehouseId)
    .where('company_id', '=', key.companyId)
    .executeTakeFirst();
  if (!linked) throw notFound(STOCK_NOT_FOUND);
}

/** The stock row, locked until commit on PostgreSQL; created at zero when `create` and the WSIN is the company's. */
export async function lockStock(tx: FloorTx, key: StockKey, opts: { create?: boolean } = {}): Promise<InventoryRow> {
  await checkStockScope(tx, key);
  const find = () => {
    let q = tx.db
      .selectFrom('inventory')
      .selectAll()
      .where('warehouse_id', '=', key.warehouseId)
      .where('company_id', '=', key.companyId)
      .where('wsin', '=', key.wsin);
    if (tx.dialect === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst() as Promise<InventoryRow | undefined>;
  };
  const found = await find();
  if (found) return found;
  if (!opts.create) throw notFound(STOCK_NOT_FOUND);
  const known = await tx.db.selectFrom('wsins').select('wsin').where('wsin', '=', key.wsin).where('company_id', '=', key.companyId).executeTakeFirst();
  const mapped =
    known ??
    (await tx.db
      .selectFrom('catalogue_wsins')
      .innerJoin('catalogue_items', 'catalogue_items.id', 'catalogue_wsins.catalogue_id')
      .select('catalogue_wsins.wsin')
      .where('catalogue_wsins.wsin', '=', key.wsin)
      .where('catalogue_items.company_id', '=', key.companyId)
      .executeTakeFirst());
  if (!mapped) throw notFound(`WSIN ${key.wsin} is not in the catalogue of this company`);
  await tx.db
    .insertInto('inventory')
    .values({
      id: uuidv7(), warehouse_id: key.warehouseId, company_id: key.companyId, wsin: key.wsin, location: null,
      quantity: 0, blocked: 0, scanned_quantity: 0, version: 0, updated_at: tx.now, sync_version: await tx.nextVersion(),
    })
    .onConflict((oc) => oc.columns(['warehouse_id', 'company_id', 'wsin']).doNothing())
    .execute();
  return (await find())!;
}

export interface StockChange {
  kind: TrailKind;
  /** Change of on-hand units. */
  delta: number;
  blockedDelta?: number;
  scannedQuantity?: number;
  accepted?: number;
  rejected?: number;
  remarks?: string | null;
}

/** Writes the change and its trail row; quantity_after is the on-hand stock (scanned stock for 'scanned'). */
export async function applyStockChange(tx: FloorTx, row: InventoryRow, change: StockChange): Promise<InventoryRow> {
  const quantity = row.quantity + change.delta;
  const blocked = Math.max(0, row.blocked + (change.blockedDelta ?? 0));
  const scanned = change.scannedQuantity ?? row.scanned_quantity;
  const stamp = await tx.nextVersion();
  await tx.db
    .updateTable('inventory')
    .set({ quantity, blocked, scanned_quantity: scanned, version: row.version + 1, updated_at: tx.now, sync_version: stamp })
    .where('id', '=', row.id)
    .execute();
  await tx.db
    .insertInto('inventory_trail')
    .values({
      id: uuidv7(),
      inventory_id: row.id,
      warehouse_id: row.warehouse_id,
      company_id: row.company_id,
      wsin: row.wsin,
      kind: change.kind,
      delta: change.kind === 'scanned' ? scanned - row.scanned_quantity : change.delta,
      accepted: change.accepted ?? 0,
      rejected: change.rejected ?? 0,
      quantity_after: change.kind === 'scanned' ? scanned : quantity,
      remarks: change.remarks ?? null,
      actor_id: tx.actor.id,
      actor_name: tx.actor.name,
      created_at: tx.now,
    })
    .execute();
  return { ...row, quantity, blocked, scanned_quantity: scanned, version: row.version + 1, updated_at: tx.now, sync_version: stamp };
}

export async function inbound(tx: FloorTx, args: StockKey & { accepted: number; rejected: number; remarks?: string }): Promise<void> {
  const row = await lockStock(tx, args, { create: true });
  await applyStockChange(tx, row, { kind: 'inbound', delta: args.accepted, accepted: args.accepted, rejected: args.rejected, remarks: args.remarks ?? null });
}

/** Refuses a change that would leave fewer than zero units (the server's rule wins over a device's view). */
export async function adjust(tx: FloorTx, args: StockKey & { delta: number; remarks: string }): Promise<void> {
  const row = await lockStock(tx, args);
  if (row.quantity + args.delta < 0) throw conflict(belowZeroReason(args.wsin, row.quantity, args.delta));
  await applyStockChange(tx, row, { kind: 'adjustment', delta: args.delta, remarks: args.remarks });
}

export const WMS_ONLY = 'Only warehouse users can update scanned stock';

export async function setScanned(tx: FloorTx, args: StockKey & { quantity: number }): Promise<void> {
  if (tx.actor.role !== 'warehouse') throw forbidden(WMS_ONLY);
  const row = await lockStock(tx, args);
  await applyStockChange(tx, row, { kind: 'scanned', delta: 0, scannedQuantity: args.quantity, remarks: 'Scanned stock updated' });
}

// ---------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------

export async function listInventory(db: FloorDb, scope: FloorScope, opts: { page: number; pageSize: number; search?: string }) {
  let q = scopedInventory(db, scope).leftJoin('wsins', (j) => j.onRef('wsins.wsin', '=', 'inventory.wsin').onRef('wsins.company_id', '=', 'inventory.company_id'));
  if (opts.search) {
    const text = opts.search.trim();
    q = q.where((eb) => eb.or([textMatches(eb.ref('inventory.wsin'), text), textMatches(eb.ref('wsins.product_name'), text)]));
  }
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('inventory')
    .select('wsins.product_name')
    .orderBy('inventory.wsin')
    .orderBy('inventory.company_id')
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize)
    .execute();
  return { currentCount: Number(total.n), inventory: rows.map((r) => inventoryDoc(r, r.product_name ?? null)) };
}

export async function findInventory(db: FloorDb, scope: FloorScope, inventoryId: string) {
  const row = await scopedInventory(db, scope).selectAll().where('inventory.id', '=', inventoryId).executeTakeFirst();
  if (!row) throw notFound(STOCK_NOT_FOUND);
  return row;
}

export interface TrailFilter {
  start?: string;
  end?: string;
  kinds?: string[];
  page?: number;
}

function trailQuery(db: FloorDb, key: StockKey, filter: TrailFilter) {
  const range = defaultTrailRange();
  let q = db
    .selectFrom('inventory_trail')
    .where('warehouse_id', '=', key.warehouseId)
    .where('company_id', '=', key.companyId)
    .where('wsin', '=', key.wsin)
    .where('created_at', '>=', trailBound(filter.start ?? range.start))
    .where('created_at', '<', trailBound(filter.end ?? range.end));
  if (filter.kinds?.length) q = q.where('kind', 'in', filter.kinds);
  return q;
}

export const INVENTORY_TRAIL_KINDS: TrailKind[] = ['inbound', 'adjustment', 'pack', 'return', 'block', 'unblock'];

/** One page (50) of a stock row's trail, newest first: part 1 §3 'Inventory trail'. */
export async function trailPage(db: FloorDb, key: StockKey, filter: TrailFilter) {
  const q = trailQuery(db, key, filter);
  const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const page = filter.page ?? 1;
  const trail = await q
    .select(['id', 'kind', 'delta', 'accepted', 'rejected', 'quantity_after', 'remarks', 'actor_name', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TRAIL_PAGE_SIZE)
    .offset((page - 1) * TRAIL_PAGE_SIZE)
    .execute();
  return {
    warehouseId: key.warehouseId,
    wsin: key.wsin,
    companyId: key.companyId,
    count: Number(count.n),
    page,
    pageSize: TRAIL_PAGE_SIZE,
    trail: trail.map((t) => ({
      id: t.id, kind: t.kind, delta: t.delta, accepted: t.accepted, rejected: t.rejected, quantityAfter: t.quantity_after,
      remarks: t.remarks, actorName: t.actor_name, createdAt: t.created_at,
    })),
  };
}

/** Every trail row of the filter, oldest first, in pages (for the CSV export). */
export async function* trailRows(db: FloorDb, key: StockKey, filter: TrailFilter) {
  let after: { created_at: string; id: string } | null = null;
  for (;;) {
    let q = trailQuery(db, key, filter).select(['id', 'kind', 'delta', 'accepted', 'rejected', 'quantity_after', 'remarks', 'actor_name', 'created_at']);
    if (after) {
      const a = after;
      q = q.where((eb) => eb.or([eb('created_at', '>', a.created_at), eb.and([eb('created_at', '=', a.created_at), eb('id', '>', a.id)])]));
    }
    const rows = await q.orderBy('created_at').orderBy('id').limit(1000).execute();
    if (rows.length === 0) return;
    yield* rows;
    after = rows[rows.length - 1];
  }
}

export { inventoryKey };
