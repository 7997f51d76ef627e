/**
 * E-way bills through the e-way bill system's own API (docs/integrations/gst.md, "E-way bill system"):
 * generate one for an invoice without an IRN (a B2C invoice over ₹50,000, or a company without
 * e-invoicing) with the distance the system computes from the PIN codes, the courier's transporter id and
 * the mode; update Part B of any invoice's e-way bill; cancel within 24 hours (an e-way bill made by IRN
 * on NIC's production IRP is cancelled here, the IRP offering that in its sandbox only); consolidate the
 * e-way bills of a manifest's invoices for one vehicle. Every e-way bill is a row of `eway_bills`.
 */
import type { DbHandle } from '../../../db/connect';
import {
  activeEwayBillOf, deleteEwayBillRequest, findEwayBillByNo, findEwayBillRequest, insertEwayBill, insertEwayBillRequest, latestInvoicesOfOrders,
  listEwayBillRequests, listEwayBillRows, touchEwayBillRequest, updateEwayBill, updateEwayBillRequest,
} from '../../../db/einvoice/eway-bills';
import { findEinvoice, invoiceForEinvoice, updateEinvoice } from '../../../db/einvoice/queries';
import {
  EWB_GENERATING, ewbDuplicateNotFound, ewbLostNone, ewbLostUnknown, SAME_PIN_DISTANCE, type ConsolidateInput, type EwayBillPending, type EwayBillView,
  type EwbGenerateInput, type PartBInput,
} from '../../../domain/einvoice/ewb';
import { ewbRequestOf } from '../../../domain/einvoice/ewb-request';
import { canCancelEwb, EWB_CANCEL_REASONS, ewbDateToIso, type EwbCancelReason } from '../../../domain/einvoice/rules';
import { nowIso, uuidv7 } from '../../../domain/ids';
import { conflict, invalid, notFound } from '../../../domain/refusal';
import type { AppConfig } from '../../env';
import type { ServiceActor } from '../../services/audit/actor';
import { docInvoiceOf, einvInputOf } from '../../services/billing/einvoice';
import { PartnerError } from '../http';
import { EWB_DUPLICATE, type Ewb, type EwbGenerateAnswer } from './ewb';
import { asked, ewbClientFor } from './ewb-connection';
import { IrpRefusal } from './irp-refusal';
import { cancelEwayBill as cancelByIrp } from './register';

const isoOf = (text: string | null | undefined): string | null => {
  if (!text || !text.trim()) return null;
  try {
    return ewbDateToIso(text);
  } catch {
    return null;
  }
};

/** The distance the system computed from the PIN codes, when it says so in its alert ("Distance between these two pincodes is 656, "). */
const alertDistance = (alert: string | null | undefined): number | null => {
  const m = /pincodes is (\d+)/i.exec(alert ?? '');
  return m ? Number(m[1]) : null;
};

type Row = Awaited<ReturnType<typeof listEwayBillRows>>[number];

function viewOf(r: Row, nowMs: number): EwayBillView {
  return {
    invoiceId: r.invoice_id, orderId: r.order_id, companyId: r.company_id, docNo: r.invoice_number ?? '', buyerName: r.buyer_name, amountPaise: Number(r.amount_paise),
    source: r.source as EwayBillView['source'], ewbNo: r.ewb_no, generatedAt: r.ewb_at, validTill: r.valid_till, distanceKm: r.distance_km,
    transMode: r.trans_mode, transporterId: r.transporter_id, vehicleNo: r.vehicle_no, transDocNo: r.trans_doc_no, partBAt: r.part_b_at,
    demo: r.demo === 1, canCancel: r.status === 'active' && canCancelEwb(r.ewb_at, nowMs), consolidatedNo: r.consolidated_no,
  };
}

/** The company's active e-way bills, newest first. */
export async function listEwayBills(dbh: DbHandle, actor: ServiceActor, nowMs = Date.now()): Promise<EwayBillView[]> {
  const rows = await listEwayBillRows(dbh.db, actor.scope ? [...actor.scope] : null, { statuses: ['active'], limit: 500 });
  return rows.map((r) => viewOf(r, nowMs));
}

/** The company's Generates in doubt (their answer lost, or a 604 not settled), newest first: what the seller was told. */
export async function listPendingEwayBills(dbh: DbHandle, actor: ServiceActor): Promise<EwayBillPending[]> {
  const rows = await listEwayBillRequests(dbh.db, actor.scope ? [...actor.scope] : null, 200);
  return rows.map((r) => ({
    invoiceId: r.invoice_id, companyId: r.company_id, docNo: r.doc_no, buyerName: r.buyer_name, amountPaise: Number(r.amount_paise), since: r.updated_at, message: r.last_error ?? '',
  }));
}

