import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// channel_orders: which order here a store's order became. One row per
// (connection, store order id), unique, claimed before the order is made, so a
// replayed webhook or a poll after a webhook never makes a second order.
// store_updated_at orders the store's updates (an older one is ignored);
// flag holds a change the store made after the order was ready to ship.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('channel_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('connection_id', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('store_order_id', 'text', (c) => c.notNull())
    .addColumn('store_order_name', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('store_updated_at', 'text', (c) => c.notNull())
    .addColumn('flag', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('channel_orders_store_order').on('channel_orders').columns(['connection_id', 'store_order_id']).unique().execute();
  await db.schema.createIndex('channel_orders_order').on('channel_orders').columns(['order_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('channel_orders').execute();
}
