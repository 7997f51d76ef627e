import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
// Bulk uploads (spec part 2 §2, §7): the ledger that makes a resubmitted file
// harmless, beats of D2R retailers, per-store D2R discounts, shipping-charge
// adjustments per order (who and when), and the extra fields of retailers
// brought in from other systems.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bulk_ledger')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('row_key', 'text', (c) => c.notNull())
    .addColumn('ref', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bulk_ledger_pk', ['kind', 'company_id', 'row_key'])
    .execute();

  await db.schema
    .createTable('beats')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('salesman_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('beats_company_name', ['company_id', 'name'])
    .execute();
  await db.schema
    .createTable('beat_stores')
    .addColumn('beat_id', 'text', (c) => c.notNull().references('beats.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('store_addresses.id'))
    .addPrimaryKeyConstraint('beat_stores_pk', ['beat_id', 'store_id'])
    .execute();

  await db.schema
    .createTable('d2r_store_prices')
    .addColumn('store_id', 'text', (c) => c.notNull().references('store_addresses.id'))
    .addColumn('catalogue_id', 'text', (c) => c.notNull().references('catalogue_items.id'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('discount', 'real', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('d2r_store_prices_pk', ['store_id', 'catalogue_id'])
    .execute();

  await db.schema
    .createTable('shipping_charge_adjustments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('awb', 'text', (c) => c.notNull())
    .addColumn('is_dto', 'integer', (c) => c.notNull())
    .addColumn('previous_paise', 'bigint')
    .addColumn('shipping_paise', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shipping_adjustments_order').on('shipping_charge_adjustments').columns(['order_id', 'is_dto', 'created_at']).execute();

  await db.schema
    .createTable('retailer_profiles')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('store_addresses.id'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('class', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('cluster', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('retailer_profiles_external', ['company_id', 'external_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['retailer_profiles', 'shipping_charge_adjustments', 'd2r_store_prices', 'beat_stores', 'beats', 'bulk_ledger']) {
    await db.schema.dropTable(t).execute();
  }
}
