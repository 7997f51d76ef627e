/**
 * GST e-invoicing of B2B and distributor invoices (docs/integrations/gst.md):
 * the company's settings, the invoice queued for its IRN in the transaction
 * that issues it (a durable outbox task keyed by the invoice, so it is
 * registered once and nothing is lost while the IRP is down), the INV-01 JSON
 * built from the same numbers the printed invoice shows, the seller's queue
 * and the cancel within 24 hours.
 */
import type { Db, DbHandle } from '../../../db/connect';
import { loadOrdersForDocuments } from '../../../db/billing/documents';
import {
  einvoicesOfInvoices,
  findEinvoice,
  findGstSettings,
  invoiceForEinvoice,
  updateEinvoice,
  listEinvoiceRows,
  saveGstSettings,
} from '../../../db/einvoice/queries';
import { EINVOICE_STATUSES, type EinvoiceView, type GstSettingsInput, type GstSettingsView } from '../../../domain/einvoice/connection';
import { buildInv01, docDate, type EinvInput, type EinvLine, type EinvParty, type Inv01 } from '../../../domain/einvoice/inv01';
import { canCancelEwb, canCancelIrn, einvoicingRequired, ewayBillMissing, hsnDigitsRequired, hsnProblem, reportingLimitDays, TURNOVER_BANDS, type TurnoverBand } from '../../../domain/einvoice/rules';
import { inv01Problems } from '../../../domain/einvoice/validate';
import { nowIso } from '../../../domain/ids';
import { conflict, forbidden, invalid, notFound } from '../../../domain/refusal';
import { findTaskByKey, requeueTask } from '../../../db/integrations/tasks';
import { computeInvoice } from '../../documents/invoice-calc';
import { findState } from '../../documents/gst-states';
import type { DocAddress, DocInvoice } from '../../documents/types';
import type { AppConfig } from '../../env';
import type { ServiceActor } from '../audit/actor';
import { prepareInvoices } from './doc-input';

import { irnTaskKey, queueEinvoiceIn } from './einvoice-queue';

export { IRN_TASK, irnTaskKey, queueEinvoiceIn } from './einvoice-queue';

const DEFAULT_BAND: TurnoverBand = 'under_5cr';

export async function gstSettingsOf(db: Db, companyId: string): Promise<GstSettingsView> {
  const row = await findGstSettings(db, companyId);
  const band = (TURNOVER_BANDS as readonly string[]).includes(row?.turnover_band ?? '') ? (row!.turnover_band as TurnoverBand) : DEFAULT_BAND;
  return { einvoicing: row?.einvoicing === 1, turnoverBand: band, hsnDigits: hsnDigitsRequired(band), required: einvoicingRequired(band) };
}

function ownCompany(actor: ServiceActor, companyId: string | undefined): string {
  const id = companyId ?? actor.scope?.[0];
  if (!id) throw invalid('Please select company', [{ path: 'companyId', message: 'Please select company' }]);
  if (actor.scope && !actor.scope.includes(id)) throw forbidden();
  return id;
}

export async function readGstSettings(dbh: DbHandle, actor: ServiceActor, companyId?: string) {
  return gstSettingsOf(dbh.db, ownCompany(actor, companyId));
}

export async function updateGstSettings(dbh: DbHandle, actor: ServiceActor, input: GstSettingsInput, companyId?: string) {
  const id = ownCompany(actor, companyId);
  await saveGstSettings(dbh.db, id, input.einvoicing, input.turnoverBand, nowIso());
  return gstSettingsOf(dbh.db, id);
}

/** The HSN problem of a code for a company with e-invoicing on (its band's digits), or null; no check while it is off. */
export async function hsnProblemFor(db: Db, companyId: string, hsn: string | null | undefined): Promise<string | null> {
  const s = await gstSettingsOf(db, companyId);
  return s.einvoicing ? hsnProblem(hsn, s.turnoverBand) : null;
}

