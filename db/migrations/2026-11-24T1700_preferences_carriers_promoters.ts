import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
// Seller preferences, courier rate cards and zone (coverage) tables,
// courier bookings, high-margin D2R approvals, promoters with their retailers,
// and the admin audit log.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('seller_preferences')
    .addColumn('company_id', 'text', (c) => c.primaryKey().references('companies.id'))
    .addColumn('print_item_label', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hide_customer_phone_on_label', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('courier_provider_1', 'text')
    .addColumn('courier_provider_2', 'text')
    .addColumn('max_weight_white_label_g', 'integer')
    .addColumn('return_to_other_warehouse', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // One row per courier and zone: the price of the first slab, of each further slab, COD charges and limits.
  await db.schema
    .createTable('carrier_rate_cards')
    .addColumn('partner_code', 'text', (c) => c.notNull())
    .addColumn('zone', 'text', (c) => c.notNull())
    .addColumn('base_weight_g', 'integer', (c) => c.notNull())
    .addColumn('base_paise', 'integer', (c) => c.notNull())
    .addColumn('extra_weight_g', 'integer', (c) => c.notNull())
    .addColumn('extra_paise', 'integer', (c) => c.notNull())
    .addColumn('cod_fee_paise', 'integer', (c) => c.notNull())
    .addColumn('cod_bp', 'integer', (c) => c.notNull())
    .addColumn('max_weight_g', 'integer', (c) => c.notNull())
    .addColumn('cod_limit_paise', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('carrier_rate_cards_pk', ['partner_code', 'zone'])
    .execute();

  // A courier's zone table: the pincode regions (first two digits) it serves, and whether with COD.
  await db.schema
    .createTable('carrier_zones')
    .addColumn('partner_code', 'text', (c) => c.notNull())
    .addColumn('pin_prefix', 'text', (c) => c.notNull())
    .addColumn('cod', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('carrier_zones_pk', ['partner_code', 'pin_prefix'])
    .execute();

  await db.schema
    .createTable('carrier_bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('partner_code', 'text', (c) => c.notNull())
    .addColumn('partner_name', 'text', (c) => c.notNull())
    .addColumn('awb', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rate_paise', 'integer')
    .addColumn('zone', 'text')
    .addColumn('edd', 'text')
    .addColumn('reason', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('carrier_bookings_order').on('carrier_bookings').columns(['order_id', 'created_at']).execute();

  await db.schema
    .createTable('d2r_approvals')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('margin_percent', 'real', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('promoters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('hms_user_reference_id', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('promoter_retailers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('promoter_id', 'text', (c) => c.notNull().references('promoters.id'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('gstin', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('promoter_retailers_promoter').on('promoter_retailers').columns(['promoter_id']).execute();
  await db.schema.createIndex('promoter_retailers_phone').on('promoter_retailers').columns(['phone']).execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('outcome', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_company_at').on('audit_log').columns(['company_id', 'at']).execute();
  await db.schema.createIndex('audit_log_actor_at').on('audit_log').columns(['actor_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['audit_log', 'promoter_retailers', 'promoters', 'd2r_approvals', 'carrier_bookings', 'carrier_zones', 'carrier_rate_cards', 'seller_preferences']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
