import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// GST e-invoicing: per company whether B2B invoices are registered with the IRP
// and its turnover band; per invoice its registration (the INV-01 JSON sent,
// the IRN computed here, what the IRP answered: Ack No and date, the signed
// invoice and signed QR code, kept for good), its cancellation and its e-way bill.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gst_settings')
    .addColumn('company_id', 'text', (c) => c.primaryKey())
    .addColumn('einvoicing', 'integer', (c) => c.notNull())
    .addColumn('turnover_band', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('einvoices')
    .addColumn('invoice_id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('connection_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('seller_gstin', 'text')
    .addColumn('doc_no', 'text', (c) => c.notNull())
    .addColumn('doc_date', 'text', (c) => c.notNull())
    .addColumn('irn', 'text')
    .addColumn('payload', 'text')
    .addColumn('ack_no', 'text')
    .addColumn('ack_at', 'text')
    .addColumn('signed_invoice', 'text')
    .addColumn('signed_qr_code', 'text')
    .addColumn('demo', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('cancel_remark', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('ewb_no', 'text')
    .addColumn('ewb_at', 'text')
    .addColumn('ewb_valid_till', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('einvoices_company_status').on('einvoices').columns(['company_id', 'status']).execute();
  await db.schema.createIndex('einvoices_irn').unique().on('einvoices').column('irn').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('einvoices').execute();
  await db.schema.dropTable('gst_settings').execute();
}
