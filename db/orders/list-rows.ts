// The order list's row: the orders columns it reads (and their SQL), the rows
// of given ids in order, and the listed orders' items.
import type SQLite from 'better-sqlite3';
import { sql, type Selectable } from 'kysely';
import type { Database, Order } from '../schema';
import { compiledShape, readRows, readSql, type Reader } from '../prepared';
import type { Tx } from './status';
import '../tables/orders';

export const LIST_COLUMNS = [
  'id', 'company_id', 'warehouse_id', 'shop_order_id', 'external_order_id', 'status', 'shop_type', 'order_type', 'payment_mode',
  'total_paise', 'tracking_number', 'shipper', 'customer_name', 'customer_phone', 'shipping_city', 'shipping_state',
  'shipping_pincode', 'remittance_status', 'created_at', 'updated_at',
  'eway_bill',
] as const;

/** A row of the list: the orders table's LIST_COLUMNS. */
export type OrderListRow = Pick<Order, (typeof LIST_COLUMNS)[number]>;

export const ROW_COLUMNS = sql.join(LIST_COLUMNS.map((c) => sql.ref(c)));
export const JOINED_ROW_COLUMNS = sql.join(LIST_COLUMNS.map((c) => sql`${sql.ref(`o.${c}`)} AS ${sql.ref(c)}`));

/** The listed columns of these orders, in the order of `keys` (ids no longer there are left out). */
export async function rowsByIds(r: Reader, keys: readonly string[]): Promise<OrderListRow[]> {
  if (!keys.length) return [];
  const found = (await readRows(r, (r.db as Tx).selectFrom('orders').select([...LIST_COLUMNS]).where('id', 'in', [...keys]))) as unknown as OrderListRow[];
  const byId = new Map(found.map((x) => [x.id, x]));
  return keys.map((k) => byId.get(k)).filter((x): x is OrderListRow => !!x);
}

/** Items of the listed orders, grouped by order id. */
export async function itemsOfOrders(db: Tx, orderIds: readonly string[], opts: { sqlite?: SQLite.Database } = {}) {
  const by = new Map<string, { id: string; title: string; sku: string; quantity: number; catalogueId: string | null }[]>();
  if (!orderIds.length) return by;
  // Compiled once per page size (the number of ids), then a cached statement.
  const shape = compiledShape(db, `orders.list.items:${orderIds.length}`, (arg) =>
    db.selectFrom('order_items').select(['id', 'order_id', 'title', 'sku', 'quantity', 'catalogue_id']).where('order_id', 'in', orderIds.map((_, i) => arg(i))),
  );
  const rows = await readSql<Pick<Selectable<Database['order_items']>, 'id' | 'order_id' | 'title' | 'sku' | 'quantity' | 'catalogue_id'>>(
    { db, sqlite: opts.sqlite }, shape.sql, shape.bind(orderIds),
  );
  for (const r of rows) {
    const list = by.get(r.order_id) ?? [];
    list.push({ id: r.id, title: r.title, sku: r.sku, quantity: r.quantity, catalogueId: r.catalogue_id });
    by.set(r.order_id, list);
  }
  return by;
}
