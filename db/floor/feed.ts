// What a floor device keeps offline, as patch ops: orders to pack and
// returns to approve (with items, WSIN mappings and packing progress), the
// warehouse's stock rows and the catalogue's WSIN mappings, of the companies
// in scope. Rows are found by `sync_version`, stamped from the sync counter.
import { FLOOR_STATUSES, FLOOR_TABLES, inventoryKey, RETURN_APPROVABLE_STATUSES, type CatalogueDoc } from '../../domain/floor';
import { chunks, type FloorDb } from './context';
import { inventoryDoc } from './inventory';
import { buildOrderDocs, selectFloorOrders } from './orders';
import { returnAnywhereCompanies } from './returns';

/** Structurally a sync VersionedOp (db/ does not import sync/). */
export type FeedOp = { op: 'put'; table: string; key: string; value: unknown; version: number } | { op: 'del'; table: string; key: string; version: number };

export interface FeedOptions {
  /** A warehouse user's warehouse; null for sellers (every warehouse of their company). */
  warehouseId: string | null;
  /** The device pulling: unpacked orders show its own scans. */
  clientId: string;
}

export function floorFeed({ warehouseId, clientId }: FeedOptions) {
  return async (db: FloorDb, cookie: number | null, scope: { companyIds: string[] }): Promise<FeedOp[]> => {
    const companies = scope.companyIds;
    if (companies.length === 0) return [];
    return [...(await orderOps(db, cookie, companies, warehouseId, clientId)), ...(await stockOps(db, cookie, companies, warehouseId)), ...(await catalogueOps(db, cookie, companies))];
  };
}

async function orderOps(db: FloorDb, cookie: number | null, companies: string[], warehouseId: string | null, clientId: string): Promise<FeedOp[]> {
  let q = selectFloorOrders(db).where('orders.company_id', 'in', companies);
  // Companies whose returns may come back to any of their warehouses: a warehouse
  // device also keeps their returns awaiting approval at other warehouses.
  const anywhere = warehouseId ? [...(await returnAnywhereCompanies(db, companies))] : [];
  const returnable = RETURN_APPROVABLE_STATUSES as readonly string[];
  // A first pull takes only what is in scope; later pulls also see orders that
  // left it (cancelled, shipped, processed, moved to another warehouse) and drop them.
  if (cookie === null) {
    q = q.where('orders.status', 'in', [...FLOOR_STATUSES]);
    if (warehouseId) {
      const at = warehouseId;
      q = anywhere.length
        ? q.where((eb) => eb.or([eb('orders.warehouse_id', '=', at), eb.and([eb('orders.company_id', 'in', anywhere), eb('orders.status', 'in', [...returnable])])]))
        : q.where('orders.warehouse_id', '=', at);
    }
  } else {
    q = q.where('orders.sync_version', '>', cookie);
  }
  const rows = await q.orderBy('orders.sync_version').execute();
  const here = (o: { company_id: string; warehouse_id: string | null; status: string }) =>
    !warehouseId || o.warehouse_id === warehouseId || (anywhere.includes(o.company_id) && returnable.includes(o.status));
  const inScope = rows.filter((o) => FLOOR_STATUSES.includes(o.status) && here(o));
  const kept = new Set(inScope);
  const ops: FeedOp[] = rows
    .filter((o) => !kept.has(o))
    .map((o) => ({ op: 'del', table: FLOOR_TABLES.orders, key: o.id, version: Number(o.sync_version) }));
  for (const part of chunks(inScope, 2000)) {
    const docs = await buildOrderDocs(db, part, clientId);
    docs.forEach((doc, i) => ops.push({ op: 'put', table: FLOOR_TABLES.orders, key: doc.id, value: doc, version: Number(part[i].sync_version) }));
  }
  return ops;
}

async function stockOps(db: FloorDb, cookie: number | null, companies: string[], warehouseId: string | null): Promise<FeedOp[]> {
  let q = db
    .selectFrom('inventory')
    .leftJoin('wsins', (j) => j.onRef('wsins.wsin', '=', 'inventory.wsin').onRef('wsins.company_id', '=', 'inventory.company_id'))
    .selectAll('inventory')
    .select('wsins.product_name')
    .where('inventory.company_id', 'in', companies);
  if (warehouseId) q = q.where('inventory.warehouse_id', '=', warehouseId);
  if (cookie !== null) q = q.where('inventory.sync_version', '>', cookie);
  const rows = await q.execute();
  return rows.map((r) => {
    const doc = inventoryDoc(r, r.product_name ?? null);
    return { op: 'put', table: FLOOR_TABLES.inventory, key: inventoryKey(doc), value: doc, version: Number(r.sync_version) };
  });
}

async function catalogueOps(db: FloorDb, cookie: number | null, companies: string[]): Promise<FeedOp[]> {
  let q = db
    .selectFrom('catalogue_items')
    .select(['id', 'company_id', 'product_title', 'sku', 'sync_version'])
    .where('company_id', 'in', companies);
  if (cookie !== null) q = q.where('sync_version', '>', cookie);
  const items = await q.execute();
  const mappings = new Map<string, Record<string, number>>();
  for (const part of chunks(items.map((i) => i.id))) {
    for (const m of await db.selectFrom('catalogue_wsins').select(['catalogue_id', 'wsin', 'multiplier']).where('catalogue_id', 'in', part).execute()) {
      mappings.set(m.catalogue_id, { ...mappings.get(m.catalogue_id), [m.wsin]: m.multiplier });
    }
  }
  return items.map((i) => {
    const doc: CatalogueDoc = { id: i.id, companyId: i.company_id, productTitle: i.product_title, sku: i.sku, wsinMapping: mappings.get(i.id) ?? {} };
    return { op: 'put', table: FLOOR_TABLES.catalogue, key: i.id, value: doc, version: Number(i.sync_version) };
  });
}

