// What a floor device keeps offline, as patch ops: orders to pack and
// returns to approve (with items, WSIN mappings and packing progress), the
// warehouse's stock rows and the catalogue's WSIN mappings, of the companies
// in scope. Rows are found by `sync_version`, stamped from the sync counter.
import { FLOOR_STATUSES, FLOOR_TABLES, inventoryKey, RETURN_APPROVABLE_STATUSES, type CatalogueDoc } from '../../domain/floor';
import { sql } from 'kysely';
import { chunks, type FloorDb } from './context';
import { inventoryDoc } from './inventory';
import { buildOrderDocs, selectFloorOrders } from './orders';
import { returnAnywhereCompanies } from './returns';

/**
 * Structurally a sync VersionedOp (db/ does not import sync/). A put carries
 * its value, or (`json`) the value already serialized, built by SQLite.
 */
export type FeedOp =
  | { op: 'put'; table: string; key: string; value: unknown; version: number }
  | { op: 'put'; table: string; key: string; json: string; version: number }
  | { op: 'del'; table: string; key: string; version: number };

export interface FeedOptions {
  /** A warehouse user's warehouse; null for sellers (every warehouse of their company). */
  warehouseId: string | null;
  /** The device pulling: unpacked orders show its own scans. */
  clientId: string;
  /** 'sqlite': order documents are built as JSON text by SQLite (see orderDocSql). Default: built in JS. */
  dialect?: 'sqlite' | 'postgres';
}

export function floorFeed({ warehouseId, clientId, dialect }: FeedOptions) {
  return async (db: FloorDb, cookie: number | null, scope: { companyIds: string[] }): Promise<FeedOp[]> => {
    const companies = scope.companyIds;
    if (companies.length === 0) return [];
    return [
      ...(await orderOps(db, cookie, companies, warehouseId, clientId, dialect === 'sqlite')),
      ...(await stockOps(db, cookie, companies, warehouseId)),
      ...(await catalogueOps(db, cookie, companies)),
    ];
  };
}

/** JSON text of a JSON column as parseJson(text, {}) reads it: the column's JSON, or {} when it is empty or not JSON. */
const jsonOrEmpty = (column: string) => sql.raw(`CASE WHEN json_valid(${column}) THEN json(${column}) ELSE json('{}') END`);

/**
 * The FloorOrderDoc of each row of `orders` as JSON text, built by SQLite
 * (a first pull carries thousands: no row objects, no JSON.stringify). The
 * same document buildOrderDocs gives, field for field; the query must join
 * companies, packing_metadata and this device's packing_scans (see orderOps).
 */
const orderDocSql = sql<string>`json_object(
  'id', orders.id, 'companyId', orders.company_id, 'warehouseId', orders.warehouse_id, 'shopOrderId', orders.shop_order_id,
  'awb', orders.tracking_number, 'returnAwb', orders.return_awb, 'status', orders.status, 'paymentMode', orders.payment_mode,
  'customerName', orders.customer_name, 'city', orders.shipping_city, 'pincode', orders.shipping_pincode, 'createdAt', orders.created_at,
  'approveRtsReturns', json(CASE WHEN companies.approve_rts_returns = 1 THEN 'true' ELSE 'false' END),
  'items', (SELECT json_group_array(json_object(
      'id', oi.id, 'title', oi.title, 'sku', oi.sku, 'quantity', oi.quantity, 'returnQuantity', oi.return_quantity,
      'wsinMapping', ${jsonOrEmpty('oi.wsin_mapping')},
      'barCode', (SELECT ci.bar_code FROM catalogue_items ci WHERE ci.id = oi.catalogue_id)) ORDER BY oi.id)
    FROM order_items oi WHERE oi.order_id = orders.id),
  'packing', CASE WHEN packing_metadata.status = 'PACKED'
    THEN json_object('status', 'PACKED', 'scanned', ${jsonOrEmpty('packing_metadata.scanned')}, 'packedAt', packing_metadata.packed_at, 'packedBy', packing_metadata.packed_by_name)
    ELSE json_object('status', 'NOT_PACKED', 'scanned', ${jsonOrEmpty('packing_scans.scanned')}, 'packedAt', NULL, 'packedBy', NULL) END
)`;

async function orderOps(db: FloorDb, cookie: number | null, companies: string[], warehouseId: string | null, clientId: string, sqliteDocs: boolean): Promise<FeedOp[]> {
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
  const here = (o: { company_id: string; warehouse_id: string | null; status: string }) =>
    FLOOR_STATUSES.includes(o.status) && (!warehouseId || o.warehouse_id === warehouseId || (anywhere.includes(o.company_id) && returnable.includes(o.status)));
  if (sqliteDocs) {
    const rows = await q
      .leftJoin('companies', 'companies.id', 'orders.company_id')
      .leftJoin('packing_metadata', 'packing_metadata.order_id', 'orders.id')
      .leftJoin('packing_scans', (j) => j.onRef('packing_scans.order_id', '=', 'orders.id').on('packing_scans.client_id', '=', clientId))
      .select(orderDocSql.as('doc'))
      .orderBy('orders.sync_version')
      .execute();
    return rows.map((o): FeedOp => {
      const version = Number(o.sync_version);
      return here(o) ? { op: 'put', table: FLOOR_TABLES.orders, key: o.id, json: o.doc, version } : { op: 'del', table: FLOOR_TABLES.orders, key: o.id, version };
    });
  }
  const rows = await q.orderBy('orders.sync_version').execute();
  const inScope = rows.filter(here);
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
    .select(['id', 'company_id', 'product_title', 'sku', 'bar_code', 'sync_version'])
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
    const doc: CatalogueDoc = { id: i.id, companyId: i.company_id, productTitle: i.product_title, sku: i.sku, wsinMapping: mappings.get(i.id) ?? {}, barCode: i.bar_code };
    return { op: 'put', table: FLOOR_TABLES.catalogue, key: i.id, value: doc, version: Number(i.sync_version) };
  });
}

