/**
 * Queuing an issued invoice for its IRN (services/billing/einvoice.ts says the
 * rest): kept apart so the invoice issue paths can call it without the
 * document builders.
 */
import type { Db } from '../../../db/connect';
import { findGstSettings, insertPendingEinvoice, invoiceForEinvoice } from '../../../db/einvoice/queries';
import { insertTaskOnce } from '../../../db/integrations/tasks';
import { docDate } from '../../../domain/einvoice/inv01';
import { nowIso, uuidv7 } from '../../../domain/ids';

export const IRN_TASK = 'gst.irn';
export const irnTaskKey = (invoiceId: string) => `gst.irn:${invoiceId}`;

/**
 * Queues the IRN of a just-issued invoice, inside the caller's transaction,
 * when it is a B2B invoice of a company with e-invoicing on: a pending row the
 * seller sees and a durable task keyed by the invoice (queuing twice is one).
 */
export async function queueEinvoiceIn(tx: Db, invoiceId: string): Promise<boolean> {
  const inv = await invoiceForEinvoice(tx, invoiceId);
  if (!inv || inv.kind !== 'B2B' || !inv.buyer_gstin) return false;
  const settings = await findGstSettings(tx, inv.company_id);
  if (settings?.einvoicing !== 1) return false;
  const now = nowIso();
  await insertPendingEinvoice(tx, { invoiceId, companyId: inv.company_id, docNo: inv.invoice_number, docDate: docDate(inv.issued_at), now });
  await insertTaskOnce(tx, {
    id: uuidv7(), key: irnTaskKey(invoiceId), kind: IRN_TASK, company_id: inv.company_id, connection_id: null,
    subject_type: 'invoice', subject_id: invoiceId, payload: JSON.stringify({ invoiceId }), next_attempt_at: now, created_at: now, updated_at: now,
  });
  return true;
}

