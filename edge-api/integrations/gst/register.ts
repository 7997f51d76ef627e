/**
 * Registering an invoice with the IRP, as the durable task `gst.irn` keyed by
 * the invoice: build and check the INV-01 JSON, compute the IRN here, call
 * Generate IRN, and keep what the IRP answered for good. A duplicate (2150),
 * which means an earlier attempt was registered though its answer was lost, is
 * reconciled with Get IRN by document: never a second registration. A portal
 * that is down leaves the invoice pending and the task is tried again later.
 */
import type { DbHandle } from '../../../db/connect';
import { findEinvoice, irpConnectionFor, updateEinvoice } from '../../../db/einvoice/queries';
import { activeEwayBillOf, insertEwayBill, updateEwayBill } from '../../../db/einvoice/eway-bills';
import { IRP_KIND, IRP_PRODUCTION_URL, type EwayBillInput } from '../../../domain/einvoice/connection';
import { ackDateToIso, canCancelEwb, canCancelIrn, CANCEL_REASONS, EWB_CANCEL_REASONS, ewbDateToIso, type CancelReason, type EwbCancelReason } from '../../../domain/einvoice/rules';
import { irnOf } from '../../../domain/einvoice/inv01';
import { nowIso, uuidv7 } from '../../../domain/ids';
import { conflict, invalid } from '../../../domain/refusal';
import type { AppConfig } from '../../env';
import type { ServiceActor } from '../../services/audit/actor';
import { checkedInv01, docInvoiceOf, einvoiceInScope, gstSettingsOf, Inv01Invalid } from '../../services/billing/einvoice';
import { openConnection } from '../connections';
import { GiveUp, type TaskContext } from '../tasks';
import { DEMO_REFUSED_IN_PRODUCTION, demoIrp } from './demo-irp';
import { asked, ewbClientFor } from './ewb-connection';
import { DUPLICATE_IRN, httpIrp, IrpRefusal, type IrnAnswer, type Irp, type IrpConn, type IrpOptions } from './irp';

export type IrnTaskPayload = { invoiceId: string };

/** The IRP a connection speaks to: NIC's at its base URL, or the built-in demo sandbox (refused in production). */
export function irpFor(conn: IrpConn, config: AppConfig, opts: IrpOptions = {}): Irp {
  if (conn.demo || conn.settings.mode === 'demo') return demoIrp({ gstin: conn.settings.gstin, production: config.production });
  if (!conn.secrets.clientSecret || !conn.secrets.password) throw invalid('The IRP client secret and password are not set for this GSTIN');
  return httpIrp(conn, opts);
}

/** Options the handler passes to the IRP client (a test shortens the time limit). */
export const irpClientOptions: { timeoutMs?: number } = {};

async function connectionFor(dbh: DbHandle, config: AppConfig, companyId: string, gstin: string): Promise<IrpConn> {
  const row = await irpConnectionFor(dbh.db, companyId, IRP_KIND, gstin);
  if (!row) throw new GiveUp(`No IRP credentials for GSTIN ${gstin}: add them in Settings > GST`);
  return (await openConnection<IrpConn['settings'], IrpConn['secrets']>(dbh, config, row.id))!;
}

function answerOk(answer: IrnAnswer, irn: string): void {
  if (answer.Irn !== irn) throw new GiveUp(`The IRP answered IRN ${String(answer.Irn).slice(0, 64)}, not the IRN of this invoice ${irn}`);
}

