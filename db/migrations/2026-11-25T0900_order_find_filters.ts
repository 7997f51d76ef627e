import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
// Finding orders: the list's courier, warehouse, delivery pincode
// and SKU filters. Each is an equality under the company, followed by the
// creation order, so a filtered list walks its matches newest first without a
// sort; the SKU filter finds its orders through their items.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_co_shipper_created').on('orders').columns(['company_id', 'shipper', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_co_wh_created').on('orders').columns(['company_id', 'warehouse_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_co_pincode_created').on('orders').columns(['company_id', 'shipping_pincode', 'created_at', 'id']).execute();
  await db.schema.createIndex('order_items_sku_order').on('order_items').columns(['sku', 'order_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const ix of ['order_items_sku_order', 'orders_co_pincode_created', 'orders_co_wh_created', 'orders_co_shipper_created']) {
    await db.schema.dropIndex(ix).ifExists().execute();
  }
}