/** The active e-way bill of an invoice as the seller sees it (404 when none, or another company's). */
export async function ewayBillView(dbh: DbHandle, actor: ServiceActor, invoiceId: string, nowMs = Date.now()): Promise<EwayBillView> {
  const row = (await listEwayBillRows(dbh.db, actor.scope ? [...actor.scope] : null, { statuses: ['active'], invoiceIds: [invoiceId], limit: 1 }))[0];
  if (!row) throw notFound('This invoice has no e-way bill');
  return viewOf(row, nowMs);
}

/** The invoice in the actor's scope (404 otherwise). */
async function invoiceInScope(dbh: DbHandle, actor: ServiceActor, invoiceId: string) {
  const inv = await invoiceForEinvoice(dbh.db, invoiceId);
  if (!inv || (actor.scope && !actor.scope.includes(inv.company_id))) throw notFound('Invoice not found');
  return inv;
}

/** How long a Generate recorded as being sent holds off another one for the invoice; after that it is taken as in doubt. */
const SENDING_HOLD_MS = 2 * 60_000;

/**
 * Records the Generate before it is sent (one row per invoice). Answers whether an earlier one is in doubt (its
 * answer was lost, or it never finished): then the system may already hold the document's e-way bill.
 */
async function claimGenerate(dbh: DbHandle, row: { invoiceId: string; companyId: string; gstin: string; docNo: string }, nowMs: number): Promise<boolean> {
  const now = new Date(nowMs).toISOString();
  const inserted = await insertEwayBillRequest(dbh.db, {
    invoice_id: row.invoiceId, company_id: row.companyId, gstin: row.gstin, doc_type: 'INV', doc_no: row.docNo, status: 'sending', last_error: null, created_at: now, updated_at: now,
  });
  if (inserted) return false;
  const had = await findEwayBillRequest(dbh.db, row.invoiceId);
  if (!had || (had.status === 'sending' && nowMs - Date.parse(had.updated_at) < SENDING_HOLD_MS)) throw conflict(EWB_GENERATING);
  if (!(await touchEwayBillRequest(dbh.db, row.invoiceId, had.updated_at, { status: 'sending', updated_at: now }))) throw conflict(EWB_GENERATING);
  return true;
}

/** The document's active e-way bill as the system answers it; its refusal when it says it has none; 'unreachable' when it does not answer. */
async function lookUp(ewb: Ewb, docNo: string): Promise<EwbGenerateAnswer | { refused: string } | 'unreachable'> {
  try {
    return await ewb.byDocument('INV', docNo);
  } catch (err) {
    if (err instanceof IrpRefusal) return { refused: err.message };
    if (err instanceof PartnerError) return 'unreachable';
    throw err;
  }
}

const isAnswer = (a: Awaited<ReturnType<typeof lookUp>>): a is EwbGenerateAnswer => typeof a === 'object' && 'ewayBillNo' in a;

/**
 * Generate (GENEWAYBILL) for an invoice without an IRN. Distance 0 asks the system for its own from the
 * dispatch and delivery PIN codes (it says it in its alert); the same PIN code at both ends needs a distance.
 *
 * Never two e-way bills for one invoice, as Generate IRN reconciles 2150: the call is recorded before it is
 * sent; an answer that never arrives (a timeout, a dropped connection, a 5xx) or a 604 ("already generated for
 * the same document number") is settled with Get E-way Bill by document, and the e-way bill it returns stored.
 * When the lookup cannot settle it, the record stays "in doubt" (listed, with what the seller was told) and the
 * next Generate looks the document up before sending anything.
 */
