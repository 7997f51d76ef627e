import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
// Salesmen of D2R orders, and lookups the catalogue, manual-order and retailer screens make.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('salesmen')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('salesmen_company_phone', ['company_id', 'phone'])
    .execute();
  // Order id uniqueness per company is checked on every manual order.
  await db.schema.createIndex('orders_company_shop_order').on('orders').columns(['company_id', 'shop_order_id']).execute();
  // Orders per retailer (retailer mapping count).
  await db.schema.createIndex('orders_store_address').on('orders').columns(['store_address_id']).execute();
  await db.schema.createIndex('store_addresses_company_phone').on('store_addresses').columns(['company_id', 'phone']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('store_addresses_company_phone').execute();
  await db.schema.dropIndex('orders_store_address').execute();
  await db.schema.dropIndex('orders_company_shop_order').execute();
  await db.schema.dropTable('salesmen').execute();
}
