/**
 * E-way bills through the e-way bill system's own API (docs/integrations/gst.md, "E-way bill system"):
 * generate one for an invoice without an IRN (a B2C invoice over ₹50,000, or a company without
 * e-invoicing) with the distance the system computes from the PIN codes, the courier's transporter id and
 * the mode; update Part B of any invoice's e-way bill; cancel within 24 hours (an e-way bill made by IRN
 * on NIC's production IRP is cancelled here, the IRP offering that in its sandbox only); consolidate the
 * e-way bills of a manifest's invoices for one vehicle. Every e-way bill is a row of `eway_bills`.
 */
import type { DbHandle } from '../../../db/connect';
import { activeEwayBillOf, insertEwayBill, latestInvoicesOfOrders, listEwayBillRows, updateEwayBill } from '../../../db/einvoice/eway-bills';
import { findEinvoice, invoiceForEinvoice, updateEinvoice } from '../../../db/einvoice/queries';
import { SAME_PIN_DISTANCE, type ConsolidateInput, type EwayBillView, type EwbGenerateInput, type PartBInput } from '../../../domain/einvoice/ewb';
import { ewbRequestOf } from '../../../domain/einvoice/ewb-request';
import { canCancelEwb, EWB_CANCEL_REASONS, ewbDateToIso, type EwbCancelReason } from '../../../domain/einvoice/rules';
import { nowIso, uuidv7 } from '../../../domain/ids';
import { conflict, invalid, notFound } from '../../../domain/refusal';
import type { AppConfig } from '../../env';
import type { ServiceActor } from '../../services/audit/actor';
import { docInvoiceOf, einvInputOf } from '../../services/billing/einvoice';
import { asked, ewbClientFor } from './ewb-connection';
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
    invoiceId: r.invoice_id, companyId: r.company_id, docNo: r.invoice_number ?? '', buyerName: r.buyer_name, amountPaise: Number(r.amount_paise),
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

/**
 * Generate (GENEWAYBILL) for an invoice without an IRN. Distance 0 asks the system for its own from the
 * dispatch and delivery PIN codes (it says it in its alert); the same PIN code at both ends needs a distance.
 */
export async function generateOwnEwayBill(dbh: DbHandle, config: AppConfig, actor: ServiceActor, invoiceId: string, input: EwbGenerateInput) {
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
  const answer = await asked(() => ewb.generate(request));
  const now = nowIso();
  const at = isoOf(answer.ewayBillDate) ?? now;
  await insertEwayBill(dbh.db, {
    id: uuidv7(), company_id: inv.company_id, invoice_id: invoiceId, source: 'ewb', connection_id: connectionId, gstin: request.fromGstin,
    ewb_no: String(answer.ewayBillNo), ewb_at: at, valid_till: isoOf(answer.validUpto), distance_km: input.distanceKm || alertDistance(answer.alert),
    trans_mode: input.transMode, transporter_id: input.transporterId ?? null, vehicle_no: input.vehicleNo ?? null, trans_doc_no: input.transDocNo ?? null,
    trans_doc_date: input.transDocDate ?? null, part_b_at: input.vehicleNo || input.transDocNo ? at : null, status: 'active', cancelled_at: null,
    cancel_reason: null, consolidated_no: null, demo: ewb.demo ? 1 : 0, created_at: now, updated_at: now,
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
