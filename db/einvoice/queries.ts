// GST e-invoicing rows: a company's settings, each invoice's registration with the IRP.
import type SQLite from 'better-sqlite3';
import type { Updateable } from 'kysely';
import type { Db } from '../connect';
import { compiledShape, readSql } from '../prepared';
import type { EinvoiceTable } from '../tables/einvoices';
import '../tables/einvoices';
import '../tables/eway-bills';
import '../tables/billing';
import '../tables/integrations';

export const findGstSettings = (db: Db, companyId: string) =>
  db.selectFrom('gst_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();

export const saveGstSettings = (db: Db, companyId: string, einvoicing: boolean, band: string, now: string) =>
  db.insertInto('gst_settings')
    .values({ company_id: companyId, einvoicing: einvoicing ? 1 : 0, turnover_band: band, updated_at: now })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ einvoicing: einvoicing ? 1 : 0, turnover_band: band, updated_at: now }))
    .execute();

/** The invoice fields the registration needs. */
export const invoiceForEinvoice = (db: Db, invoiceId: string) =>
  db.selectFrom('invoices').select(['id', 'company_id', 'order_id', 'kind', 'invoice_number', 'buyer_gstin', 'issued_at', 'amount_paise']).where('id', '=', invoiceId).executeTakeFirst();

/** Records an invoice as waiting for its IRN unless it is already recorded; true when this call recorded it. */
export async function insertPendingEinvoice(db: Db, row: { invoiceId: string; companyId: string; docNo: string; docDate: string; now: string }): Promise<boolean> {
  const r = await db.insertInto('einvoices')
    .values({
      invoice_id: row.invoiceId, company_id: row.companyId, connection_id: null, status: 'pending', seller_gstin: null, doc_no: row.docNo,
      doc_date: row.docDate, irn: null, payload: null, ack_no: null, ack_at: null, signed_invoice: null, signed_qr_code: null, demo: 0,
      last_error: null, cancel_reason: null, cancel_remark: null, cancelled_at: null, ewb_no: null, ewb_at: null, ewb_valid_till: null,
      ewb_cancelled_no: null, ewb_cancelled_at: null, ewb_cancel_reason: null,
      created_at: row.now, updated_at: row.now,
    })
    .onConflict((oc) => oc.column('invoice_id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export const findEinvoice = (db: Db, invoiceId: string, companyIds: string[] | null = null) => {
  let q = db.selectFrom('einvoices').selectAll().where('invoice_id', '=', invoiceId);
  if (companyIds) q = q.where('company_id', 'in', companyIds.length ? companyIds : ['']);
  return q.executeTakeFirst();
};

export const einvoicesOfInvoices = (db: Db, invoiceIds: string[]) =>
  invoiceIds.length ? db.selectFrom('einvoices').selectAll().where('invoice_id', 'in', invoiceIds).execute() : Promise.resolve([]);

export const updateEinvoice = (db: Db, invoiceId: string, values: Updateable<EinvoiceTable>) =>
  db.updateTable('einvoices').set(values).where('invoice_id', '=', invoiceId).execute();

/** A company's registrations in the given states, newest invoice first, with the invoice's number and amount. */
export const listEinvoiceRows = (db: Db, companyIds: string[] | null, statuses: string[], limit: number, invoiceId?: string) => {
  let q = db.selectFrom('einvoices as e')
    .innerJoin('invoices as i', 'i.id', 'e.invoice_id')
    .select(['e.invoice_id', 'e.company_id', 'e.status', 'e.doc_no', 'e.doc_date', 'e.irn', 'e.ack_no', 'e.ack_at', 'e.demo', 'e.last_error',
      'e.cancelled_at', 'e.cancel_reason', 'e.ewb_no', 'e.ewb_valid_till', 'e.ewb_at', 'e.ewb_cancelled_no', 'e.ewb_cancelled_at', 'e.ewb_cancel_reason', 'e.created_at', 'i.buyer_name', 'i.buyer_gstin', 'i.amount_paise', 'i.issued_at'])
    .where('e.status', 'in', statuses.length ? statuses : [''])
    .orderBy('i.issued_at', 'desc')
    .limit(limit);
  if (companyIds) q = q.where('e.company_id', 'in', companyIds.length ? companyIds : ['']);
  if (invoiceId) q = q.where('e.invoice_id', '=', invoiceId);
  return q.execute();
};

/** The company's active IRP connection for a GSTIN (settings.gstin), or undefined. */
export async function irpConnectionFor(db: Db, companyId: string, kind: string, gstin: string) {
  const rows = await db.selectFrom('integration_connections').selectAll()
    .where('company_id', '=', companyId).where('kind', '=', kind).where('status', '=', 'active').orderBy('created_at').execute();
  return rows.find((r) => (JSON.parse(r.settings) as { gstin?: string }).gstin === gstin);
}

/** The latest invoice of each order (its amount and its active e-way bill, by IRN or the e-way bill system's own), by order id. */
export async function latestInvoiceEwbOfOrders(db: Db, orderIds: readonly string[], opts: { sqlite?: SQLite.Database } = {}) {
  const found = new Map<string, { amount_paise: number; ewb_no: string | null; ewb_valid_till: string | null; issued_at: string }>();
  for (let i = 0; i < orderIds.length; i += 500) {
    const ids = orderIds.slice(i, i + 500);
    // Every page of the orders list asks (services/orders/lists.ts): compiled once per number of ids, then a cached statement.
    const shape = compiledShape(db, `einvoice.latest-of-orders:${ids.length}`, (arg) =>
      db.selectFrom('invoices as i').leftJoin('einvoices as e', 'e.invoice_id', 'i.id')
        .leftJoin('eway_bills as w', (j) => j.onRef('w.invoice_id', '=', 'i.id').on('w.status', '=', 'active').on('w.source', '=', 'ewb'))
        .select(['i.order_id', 'i.amount_paise', 'i.issued_at', 'e.ewb_no', 'e.ewb_valid_till', 'w.ewb_no as own_ewb_no', 'w.valid_till as own_valid_till'])
        .where('i.order_id', 'in', ids.map((_, k) => arg(k))),
    );
    const rows = await readSql<{ order_id: string; amount_paise: number | string; issued_at: string; ewb_no: string | null; ewb_valid_till: string | null; own_ewb_no: string | null; own_valid_till: string | null }>(
      { db, sqlite: opts.sqlite }, shape.sql, shape.bind(ids),
    );
    for (const r of rows) {
      const had = found.get(r.order_id);
      const ewbNo = r.ewb_no ?? r.own_ewb_no;
      const validTill = r.ewb_no ? r.ewb_valid_till : r.own_valid_till;
      if (!had || had.issued_at < r.issued_at) found.set(r.order_id, { amount_paise: Number(r.amount_paise), ewb_no: ewbNo, ewb_valid_till: validTill, issued_at: r.issued_at });
    }
  }
  return found;
}
