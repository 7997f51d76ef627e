import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
// India Post pincode directory, one row per pincode (filled by db/pincodes/load.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pincodes')
    .addColumn('pincode', 'text', (c) => c.primaryKey())
    .addColumn('district', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('is_metro', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_special', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('pincodes_state_district_idx').on('pincodes').columns(['state', 'district']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pincodes').ifExists().execute();
}
