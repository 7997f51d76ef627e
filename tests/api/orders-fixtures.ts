// Shared set-up for the orders API suites: orders put into the exact state a
// test needs (written straight to the table: the status-count triggers keep
// the counts right), and "nothing changed" snapshots.
import type { Kysely } from 'kysely';
import { DEMO_COMPANIES } from '../../db/seed';
import type { Database, OrderTable } from '../../db/schema';

type Db = Kysely<Database>;
type OrderSet = Partial<Omit<OrderTable, 'id' | 'company_id' | 'sync_version'>>;

export const company = (i: number) => DEMO_COMPANIES[i].id;

/** Gives out each seeded order once per test file, so tests do not step on each other. */
export function orderPicker(db: Db) {
  const used = new Set<string>();
  return async function orderIn(companyIndex: number, set: OrderSet = {}): Promise<string> {
    const rows = await db.selectFrom('orders').select('id').where('company_id', '=', company(companyIndex)).orderBy('id').execute();
    const free = rows.find((r) => !used.has(r.id));
    if (!free) throw new Error(`no unused order left for company ${companyIndex}`);
    used.add(free.id);
    if (Object.keys(set).length) await db.updateTable('orders').set(set).where('id', '=', free.id).execute();
    return free.id;
  };
}

/** What must stay the same when a request is refused. */
export async function snapshot(db: Db, orderId: string) {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const trails = await db.selectFrom('order_trails').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const items = await db.selectFrom('order_items').select(['id', 'quantity', 'return_quantity']).where('order_id', '=', orderId).orderBy('id').execute();
  return { order, trails: Number(trails.n), items };
}

export async function lastTrail(db: Db, orderId: string) {
  return db.selectFrom('order_trails').selectAll().where('order_id', '=', orderId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
}

/** order_status_counts must equal a GROUP BY over orders at all times. */
export async function countsMatchTable(db: Db) {
  const kept = await db.selectFrom('order_status_counts').select(['company_id', 'status', 'count']).where('count', '!=', 0).execute();
  const real = await db
    .selectFrom('orders')
    .select((eb) => ['company_id', 'status', eb.fn.countAll<number>().as('count')])
    .groupBy(['company_id', 'status'])
    .execute();
  const norm = (rows: { company_id: string; status: string; count: number | string | bigint }[]) =>
    rows.map((r) => `${r.company_id}|${r.status}|${Number(r.count)}`).sort();
  return { kept: norm(kept), real: norm(real) };
}

/**
 * The demo tea (SKU CP-0001) of a company priced at `pricePaise` with 1,000 free units at a warehouse, so a few
 * of them make a consignment above the e-way bill limit. Answers the item's id.
 */
export async function pricedTeaInStock(db: Db, companyId: string, warehouseId: string, pricePaise: number): Promise<string> {
  const item = await db.selectFrom('catalogue_items').select('id').where('company_id', '=', companyId).where('sku', '=', 'CP-0001').executeTakeFirstOrThrow();
  await db.updateTable('catalogue_items').set({ price_paise: pricePaise }).where('id', '=', item.id).execute();
  const wsin = (await db.selectFrom('catalogue_wsins').select('wsin').where('catalogue_id', '=', item.id).executeTakeFirstOrThrow()).wsin;
  const stock = await db.selectFrom('inventory').select('id').where('warehouse_id', '=', warehouseId).where('company_id', '=', companyId).where('wsin', '=', wsin).executeTakeFirst();
  if (stock) await db.updateTable('inventory').set({ quantity: 1000, blocked: 0 }).where('id', '=', stock.id).execute();
  else {
    await db.insertInto('inventory')
      .values({ id: `inv-${warehouseId}-${wsin}`, warehouse_id: warehouseId, company_id: companyId, wsin, location: 'A-1', quantity: 1000, blocked: 0, scanned_quantity: 0, version: 0, updated_at: new Date().toISOString() })
      .execute();
  }
  return item.id;
}
