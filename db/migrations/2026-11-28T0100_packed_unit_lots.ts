// The lot, expiry and serial a GS1 scan read from a unit packed into an order
// (one row per unit scanned with them), so a recall of a lot finds its parcels.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('packed_unit_lots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('wsin', 'text', (c) => c.notNull())
    .addColumn('gtin', 'text', (c) => c.notNull())
    .addColumn('lot', 'text')
    .addColumn('expiry', 'text')
    .addColumn('serial', 'text')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('packed_unit_lots_order').on('packed_unit_lots').columns(['order_id']).execute();
  await db.schema.createIndex('packed_unit_lots_lot').on('packed_unit_lots').columns(['company_id', 'gtin', 'lot']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('packed_unit_lots').execute();
}
