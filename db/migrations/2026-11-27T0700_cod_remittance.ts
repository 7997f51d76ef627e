import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// COD remittance: each row of a courier's remittance file (one per courier, AWB
// and UTR, so importing a file again adds nothing), how it matched its order,
// the bank credit that paid it and when finance settled it; per courier, the
// saved column mapping and the days after delivery before an unremitted COD
// order is flagged.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cod_remittances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('courier', 'text', (c) => c.notNull())
    .addColumn('awb', 'text', (c) => c.notNull())
    .addColumn('utr', 'text', (c) => c.notNull())
    .addColumn('remitted_on', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('company_id', 'text')
    .addColumn('expected_paise', 'bigint')
    .addColumn('flag', 'text', (c) => c.notNull())
    .addColumn('bank_matched_at', 'text')
    .addColumn('settled_at', 'text')
    .addColumn('settled_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cod_remittances_key').unique().on('cod_remittances').columns(['awb', 'courier', 'utr']).execute();
  await db.schema.createIndex('cod_remittances_order').on('cod_remittances').column('order_id').execute();
  await db.schema.createIndex('cod_remittances_utr').on('cod_remittances').column('utr').execute();
  await db.schema
    .createTable('cod_remittance_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('courier', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('added', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('cod_courier_settings')
    .addColumn('courier', 'text', (c) => c.primaryKey())
    .addColumn('not_remitted_days', 'integer', (c) => c.notNull())
    .addColumn('mapping', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cod_courier_settings').execute();
  await db.schema.dropTable('cod_remittance_imports').execute();
  await db.schema.dropTable('cod_remittances').execute();
}
