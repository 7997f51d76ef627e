import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// Every e-way bill an invoice gets through ShipDesk: by its IRN (the IRP) or by the e-way bill system's own
// Generate (an invoice without an IRN), its Part B (vehicle or transport document), its validity, its
// cancellation and the consolidated e-way bill it travels in. The e-way bills made by IRN before this
// table existed are copied from einvoices.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('eway_bills')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('invoice_id', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('connection_id', 'text')
    .addColumn('gstin', 'text', (c) => c.notNull())
    .addColumn('ewb_no', 'text', (c) => c.notNull())
    .addColumn('ewb_at', 'text', (c) => c.notNull())
    .addColumn('valid_till', 'text')
    .addColumn('distance_km', 'integer')
    .addColumn('trans_mode', 'text')
    .addColumn('transporter_id', 'text')
    .addColumn('vehicle_no', 'text')
    .addColumn('trans_doc_no', 'text')
    .addColumn('trans_doc_date', 'text')
    .addColumn('part_b_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('consolidated_no', 'text')
    .addColumn('demo', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('eway_bills_invoice').on('eway_bills').columns(['invoice_id', 'status']).execute();
  await db.schema.createIndex('eway_bills_company').on('eway_bills').columns(['company_id', 'ewb_at']).execute();
  await db.schema.createIndex('eway_bills_number').on('eway_bills').column('ewb_no').unique().execute();

  const made = await db.selectFrom('einvoices').select(['invoice_id', 'company_id', 'seller_gstin', 'ewb_no', 'ewb_at', 'ewb_valid_till', 'demo', 'updated_at'])
    .where('ewb_no', 'is not', null).execute();
  for (const e of made) {
    await db.insertInto('eway_bills').values({
      id: `irn-${e.invoice_id}`, company_id: e.company_id, invoice_id: e.invoice_id, source: 'irn', connection_id: null, gstin: e.seller_gstin ?? '',
      ewb_no: e.ewb_no, ewb_at: e.ewb_at ?? e.updated_at, valid_till: e.ewb_valid_till, distance_km: null, trans_mode: null, transporter_id: null,
      vehicle_no: null, trans_doc_no: null, trans_doc_date: null, part_b_at: null, status: 'active', cancelled_at: null, cancel_reason: null,
      consolidated_no: null, demo: e.demo, created_at: e.updated_at, updated_at: e.updated_at,
    }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('eway_bills').execute();
}
