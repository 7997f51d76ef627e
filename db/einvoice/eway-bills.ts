// E-way bills of invoices: by IRN or the e-way bill system's own, their Part B, cancellation and consolidation.
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../connect';
import type { EwayBillRequestTable, EwayBillTable } from '../tables/eway-bills';
import '../tables/eway-bills';
import '../tables/billing';
import '../tables/integrations';

export const insertEwayBill = (db: Db, row: Insertable<EwayBillTable>) => db.insertInto('eway_bills').values(row).execute();

export const updateEwayBill = (db: Db, id: string, values: Updateable<EwayBillTable>) => db.updateTable('eway_bills').set(values).where('id', '=', id).execute();

/** The e-way bill stored under a number, of any status. */
export const findEwayBillByNo = (db: Db, ewbNo: string) => db.selectFrom('eway_bills').selectAll().where('ewb_no', '=', ewbNo).executeTakeFirst();

/** The active e-way bill of an invoice in the given companies (all when null). */
export const activeEwayBillOf = (db: Db, invoiceId: string, companyIds: string[] | null) => {
  let q = db.selectFrom('eway_bills').selectAll().where('invoice_id', '=', invoiceId).where('status', '=', 'active');
  if (companyIds) q = q.where('company_id', 'in', companyIds.length ? companyIds : ['']);
  return q.executeTakeFirst();
};

/** The company's e-way bills with their invoice's number, buyer and amount, newest first. */
export const listEwayBillRows = (db: Db, companyIds: string[] | null, opts: { statuses: string[]; invoiceIds?: string[]; limit: number }) => {
  let q = db.selectFrom('eway_bills as w').innerJoin('invoices as i', 'i.id', 'w.invoice_id')
    .selectAll('w').select(['i.invoice_number', 'i.buyer_name', 'i.amount_paise', 'i.order_id'])
    .where('w.status', 'in', opts.statuses.length ? opts.statuses : [''])
    .orderBy('w.ewb_at', 'desc').limit(opts.limit);
  if (companyIds) q = q.where('w.company_id', 'in', companyIds.length ? companyIds : ['']);
  if (opts.invoiceIds) q = q.where('w.invoice_id', 'in', opts.invoiceIds.length ? opts.invoiceIds : ['']);
  return q.execute();
};

/** The latest invoice of each of these orders in the given companies: its id and company. */
export async function latestInvoicesOfOrders(db: Db, orderIds: readonly string[], companyIds: string[] | null) {
  let q = db.selectFrom('invoices').select(['id', 'order_id', 'company_id', 'issued_at']).where('order_id', 'in', orderIds.length ? [...orderIds] : ['']);
  if (companyIds) q = q.where('company_id', 'in', companyIds.length ? companyIds : ['']);
  const latest = new Map<string, { id: string; company_id: string; issued_at: string }>();
  for (const r of await q.execute()) {
    const had = latest.get(r.order_id);
    if (!had || had.issued_at < r.issued_at) latest.set(r.order_id, r);
  }
  return latest;
}

/** The Generate in flight or in doubt for an invoice, if any. */
export const findEwayBillRequest = (db: Db, invoiceId: string) =>
  db.selectFrom('eway_bill_requests').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst();

/** Records a Generate before it is sent; false when a row for the invoice exists (in flight or in doubt). */
export async function insertEwayBillRequest(db: Db, row: EwayBillRequestTable): Promise<boolean> {
  const r = await db.insertInto('eway_bill_requests').values(row).onConflict((oc) => oc.column('invoice_id').doNothing()).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Takes over a request row last touched at `seen` (false when someone else touched it since). */
export async function touchEwayBillRequest(db: Db, invoiceId: string, seen: string, values: Updateable<EwayBillRequestTable>): Promise<boolean> {
  const r = await db.updateTable('eway_bill_requests').set(values).where('invoice_id', '=', invoiceId).where('updated_at', '=', seen).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const updateEwayBillRequest = (db: Db, invoiceId: string, values: Updateable<EwayBillRequestTable>) =>
  db.updateTable('eway_bill_requests').set(values).where('invoice_id', '=', invoiceId).execute();

export const deleteEwayBillRequest = (db: Db, invoiceId: string) => db.deleteFrom('eway_bill_requests').where('invoice_id', '=', invoiceId).execute();

/** The company's Generates in doubt, newest first, with their invoice's number. */
export const listEwayBillRequests = (db: Db, companyIds: string[] | null, limit: number) => {
  let q = db.selectFrom('eway_bill_requests as r').innerJoin('invoices as i', 'i.id', 'r.invoice_id')
    .selectAll('r').select(['i.buyer_name', 'i.amount_paise']).where('r.status', '=', 'unknown').orderBy('r.updated_at', 'desc').limit(limit);
  if (companyIds) q = q.where('r.company_id', 'in', companyIds.length ? companyIds : ['']);
  return q.execute();
};