const party = (a: DocAddress, gstin: string | null): EinvParty => ({
  gstin, legalName: a.name, addr1: a.lines[0] ?? a.city, addr2: a.lines.slice(1).join(', ') || null, city: a.city, pincode: a.pincode,
  stateCode: findState(a.state)?.code ?? '', phone: a.phone,
});

/** The INV-01 input of a printed invoice: the same lines and GST split (domain/gst.ts) the PDF shows. */
export function einvInputOf(invoice: DocInvoice): EinvInput {
  const calc = computeInvoice(invoice);
  const lines: EinvLine[] = [];
  let discountPaise = 0;
  for (const l of calc.lines) {
    if (l.split.grossPaise < 0) {
      discountPaise -= l.split.grossPaise;
      continue;
    }
    const r = l.split.rates;
    lines.push({
      description: l.title, hsn: l.hsn, quantity: l.quantity, taxablePaise: l.split.taxablePaise,
      gstRate: calc.supplyKind === 'inter-state' ? r.igst : r.cgst + (calc.supplyKind === 'intra-ut' ? r.utgst : r.sgst),
      cessRate: r.cess, igstPaise: l.split.tax.igst, cgstPaise: l.split.tax.cgst, sgstPaise: l.split.tax.sgst + l.split.tax.utgst, cessPaise: l.split.tax.cess,
    });
  }
  const p = invoice.profile;
  const billTo = invoice.billTo ?? invoice.order.shipTo;
  return {
    docType: 'INV', docNo: invoice.invoiceNumber ?? '', docDate: docDate(invoice.invoiceDate),
    seller: {
      gstin: p.gstin, legalName: p.registeredName, tradeName: p.brandName, addr1: p.address.line1, addr2: p.address.line2, city: p.address.city,
      pincode: p.address.pincode, stateCode: calc.sellerState.code,
    },
    buyer: { ...party(billTo, invoice.buyerGstin), placeOfSupply: calc.placeOfSupply.code },
    dispatchFrom: party(invoice.order.returnAddress, null),
    shipTo: party(invoice.order.shipTo, null),
    lines, discountPaise,
  };
}

/** The printed invoice of an issued invoice (numbers as issued, nothing issued anew). */
export async function docInvoiceOf(dbh: DbHandle, config: AppConfig, invoiceId: string): Promise<DocInvoice> {
  const inv = await invoiceForEinvoice(dbh.db, invoiceId);
  if (!inv) throw notFound('Invoice not found');
  const rows = await loadOrdersForDocuments(dbh.db, [inv.order_id], null);
  const { invoices, failures } = await prepareInvoices(dbh, config, rows);
  if (!invoices.length) throw invalid(failures[0]?.reasons.join('; ') || 'Invoice cannot be made');
  return invoices[0];
}

export class Inv01Invalid extends Error {}

/** The INV-01 JSON of an invoice, checked against the schema and the company's HSN digits; refuses with every problem. */
export function checkedInv01(invoice: DocInvoice, band: TurnoverBand): Inv01 {
  const input = einvInputOf(invoice);
  const problems = [...new Set(input.lines.map((l) => hsnProblem(l.hsn, band)).filter((p): p is string => !!p))];
  const doc = buildInv01(input);
  problems.push(...inv01Problems(doc).map((p) => `${p.path} ${p.message}`));
  if (problems.length) throw new Inv01Invalid(`The invoice cannot be registered: ${problems.join('; ')}`.slice(0, 1000));
  return doc;
}

type ListRow = Awaited<ReturnType<typeof listEinvoiceRows>>[number];

