// The place of business registered under each state's GSTIN (JSON {line1,line2,city,pincode}): a tax
// invoice prints the address of the GSTIN it shows.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('company_gstins').addColumn('address', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('company_gstins').dropColumn('address').execute();
}