export async function registerIrn(ctx: TaskContext<IrnTaskPayload>): Promise<unknown> {
  const { dbh, config } = ctx;
  const { invoiceId } = ctx.task.payload;
  const row = await findEinvoice(dbh.db, invoiceId);
  if (!row) throw new GiveUp('The invoice is not queued for e-invoicing');
  if (row.status === 'registered' || row.status === 'cancelled') return { irn: row.irn, already: true };
  const fail = async (message: string) => {
    await updateEinvoice(dbh.db, invoiceId, { status: 'failed', last_error: message.slice(0, 1000), updated_at: nowIso() });
    return new GiveUp(message);
  };
  try {
    const settings = await gstSettingsOf(dbh.db, row.company_id);
    const invoice = await docInvoiceOf(dbh, config, invoiceId);
    let doc;
    try {
      doc = checkedInv01(invoice, settings.turnoverBand);
    } catch (err) {
      if (err instanceof Inv01Invalid) throw await fail(err.message);
      throw err;
    }
    const irn = irnOf(doc);
    const gstin = invoice.profile.gstin;
    const conn = await connectionFor(dbh, config, row.company_id, gstin);
    if (conn.settings.mode === 'demo' && config.production) throw await fail(DEMO_REFUSED_IN_PRODUCTION);
    const irp = irpFor(conn, config, { log: ctx.log, ...irpClientOptions });
    await updateEinvoice(dbh.db, invoiceId, { seller_gstin: gstin, irn, payload: JSON.stringify(doc), connection_id: conn.id, status: 'pending', updated_at: nowIso() });
    let answer: IrnAnswer;
    try {
      answer = await irp.generate(doc);
    } catch (err) {
      if (!(err instanceof IrpRefusal)) throw err;
      if (!err.has(DUPLICATE_IRN)) throw await fail(err.message);
      const known = await irp.byDocument(doc.DocDtls.Typ, doc.DocDtls.No, doc.DocDtls.Dt);
      if (!known) throw await fail('The IRP says this invoice is registered but does not return its IRN');
      answer = known;
    }
    answerOk(answer, irn);
    await updateEinvoice(dbh.db, invoiceId, {
      status: 'registered', ack_no: String(answer.AckNo), ack_at: ackDateToIso(answer.AckDt), signed_invoice: answer.SignedInvoice,
      signed_qr_code: answer.SignedQRCode, demo: irp.demo ? 1 : 0, last_error: null, updated_at: nowIso(),
    });
    return { irn, ackNo: String(answer.AckNo) };
  } catch (err) {
    if (!(err instanceof GiveUp)) await updateEinvoice(dbh.db, invoiceId, { last_error: (err as Error).message.slice(0, 1000), updated_at: nowIso() });
    throw err;
  }
}

/** Cancels a registered IRN within 24 hours of its acknowledgement, with a reason code and remark. */
export async function cancelIrn(dbh: DbHandle, config: AppConfig, actor: ServiceActor, invoiceId: string, reason: CancelReason, remark: string, nowMs = Date.now()) {
  const row = await einvoiceInScope(dbh, actor, invoiceId);
  if (row.status !== 'registered' || !row.irn || !row.ack_at) throw conflict('Only a registered IRN can be cancelled');
  if (!canCancelIrn(row.ack_at, nowMs)) throw conflict('An IRN can be cancelled only within 24 hours of its registration');
  if (row.ewb_no) throw conflict('Cancel the e-way bill of this invoice first');
  const conn = await connectionFor(dbh, config, row.company_id, row.seller_gstin!).catch((e: Error) => {
    throw invalid(e.message);
  });
  const irp = irpFor(conn, config);
  try {
    await irp.cancel(row.irn, reason, remark);
  } catch (err) {
    if (err instanceof IrpRefusal) throw invalid(err.message);
    throw err;
  }
  const now = nowIso();
  await updateEinvoice(dbh.db, invoiceId, { status: 'cancelled', cancelled_at: now, cancel_reason: `${reason} ${CANCEL_REASONS[reason]}: ${remark}`.slice(0, 200), updated_at: now });
  return (await findEinvoice(dbh.db, invoiceId))!;
}

/**
 * Generates the e-way bill of a registered invoice by its IRN (a consignment
 * worth more than ₹50,000) and keeps its number and validity on the invoice.
 */
