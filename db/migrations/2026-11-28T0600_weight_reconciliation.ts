import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// Weight reconciliation: each weight a courier billed for an AWB (one per
// courier and AWB, so importing a file again adds nothing), compared with the
// chargeable weight recorded at packing; its status (within the seller's
// tolerance and accepted, open, accepted, disputed, unknown AWB, not weighed)
// and the day the dispute window closes. Per courier: the days a dispute may be
// raised after billing and the saved column mapping. Per company: the tolerance
// in grams within which a billed weight is accepted without asking.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('weight_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('courier', 'text', (c) => c.notNull())
    .addColumn('awb', 'text', (c) => c.notNull())
    .addColumn('billed_on', 'text', (c) => c.notNull())
    .addColumn('billed_weight_g', 'integer', (c) => c.notNull())
    .addColumn('charge_paise', 'bigint')
    .addColumn('order_id', 'text')
    .addColumn('company_id', 'text')
    .addColumn('packed_chargeable_g', 'integer')
    .addColumn('difference_g', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('dispute_by', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('weight_charges_key').unique().on('weight_charges').columns(['courier', 'awb']).execute();
  await db.schema.createIndex('weight_charges_company').on('weight_charges').columns(['company_id', 'status']).execute();
  await db.schema
    .createTable('weight_courier_settings')
    .addColumn('courier', 'text', (c) => c.primaryKey())
    .addColumn('dispute_days', 'integer', (c) => c.notNull())
    .addColumn('mapping', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('weight_tolerances')
    .addColumn('company_id', 'text', (c) => c.primaryKey())
    .addColumn('tolerance_g', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('weight_tolerances').execute();
  await db.schema.dropTable('weight_courier_settings').execute();
  await db.schema.dropTable('weight_charges').execute();
}