export async function generateOwnEwayBill(dbh: DbHandle, config: AppConfig, actor: ServiceActor, invoiceId: string, input: EwbGenerateInput, nowMs = Date.now()) {
  const inv = await invoiceInScope(dbh, actor, invoiceId);
  const einvoice = await findEinvoice(dbh.db, invoiceId);
  if (einvoice?.status === 'registered') throw conflict('This invoice has an IRN: generate its e-way bill by IRN');
  if (einvoice) throw conflict('This invoice is registered with the IRP (its IRN is pending, refused or cancelled): its e-way bill is made by IRN');
  if (await activeEwayBillOf(dbh.db, invoiceId, null)) throw conflict('This invoice already has an e-way bill');
  const einv = einvInputOf(await docInvoiceOf(dbh, config, invoiceId));
  const request = ewbRequestOf(einv, input);
  if (request.fromPincode === request.toPincode && !input.distanceKm) throw invalid(SAME_PIN_DISTANCE, [{ path: 'distanceKm', message: SAME_PIN_DISTANCE }]);
  if (!request.fromGstin) throw invalid('The invoice has no seller GSTIN: add it in Settings > Invoicing');
  const { ewb, connectionId } = await ewbClientFor(dbh, config, inv.company_id, request.fromGstin);
  const docNo = request.docNo;
  const inDoubt = await claimGenerate(dbh, { invoiceId, companyId: inv.company_id, gstin: request.fromGstin, docNo }, nowMs);
  /** Leaves the Generate in doubt with what the seller is told, and refuses with it. */
  const unsettled = async (message: string, kind: 'conflict' | 'invalid') => {
    await updateEwayBillRequest(dbh.db, invoiceId, { status: 'unknown', last_error: message.slice(0, 1000), updated_at: nowIso() });
    return kind === 'conflict' ? conflict(message) : invalid(message);
  };

  let answer: EwbGenerateAnswer | undefined;
  if (inDoubt) {
    // An earlier Generate may have been made: ask before sending another.
    const found = await lookUp(ewb, docNo);
    if (found === 'unreachable') throw await unsettled(ewbLostUnknown(docNo), 'conflict');
    if (isAnswer(found)) answer = found;
  }
  if (!answer) {
    try {
      answer = await ewb.generate(request);
    } catch (err) {
      if (err instanceof IrpRefusal && !err.has(EWB_DUPLICATE)) {
        await deleteEwayBillRequest(dbh.db, invoiceId);
        throw invalid(err.message);
      }
      // A 604, or an answer that never came: the document's e-way bill may exist.
      const duplicate = err instanceof IrpRefusal;
      const found = await lookUp(ewb, docNo);
      if (found === 'unreachable') throw await unsettled(ewbLostUnknown(docNo), 'conflict');
      if (!isAnswer(found)) throw duplicate ? await unsettled(ewbDuplicateNotFound(docNo, found.refused), 'invalid') : await unsettled(ewbLostNone(docNo), 'conflict');
      answer = found;
    }
  }
  const ewbNo = String(answer.ewayBillNo);
  if (!/^\d{12}$/.test(ewbNo)) throw await unsettled(`The e-way bill system answered e-way bill number ${ewbNo.slice(0, 20)}, not 12 digits`, 'invalid');
  const known = await findEwayBillByNo(dbh.db, ewbNo);
  if (known && known.invoice_id !== invoiceId) throw await unsettled(`The e-way bill system answered e-way bill ${ewbNo}, which is stored here for another invoice`, 'invalid');
  const now = nowIso();
  const at = isoOf(answer.ewayBillDate) ?? now;
  await dbh.db.transaction().execute(async (tx) => {
    await insertEwayBill(tx, {
      id: uuidv7(), company_id: inv.company_id, invoice_id: invoiceId, source: 'ewb', connection_id: connectionId, gstin: request.fromGstin,
      ewb_no: ewbNo, ewb_at: at, valid_till: isoOf(answer.validUpto), distance_km: input.distanceKm || alertDistance(answer.alert),
      trans_mode: input.transMode, transporter_id: input.transporterId ?? null, vehicle_no: input.vehicleNo ?? null, trans_doc_no: input.transDocNo ?? null,
      trans_doc_date: input.transDocDate ?? null, part_b_at: input.vehicleNo || input.transDocNo ? at : null, status: 'active', cancelled_at: null,
      cancel_reason: null, consolidated_no: null, demo: ewb.demo ? 1 : 0, created_at: now, updated_at: now,
    });
    await deleteEwayBillRequest(tx, invoiceId);
  });
  return ewayBillView(dbh, actor, invoiceId);
}

/** Update Part B (VEHEWB) of an invoice's e-way bill, by IRN or its own: the vehicle or transport document now carrying the goods, from the dispatch place. */
export async function updatePartB(dbh: DbHandle, config: AppConfig, actor: ServiceActor, invoiceId: string, input: PartBInput) {
  const row = await activeEwayBillOf(dbh.db, invoiceId, actor.scope ? [...actor.scope] : null);
  if (!row) throw notFound('This invoice has no e-way bill');
  const from = einvInputOf(await docInvoiceOf(dbh, config, invoiceId));
  const place = from.dispatchFrom ?? from.seller;
  const { ewb } = await ewbClientFor(dbh, config, row.company_id, row.gstin);
  const answer = await asked(() => ewb.updatePartB({
    ewbNo: Number(row.ewb_no), vehicleNo: input.vehicleNo ?? '', fromPlace: place.city.slice(0, 50), fromState: Number(place.stateCode),
    reasonCode: input.reason, reasonRem: input.remark, transDocNo: input.transDocNo ?? '', transDocDate: input.transDocDate ?? '', transMode: input.transMode, vehicleType: 'R',
  }));
  const validTill = isoOf(answer.validUpto) ?? row.valid_till;
  await updateEwayBill(dbh.db, row.id, {
    vehicle_no: input.vehicleNo ?? null, trans_doc_no: input.transDocNo ?? null, trans_doc_date: input.transDocDate ?? null, trans_mode: input.transMode,
    part_b_at: isoOf(answer.vehUpdDate) ?? nowIso(), valid_till: validTill, updated_at: nowIso(),
  });
  if (row.source === 'irn') await updateEinvoice(dbh.db, invoiceId, { ewb_valid_till: validTill, updated_at: nowIso() });
  return ewayBillView(dbh, actor, invoiceId);
}

