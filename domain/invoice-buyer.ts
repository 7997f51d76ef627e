// The buyer an order's invoice names: the billing name (else the customer's),
// and the buyer's GSTIN only on a B2B invoice.
import { invoiceKindOf } from './invoicing';

export function invoiceBuyerOf(order: { order_type: number; customer_name: string; billing_address: string | null }): { buyerName: string; buyerGstin: string | null } {
  let billing: Record<string, unknown>;
  try {
    billing = order.billing_address ? (JSON.parse(order.billing_address) as Record<string, unknown>) : {};
  } catch {
    billing = {};
  }
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const gstin = text(billing.gstin ?? billing.GSTIN).toUpperCase() || null;
  const name = [text(billing.firstName), text(billing.lastName)].filter(Boolean).join(' ') || text(billing.name) || order.customer_name;
  return { buyerName: name, buyerGstin: invoiceKindOf(Number(order.order_type), gstin) === 'B2B' ? gstin : null };
}