export async function generateEwayBill(dbh: DbHandle, config: AppConfig, actor: ServiceActor, invoiceId: string, input: EwayBillInput) {
  const row = await einvoiceInScope(dbh, actor, invoiceId);
  if (row.status !== 'registered' || !row.irn) throw conflict('An e-way bill by IRN needs a registered IRN');
  if (row.ewb_no) throw conflict('This invoice already has an e-way bill');
  const conn = await connectionFor(dbh, config, row.company_id, row.seller_gstin!).catch((e: Error) => {
    throw invalid(e.message);
  });
  const irp = irpFor(conn, config);
  let answer;
  try {
    answer = await irp.ewayBillByIrn({
      Irn: row.irn, Distance: input.distanceKm, TransMode: input.transMode, ...(input.transId ? { TransId: input.transId } : {}),
      ...(input.transName ? { TransName: input.transName } : {}), ...(input.vehNo ? { VehNo: input.vehNo, VehType: 'R' as const } : {}),
    });
  } catch (err) {
    if (err instanceof IrpRefusal) throw invalid(err.message);
    throw err;
  }
  const now = nowIso();
  const at = ackDateToIso(answer.EwbDt);
  const validTill = answer.EwbValidTill ? ackDateToIso(answer.EwbValidTill) : null;
  await updateEinvoice(dbh.db, invoiceId, { ewb_no: String(answer.EwbNo), ewb_at: at, ewb_valid_till: validTill, updated_at: now });
  await insertEwayBill(dbh.db, {
    id: uuidv7(), company_id: row.company_id, invoice_id: invoiceId, source: 'irn', connection_id: null, gstin: row.seller_gstin!, ewb_no: String(answer.EwbNo),
    ewb_at: at, valid_till: validTill, distance_km: input.distanceKm || null, trans_mode: input.transMode, transporter_id: input.transId ?? null,
    vehicle_no: input.vehNo ?? null, trans_doc_no: null, trans_doc_date: null, part_b_at: input.vehNo ? at : null, status: 'active', cancelled_at: null,
    cancel_reason: null, consolidated_no: null, demo: irp.demo ? 1 : 0, created_at: now, updated_at: now,
  });
  return (await findEinvoice(dbh.db, invoiceId))!;
}

/**
 * Cancels the e-way bill of an invoice within 24 hours of its generation (CANEWB), with a reason code and
 * remark: the number, time and reason are kept, and the invoice may then get a new e-way bill or its IRN
 * be cancelled. The IRP offers CANEWB in its sandbox only: with NIC's production IRP it goes to the e-way
 * bill system with the GSTIN's own credentials (a gst-ewb connection).
 */
export async function cancelEwayBill(dbh: DbHandle, config: AppConfig, actor: ServiceActor, invoiceId: string, reason: EwbCancelReason, remark: string, nowMs = Date.now()) {
  const row = await einvoiceInScope(dbh, actor, invoiceId);
  if (!row.ewb_no || !row.ewb_at) throw conflict('This invoice has no e-way bill');
  if (!canCancelEwb(row.ewb_at, nowMs)) throw conflict('An e-way bill can be cancelled only within 24 hours of its generation');
  const conn = await connectionFor(dbh, config, row.company_id, row.seller_gstin!).catch((e: Error) => {
    throw invalid(e.message);
  });
  const irpDemo = conn.demo || conn.settings.mode === 'demo';
  let answer;
  if (!irpDemo && conn.baseUrl.replace(/\/+$/, '') === IRP_PRODUCTION_URL) {
    // NIC's production IRP does not cancel e-way bills: the e-way bill system does, with its own credentials.
    const { ewb } = await ewbClientFor(dbh, config, row.company_id, row.seller_gstin!).catch(() => {
      throw invalid(`Add the e-way bill system credentials of GSTIN ${row.seller_gstin} in Settings > GST to cancel this e-way bill: NIC's production IRP does not cancel e-way bills`);
    });
    answer = await asked(() => ewb.cancel(row.ewb_no!, reason, remark));
  } else {
    try {
      answer = await irpFor(conn, config).cancelEwayBill(row.ewb_no, reason, remark);
    } catch (err) {
      if (err instanceof IrpRefusal) throw invalid(err.message);
      throw err;
    }
  }
  if (String(answer.ewayBillNo) !== row.ewb_no) throw invalid(`The e-way bill system answered for e-way bill ${String(answer.ewayBillNo).slice(0, 20)}, not ${row.ewb_no}`);
  let at: string;
  try {
    at = ewbDateToIso(String(answer.cancelDate));
  } catch {
    at = nowIso();
  }
  const why = `${reason} ${EWB_CANCEL_REASONS[reason]}: ${remark}`.slice(0, 200);
  await updateEinvoice(dbh.db, invoiceId, { ewb_no: null, ewb_at: null, ewb_valid_till: null, ewb_cancelled_no: row.ewb_no, ewb_cancelled_at: at, ewb_cancel_reason: why, updated_at: nowIso() });
  const own = await activeEwayBillOf(dbh.db, invoiceId, null);
  if (own?.ewb_no === row.ewb_no) await updateEwayBill(dbh.db, own.id, { status: 'cancelled', cancelled_at: at, cancel_reason: why, updated_at: nowIso() });
  return (await findEinvoice(dbh.db, invoiceId))!;
}
