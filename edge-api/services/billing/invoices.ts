// Invoices: the list, one invoice with its payments, recording a
// payment, and regenerating an order's documents under the same number.
import type { DbHandle } from '../../../db/connect';
import { addPayment, findInvoice, listInvoices } from '../../../db/billing/invoices';
import { INVOICE_ALREADY_PAID, overpaymentMsg, type InvoiceFilter, type Payment } from '../../../domain/invoicing';
import { notFound, Refusal } from '../../../domain/refusal';
import type { AppConfig } from '../../env';
import { prepareInvoices } from './doc-input';
import { documentOrders } from './documents';

export const INVOICE_NOT_FOUND = 'Invoice not found';

/** The companies the caller may touch (null = all, admin). */
type Scope = string[] | null;
type Actor = { id: string; name: string; scope: Scope };

export const invoiceList = (dbh: DbHandle, scope: Scope, filter: InvoiceFilter, page: number, pageSize: number) => listInvoices(dbh.db, scope, filter, page, pageSize);

export async function invoiceDetail(dbh: DbHandle, scope: Scope, id: string) {
  const found = await findInvoice(dbh.db, id, scope);
  if (!found) throw notFound(INVOICE_NOT_FOUND);
  return found;
}

/** Records a payment; more than the balance is refused (409 with the balance). Answers the invoice after it. */
export async function recordPayment(dbh: DbHandle, actor: Actor, id: string, input: Payment) {
  await invoiceDetail(dbh, actor.scope, id);
  const outcome = await addPayment(dbh, id, input, { id: actor.id, name: actor.name });
  if (!outcome.ok) {
    const message = outcome.balancePaise === 0 ? INVOICE_ALREADY_PAID : overpaymentMsg(outcome.balancePaise);
    throw new Refusal('conflict', message, [{ path: 'amount', message }], { balancePaise: outcome.balancePaise });
  }
  return (await findInvoice(dbh.db, id, actor.scope))!;
}

/**
 * 'Regenerate Invoice and Shipping Label': the documents are drawn afresh from
 * the order as it is now, under the SAME invoice number (one is issued if the
 * order had none). Answers the number and AWB, or the reasons it could not.
 */
export async function regenerateDocuments(dbh: DbHandle, config: AppConfig, actor: Actor, orderId: string) {
  const rows = await documentOrders(dbh, actor.scope, [orderId]);
  const { invoices, failures } = await prepareInvoices(dbh, config, rows, { regenerate: { id: actor.id, name: actor.name } });
  if (!invoices.length) return { ok: false as const, reasons: failures.flatMap((f) => f.reasons) };
  return { ok: true as const, invoiceNumber: invoices[0].invoiceNumber, awb: rows[0].order.tracking_number };
}
