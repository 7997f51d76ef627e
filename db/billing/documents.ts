import type { Db } from '../connect';
import type { Company, Order, OrderItem, Warehouse } from '../schema';

/** Everything a label, invoice, manifest, pick list or voucher needs about one order. */
export type OrderForDocuments = {
  order: Order;
  items: OrderItem[];
  company: Company;
  warehouse: Warehouse | null;
  partnerName: string | null;
  /** Bin location per WSIN at the order's warehouse. */
  locations: Map<string, string>;
};

const CHUNK = 500;

function chunks<T>(xs: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

/**
 * The orders named by `ids` that lie inside `scope` (null = every company), in
 * the order they were asked for; ids of other tenants or unknown ids are left out.
 * A handful of batched queries whatever the number of orders.
 */
export async function loadOrdersForDocuments(db: Db, ids: readonly string[], scope: string[] | null): Promise<OrderForDocuments[]> {
  if (scope && scope.length === 0) return [];
  const orders: Order[] = [];
  for (const part of chunks([...new Set(ids)])) {
    let q = db.selectFrom('orders').selectAll().where('id', 'in', part);
    if (scope) q = q.where('company_id', 'in', scope);
    orders.push(...(await q.execute()));
  }
  if (!orders.length) return [];
  const items = new Map<string, OrderItem[]>();
  for (const part of chunks(orders.map((o) => o.id))) {
    for (const it of await db.selectFrom('order_items').selectAll().where('order_id', 'in', part).orderBy('id').execute()) {
      const list = items.get(it.order_id) ?? [];
      list.push(it);
      items.set(it.order_id, list);
    }
  }
  const companyIds = [...new Set(orders.map((o) => o.company_id))];
  const warehouseIds = [...new Set(orders.map((o) => o.warehouse_id).filter((x): x is string => !!x))];
  const partnerIds = [...new Set(orders.map((o) => o.delivery_partner_id).filter((x): x is string => !!x))];
  const [companies, warehouses, partners] = await Promise.all([
    db.selectFrom('companies').selectAll().where('id', 'in', companyIds).execute(),
    warehouseIds.length ? db.selectFrom('warehouses').selectAll().where('id', 'in', warehouseIds).execute() : [],
    partnerIds.length ? db.selectFrom('delivery_partners').select(['id', 'name']).where('id', 'in', partnerIds).execute() : [],
  ]);
  const wsins = new Set<string>();
  for (const list of items.values()) for (const it of list) for (const w of Object.keys(JSON.parse(it.wsin_mapping || '{}'))) wsins.add(w);
  const locations = new Map<string, string>();
  if (warehouseIds.length && wsins.size) {
    for (const part of chunks([...wsins])) {
      const rows = await db
        .selectFrom('inventory')
        .select(['warehouse_id', 'company_id', 'wsin', 'location'])
        .where('wsin', 'in', part)
        .where('warehouse_id', 'in', warehouseIds)
        .execute();
      for (const r of rows) if (r.location) locations.set(`${r.warehouse_id}|${r.company_id}|${r.wsin}`, r.location);
    }
  }
  const byId = new Map(orders.map((o) => [o.id, o]));
  const companyById = new Map(companies.map((c) => [c.id, c]));
  const warehouseById = new Map(warehouses.map((w) => [w.id, w]));
  const partnerById = new Map(partners.map((p) => [p.id, p.name]));
  const out: OrderForDocuments[] = [];
  for (const id of new Set(ids)) {
    const order = byId.get(id);
    if (!order) continue;
    const own = new Map<string, string>();
    const orderItems = items.get(order.id) ?? [];
    for (const it of orderItems) {
      for (const wsin of Object.keys(JSON.parse(it.wsin_mapping || '{}'))) {
        const loc = locations.get(`${order.warehouse_id}|${order.company_id}|${wsin}`);
        if (loc) own.set(wsin, loc);
      }
    }
    out.push({
      order,
      items: orderItems,
      company: companyById.get(order.company_id)!,
      warehouse: order.warehouse_id ? warehouseById.get(order.warehouse_id) ?? null : null,
      partnerName: order.delivery_partner_id ? partnerById.get(order.delivery_partner_id) ?? null : null,
      locations: own,
    });
  }
  return out;
}

/** How many of the orders named by `ids` lie inside `scope` (null = every company). */
export async function countOrdersInScope(db: Db, ids: readonly string[], scope: string[] | null): Promise<number> {
  let n = 0;
  for (const part of chunks(ids)) {
    let q = db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', part);
    if (scope) q = q.where('company_id', 'in', scope.length ? scope : ['']);
    n += Number((await q.executeTakeFirstOrThrow()).n);
  }
  return n;
}
