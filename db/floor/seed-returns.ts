// Demo rows of processed returns: the seeder moves orders to RTO_PROCESSED and
// DTO_PROCESSED through their timeline only, so without these the read-only
// RTO/DTO details of those orders would be empty.
import { returnLines, type ReturnType } from '../../domain/floor';
import type { DbHandle } from '../connect';
import { chunks } from './context';
import { buildOrderDocs, selectFloorOrders } from './orders';

/** Adds return rows to every processed return that has none (idempotent). Returns how many orders got rows. */
export async function seedReturnRows(h: DbHandle): Promise<number> {
  const db = h.db;
  const orders = await selectFloorOrders(db).where('orders.status', 'in', ['RTO_PROCESSED', 'DTO_PROCESSED']).orderBy('orders.id').execute();
  const done = new Set((await db.selectFrom('return_items').select('order_id').distinct().execute()).map((r) => r.order_id));
  const todo = orders.filter((o) => !done.has(o.id));
  let n = 0;
  for (const part of chunks(todo, 200)) {
    const docs = await buildOrderDocs(db, part, null);
    const rows = docs.flatMap((doc, i) => {
      const type: ReturnType = doc.status === 'DTO_PROCESSED' ? 'DTO' : 'RTO';
      const processedAt = part[i].created_at;
      return returnLines(doc.items, type).map((line, j) => {
        // Every third return came back with one unit damaged, every fifth with one missing.
        const damaged = (i + j) % 3 === 0 && line.max > 0 ? 1 : 0;
        const missing = (i + j) % 5 === 0 && line.max - damaged > 0 ? 1 : 0;
        return {
          id: `${doc.id.slice(0, 24)}${String(j).padStart(12, '0')}`, order_id: doc.id, company_id: doc.companyId, return_type: type, wsin: line.wsin, sku: line.sku,
          product_title: line.productTitle, expected_quantity: line.max, missing_quantity: missing, damage_quantity: damaged, image_key: null,
          actor_id: null, actor_name: 'Demo warehouse', created_at: processedAt,
        };
      });
    });
    for (const batch of chunks(rows, 200)) await db.insertInto('return_items').values(batch).execute();
    n += docs.length;
  }
  return n;
}
