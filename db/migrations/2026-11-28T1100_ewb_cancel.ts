import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// An e-way bill cancelled within 24 hours: the number it had, when and why it
// was cancelled, kept on the invoice's registration (ewb_no is cleared, so a
// new e-way bill may be generated).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('einvoices').addColumn('ewb_cancelled_no', 'text').execute();
  await db.schema.alterTable('einvoices').addColumn('ewb_cancelled_at', 'text').execute();
  await db.schema.alterTable('einvoices').addColumn('ewb_cancel_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('einvoices').dropColumn('ewb_cancel_reason').execute();
  await db.schema.alterTable('einvoices').dropColumn('ewb_cancelled_at').execute();
  await db.schema.alterTable('einvoices').dropColumn('ewb_cancelled_no').execute();
}