function viewOf(r: ListRow, band: TurnoverBand, nowMs: number): EinvoiceView {
  const limit = reportingLimitDays(band);
  return {
    invoiceId: r.invoice_id, companyId: r.company_id, status: r.status as EinvoiceView['status'], docNo: r.doc_no, docDate: r.doc_date, irn: r.irn,
    ackNo: r.ack_no, ackAt: r.ack_at, demo: r.demo === 1, lastError: r.last_error, cancelledAt: r.cancelled_at, cancelReason: r.cancel_reason,
    ewbNo: r.ewb_no, ewbValidTill: r.ewb_valid_till, buyerName: r.buyer_name, buyerGstin: r.buyer_gstin, amountPaise: Number(r.amount_paise),
    issuedAt: r.issued_at, canCancel: r.status === 'registered' && !!r.ack_at && canCancelIrn(r.ack_at, nowMs),
    registerBy: limit && r.status !== 'registered' && r.status !== 'cancelled' ? new Date(Date.parse(r.issued_at) + limit * 86400_000).toISOString() : null,
    ewayBillNeeded: r.status !== 'cancelled' && ewayBillMissing(Number(r.amount_paise), r.ewb_no),
    canCancelEwb: !!r.ewb_no && !!r.ewb_at && canCancelEwb(r.ewb_at, nowMs),
    ewbCancelledNo: r.ewb_cancelled_no, ewbCancelledAt: r.ewb_cancelled_at, ewbCancelReason: r.ewb_cancel_reason,
  };
}

/** The company's e-invoices in the given states (the seller's "IRN pending" queue), newest first. */
export async function listEinvoices(dbh: DbHandle, actor: ServiceActor, statuses: EinvoiceView['status'][], nowMs = Date.now()): Promise<EinvoiceView[]> {
  const rows = await listEinvoiceRows(dbh.db, actor.scope ? [...actor.scope] : null, statuses, 500);
  const bands = new Map<string, TurnoverBand>();
  for (const id of new Set(rows.map((r) => r.company_id))) bands.set(id, (await gstSettingsOf(dbh.db, id)).turnoverBand);
  return rows.map((r) => viewOf(r, bands.get(r.company_id)!, nowMs));
}

/** What the invoice PDF prints of each invoice's registration, by invoice id. */
export async function einvoicesForPrint(db: Db, invoiceIds: string[]) {
  return new Map((await einvoicesOfInvoices(db, invoiceIds)).map((e) => [e.invoice_id, e]));
}

/** One invoice's registration as the seller's queue shows it. */
export async function einvoiceView(dbh: DbHandle, actor: ServiceActor, invoiceId: string, nowMs = Date.now()): Promise<EinvoiceView> {
  const row = (await listEinvoiceRows(dbh.db, actor.scope ? [...actor.scope] : null, [...EINVOICE_STATUSES], 1, invoiceId))[0];
  if (!row) throw notFound('E-invoice not found');
  return viewOf(row, (await gstSettingsOf(dbh.db, row.company_id)).turnoverBand, nowMs);
}

/**
 * "Register": an invoice issued before e-invoicing was turned on, or one whose
 * registration failed (credentials added, HSN corrected), is queued again.
 */
export async function requestIrn(dbh: DbHandle, actor: ServiceActor, invoiceId: string): Promise<EinvoiceView> {
  const inv = await invoiceForEinvoice(dbh.db, invoiceId);
  if (!inv || (actor.scope && !actor.scope.includes(inv.company_id))) throw notFound('Invoice not found');
  const existing = await findEinvoice(dbh.db, invoiceId);
  if (existing?.status === 'registered' || existing?.status === 'cancelled') throw conflict('This invoice already has an IRN');
  if (!(await queueEinvoiceIn(dbh.db, invoiceId))) throw invalid('Only a B2B invoice of a company with e-invoicing on can be registered');
  const now = nowIso();
  await updateEinvoice(dbh.db, invoiceId, { status: 'pending', last_error: null, updated_at: now });
  const task = await findTaskByKey(dbh.db, irnTaskKey(invoiceId));
  if (task?.status === 'failed') await requeueTask(dbh.db, task.id, now);
  return einvoiceView(dbh, actor, invoiceId);
}

/** The registration of an invoice in the actor's scope (404 otherwise). */
export async function einvoiceInScope(dbh: DbHandle, actor: ServiceActor, invoiceId: string) {
  const row = await findEinvoice(dbh.db, invoiceId, actor.scope ? [...actor.scope] : null);
  if (!row) throw notFound('E-invoice not found');
  return row;
}
