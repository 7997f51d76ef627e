import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
// Manual-order payload fields kept as columns (beat, the seller's own
// shipping label and invoice links), and a company's GSTIN per state it ships from.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('beat_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('shipping_label_url', 'text').execute();
  await db.schema.alterTable('orders').addColumn('invoice_url', 'text').execute();
  await db.schema.createIndex('orders_company_beat').on('orders').columns(['company_id', 'beat_id']).execute();

  await db.schema
    .createTable('company_gstins')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('state_code', 'text', (c) => c.notNull())
    .addColumn('gstin', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('company_gstins_pk', ['company_id', 'state_code'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('company_gstins').ifExists().execute();
  await db.schema.dropIndex('orders_company_beat').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('invoice_url').execute();
  await db.schema.alterTable('orders').dropColumn('shipping_label_url').execute();
  await db.schema.alterTable('orders').dropColumn('beat_id').execute();
}