/**
 * Cancel an invoice's e-way bill within 24 hours of its generation (CANEWB) with a reason code and remark;
 * refused after, before anything is sent. One made by IRN goes through the IRP's sandbox cancel as before,
 * or, on NIC's production IRP, through the e-way bill system.
 */
export async function cancelInvoiceEwayBill(dbh: DbHandle, config: AppConfig, actor: ServiceActor, invoiceId: string, reason: EwbCancelReason, remark: string, nowMs = Date.now()) {
  const row = await activeEwayBillOf(dbh.db, invoiceId, actor.scope ? [...actor.scope] : null);
  if (!row) throw notFound('This invoice has no e-way bill');
  if (row.source === 'irn') {
    await cancelByIrp(dbh, config, actor, invoiceId, reason, remark, nowMs);
    return { invoiceId, ewbNo: row.ewb_no };
  }
  if (!canCancelEwb(row.ewb_at, nowMs)) throw conflict('An e-way bill can be cancelled only within 24 hours of its generation');
  const { ewb } = await ewbClientFor(dbh, config, row.company_id, row.gstin);
  const answer = await asked(() => ewb.cancel(row.ewb_no, reason, remark));
  if (String(answer.ewayBillNo) !== row.ewb_no) throw invalid(`The e-way bill system answered for e-way bill ${String(answer.ewayBillNo).slice(0, 20)}, not ${row.ewb_no}`);
  await updateEwayBill(dbh.db, row.id, {
    status: 'cancelled', cancelled_at: isoOf(answer.cancelDate) ?? nowIso(), cancel_reason: `${reason} ${EWB_CANCEL_REASONS[reason]}: ${remark}`.slice(0, 200), updated_at: nowIso(),
  });
  return { invoiceId, ewbNo: row.ewb_no };
}

/**
 * A consolidated e-way bill (GENCEWB) for the active e-way bills of a manifest's orders (their latest
 * invoices), moving in one vehicle from the dispatch place. Every e-way bill must be of one GSTIN.
 */
export async function consolidateEwayBills(dbh: DbHandle, config: AppConfig, actor: ServiceActor, input: ConsolidateInput) {
  const scope = actor.scope ? [...actor.scope] : null;
  const invoices = await latestInvoicesOfOrders(dbh.db, input.orderIds, scope);
  const missing = input.orderIds.filter((id) => !invoices.has(id));
  if (missing.length) throw notFound(`Order ${missing[0]} has no invoice`);
  const rows = await listEwayBillRows(dbh.db, scope, { statuses: ['active'], invoiceIds: [...invoices.values()].map((i) => i.id), limit: 1000 });
  const without = input.orderIds.filter((id) => !rows.some((r) => r.invoice_id === invoices.get(id)!.id));
  if (without.length) throw invalid(`Order ${without[0]} has no e-way bill: generate it first`);
  const gstins = new Set(rows.map((r) => `${r.company_id}|${r.gstin}`));
  if (gstins.size > 1) throw invalid('A consolidated e-way bill takes the e-way bills of one GSTIN');
  const first = rows[0];
  const from = einvInputOf(await docInvoiceOf(dbh, config, first.invoice_id));
  const place = from.dispatchFrom ?? from.seller;
  const { ewb } = await ewbClientFor(dbh, config, first.company_id, first.gstin);
  const answer = await asked(() => ewb.consolidate({
    fromPlace: place.city.slice(0, 50), fromState: Number(place.stateCode), vehicleNo: input.vehicleNo ?? '', transMode: input.transMode,
    transDocNo: input.transDocNo ?? '', transDocDate: input.transDocDate ?? '', tripSheetEwbBills: rows.map((r) => ({ ewbNo: Number(r.ewb_no) })),
  }));
  const no = String(answer.cEwbNo);
  for (const r of rows) await updateEwayBill(dbh.db, r.id, { consolidated_no: no, updated_at: nowIso() });
  return { consolidatedNo: no, generatedAt: isoOf(answer.cEwbDate ?? answer.cEWBDate) ?? nowIso(), ewbNos: rows.map((r) => r.ewb_no) };
}
