// Every shipped order has an invoice. The number is issued
// in the order's warehouse series in the SAME transaction that marks the
// order READY_TO_SHIP (the moment its label exists), exactly once: a second
// call (regenerate, download, a retried job) finds the invoice and keeps it.
import type { Kysely } from 'kysely';
import { invoiceBuyerOf } from '../../../domain/invoice-buyer';
import { InvoiceNumberError, issueInvoiceNumberIn, type Actor, type IssueResult } from '../../../db/billing/numbers';
import type { Database } from '../../../db/schema';
import { invalid } from '../../../domain/refusal';
import { queueEinvoiceIn } from './einvoice-queue';

/** Who issues: the invoice trail's actor (db/billing/numbers). */
export type InvoiceActor = Actor;

/** What the issue needs of the order row (the row ready-to-ship already read). */
export type ShipmentOrder = {
  id: string;
  order_type: number;
  total_paise: number;
  customer_name: string;
  billing_address: string | null;
};

/**
 * Issues (or finds) the invoice of an order that is being shipped, inside the
 * caller's transaction. The invoice amount is the order total (GST inclusive,
 * shipping included, special discount taken off), which is what the invoice
 * prints (domain/gst.ts splits it; the property test in tests/api proves the
 * two agree to the paisa). Refuses (Refusal invalid) when the order cannot
 * have an invoice (no warehouse, cancelled), so nothing of the shipment is
 * written either.
 */
export async function issueInvoiceForShipment(tx: Kysely<Database>, order: ShipmentOrder, actor: InvoiceActor): Promise<IssueResult> {
  try {
    const result = await issueInvoiceNumberIn(
      tx,
      { orderId: order.id, actor, amountPaise: Number(order.total_paise), ...invoiceBuyerOf(order) },
      // Called after the status change: its guarded UPDATE holds the order row's lock, its version bump and timeline entry cover this.
      { partOfStatusChange: true },
    );
    // A B2B invoice of a company with e-invoicing on waits for its IRN (an outbox task in this same transaction).
    if (result.issued) await queueEinvoiceIn(tx, result.invoiceId);
    return result;
  } catch (e) {
    if (e instanceof InvoiceNumberError) throw invalid(e.message);
    throw e;
  }
}
