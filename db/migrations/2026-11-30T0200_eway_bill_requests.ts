import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// A Generate e-way bill (the e-way bill system's own, for an invoice without an IRN) is recorded here before it
// is sent, one row per invoice, and removed once its e-way bill is stored. A row left behind says the system may
// have made an e-way bill whose answer never arrived (a timeout, a dropped connection, or a 604 the lookup could
// not settle): the next Generate for the invoice looks the document up first, so nothing is generated twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('eway_bill_requests')
    .addColumn('invoice_id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('gstin', 'text', (c) => c.notNull())
    .addColumn('doc_type', 'text', (c) => c.notNull())
    .addColumn('doc_no', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('eway_bill_requests_company').on('eway_bill_requests').columns(['company_id', 'updated_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('eway_bill_requests').execute();
}
