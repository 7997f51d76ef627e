// E-way bills of invoices: by IRN or the e-way bill system's own, their Part B, cancellation and consolidation.
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../connect';
import type { EwayBillTable } from '../tables/eway-bills';
import '../tables/eway-bills';
import '../tables/billing';
import '../tables/integrations';

export const insertEwayBill = (db: Db, row: Insertable<EwayBillTable>) => db.insertInto('eway_bills').values(row).execute();

export const updateEwayBill = (db: Db, id: string, values: Updateable<EwayBillTable>) => db.updateTable('eway_bills').set(values).where('id', '=', id).execute();

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
