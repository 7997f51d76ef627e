import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
// Billing: the seller's invoicing profile, its invoice series per warehouse,
// issued invoices (one per order) and the payments received against them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoicing_profiles')
    .addColumn('company_id', 'text', (c) => c.primaryKey().references('companies.id'))
    .addColumn('registered_name', 'text', (c) => c.notNull())
    .addColumn('brand_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull()) // JSON {line1,line2,city,state,pincode}
    .addColumn('logo_key', 'text', (c) => c.notNull())
    .addColumn('signature_key', 'text', (c) => c.notNull())
    .addColumn('sgst', 'real', (c) => c.notNull())
    .addColumn('cgst', 'real', (c) => c.notNull())
    .addColumn('igst', 'real', (c) => c.notNull())
    .addColumn('utgst', 'real', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // A seller's invoice numbers are theirs (one series per GSTIN), so each
  // company has its own B2C and B2B counters at each warehouse it ships from.
  // The counters are the last number issued; issuing bumps them in the same
  // transaction that stores the number on the order.
  await db.schema
    .createTable('invoice_series')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('warehouse_id', 'text', (c) => c.notNull().references('warehouses.id'))
    .addColumn('b2c_prefix', 'text', (c) => c.notNull())
    .addColumn('b2b_prefix', 'text', (c) => c.notNull())
    .addColumn('b2c_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('b2b_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_series_pk', ['company_id', 'warehouse_id'])
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('warehouse_id', 'text')
    .addColumn('invoice_number', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // B2C | B2B
    .addColumn('series_index', 'integer', (c) => c.notNull())
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_gstin', 'text')
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addColumn('paid_paise', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('invoices_company_number', ['company_id', 'invoice_number'])
    .execute();
  await db.schema.createIndex('invoices_company_issued').on('invoices').columns(['company_id', 'issued_at', 'id']).execute();

  await db.schema
    .createTable('invoice_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull()) // cash | upi | neft | cheque
    .addColumn('reference', 'text')
    .addColumn('paid_on', 'text', (c) => c.notNull()) // YYYY-MM-DD
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_payments_invoice').on('invoice_payments').columns(['invoice_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['invoice_payments', 'invoices', 'invoice_series', 'invoicing_profiles']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
