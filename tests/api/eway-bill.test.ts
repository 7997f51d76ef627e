// E-way bills through NIC's e-way bill system, end to end against a local server that answers as its API
// documents (edge-api/integrations/gst/ewb-test-server.ts): a B2C invoice over ₹50,000 of a company
// without e-invoicing gets its e-way bill with the distance the system computes from the PIN codes, the
// courier's transporter id and the mode; Part B is updated; it is cancelled within 24 hours and refused
// after; the system's refusals (a second e-way bill for the document, an unknown GSTIN) and its silence
// are said plainly; a manifest's e-way bills are consolidated; and an e-way bill made by IRN on NIC's
// production IRP is cancelled through the e-way bill system.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { loadPincodes } from '../../db/pincodes/load';
import { findTaskByKey } from '../../db/integrations/tasks';
import { defaultConfig } from '../../edge-api/app';
import { startFakeEwb, type FakeEwb } from '../../edge-api/integrations/gst/ewb-test-server';
import { ewbClientOptions } from '../../edge-api/integrations/gst/ewb-connection';
import { startFakeIrp, type FakeIrp } from '../../edge-api/integrations/gst/irp-test-server';
import { TASK_HANDLERS } from '../../edge-api/integrations/handlers';
import { drainTasks } from '../../edge-api/integrations/tasks';
import { irnTaskKey } from '../../edge-api/services/billing/einvoice-queue';
import { makeGstin } from '../../domain/gstin';
import { makeTestApp, signIn, signInDemo, type Agent } from './helpers';
import { pricedTeaInStock } from './orders-fixtures';

const C0 = DEMO_COMPANIES[0].id;
const BHW1 = DEMO_WAREHOUSES[0].id; // Bhiwandi 421302, Maharashtra
const TRANSPORTER = makeGstin('27', 'AACCD1234E');

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let seller: Agent;
let ewb: FakeEwb;
let sellerGstin = '';
let teaId = '';
let seq = 0;

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 3 });
  seller = await signInDemo(ctx.app, 'seller');
  ewb = await startFakeEwb();
  ewbClientOptions.timeoutMs = 1500;
  ewb.distances.set('421302-560001', 1010);
  ewb.distances.set('421302-400028', 48);
  await loadPincodes(ctx.db, { records: [{ pincode: 560001, district: 'Bengaluru', state: 'Karnataka' }, { pincode: 400028, district: 'Mumbai', state: 'Maharashtra' }, { pincode: 421302, district: 'Thane', state: 'Maharashtra' }] });
  teaId = await pricedTeaInStock(ctx.db, C0, BHW1, 20_000_00);
  sellerGstin = (await ctx.db.selectFrom('company_gstins').select('gstin').where('company_id', '=', C0).where('state_code', '=', '27').executeTakeFirstOrThrow()).gstin;
  const conn = await seller.json('/api/integrations/connections', {
    method: 'POST',
    body: {
      kind: 'gst-ewb', label: 'E-way bills Maharashtra', baseUrl: ewb.url,
      settings: { gstin: sellerGstin, mode: 'ewb', clientId: ewb.credentials.clientId, username: ewb.credentials.username, publicKeyPem: ewb.publicKeyPem },
      secrets: { clientSecret: ewb.credentials.clientSecret, password: ewb.credentials.password },
    },
  });
  expect(conn.status, JSON.stringify(conn.body)).toBe(201);
  expect(JSON.stringify(conn.body)).not.toContain(ewb.credentials.password);
}, 60_000);
afterAll(async () => {
  delete ewbClientOptions.timeoutMs;
  await ewb?.close();
});

const bengaluru = { firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: '', address1: '12 MG Road', address2: 'Shivajinagar', zip: '560001', city: 'Bengaluru', state: 'Karnataka', gstin: '', companyName: '' };

/** An order of three tins at ₹20,000 (₹60,040 with shipping), READY TO SHIP: its invoice. */
async function bigOrder(over: { orderType?: number; address?: typeof bengaluru } = {}) {
  const r = await seller.json('/api/orders/manual', {
    method: 'POST',
    body: { id: `EWB-${++seq}-${Date.now() % 100000}`, orderType: over.orderType ?? 0, pricingType: 0, paymentMethod: 'prepaid', shippingPrice: '40', whId: BHW1, shippingAddress: over.address ?? bengaluru, sameAsShipping: true, items: [{ catalogueId: teaId, quantity: 3 }] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const rts = await seller.json(`/api/orders/${r.body.data.id}/ready-to-ship`, { method: 'PATCH' });
  expect(rts.status, JSON.stringify(rts.body)).toBe(200);
  const invoice = await ctx.db.selectFrom('invoices').selectAll().where('order_id', '=', r.body.data.id).executeTakeFirstOrThrow();
  return { orderId: r.body.data.id as string, invoice };
}
const detail = async (id: string) => (await seller.json(`/api/orders/${id}`)).body.data;

/** The text of the order's invoice PDF as poppler's pdftotext reads it. */
async function invoiceText(orderId: string): Promise<string> {
  const res = await seller.request('/api/download/invoice', { method: 'POST', body: { orderId: [orderId] } });
  expect(res.status).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'ewb-invoice-'));
  writeFileSync(join(dir, 'invoice.pdf'), Buffer.from(await res.arrayBuffer()));
  return execFileSync('pdftotext', [join(dir, 'invoice.pdf'), '-']).toString('utf8');
}
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The fake system's validity (11:59 PM India time of its last day) as a person in India reads it: "6 Dec 2026, 11:59 pm". */
const lastMinuteText = (ms: number) => {
  const ist = new Date(ms + 330 * 60_000);
  expect([ist.getUTCHours(), ist.getUTCMinutes()]).toEqual([23, 59]);
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}, 11:59 pm`;
};
const lastCall = (action: string) => ewb.calls.filter((c) => c.action === action).at(-1)?.payload as Record<string, unknown>;

describe('an e-way bill for an invoice without an IRN', () => {
  it('is generated with the distance the system computes from the PIN codes, the transporter id and the mode, and its validity', async () => {
    const { orderId, invoice } = await bigOrder();
    expect(await detail(orderId)).toMatchObject({ ewayBillNeeded: true });
    const r = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: { transMode: '1', transporterId: TRANSPORTER.toLowerCase(), transporterName: 'Delhivery', vehicleNo: 'mh04ab1234' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const sent = lastCall('GENEWAYBILL');
    expect(sent).toMatchObject({
      supplyType: 'O', docType: 'INV', docNo: invoice.invoice_number, fromGstin: sellerGstin, toGstin: 'URP', fromPincode: 421302, toPincode: 560001,
      fromStateCode: 27, toStateCode: 29, actToStateCode: 29, transDistance: '0', transMode: '1', transporterId: TRANSPORTER, vehicleNo: 'MH04AB1234',
      totInvValue: Number(invoice.amount_paise) / 100, cgstValue: 0, sgstValue: 0,
    });
    const bill = ewb.bills.get(r.body.ewayBill.ewbNo)!;
    expect(bill.distance).toBe(1010);
    // 1010 km is six days, to 11:59 PM India time of the sixth day after the day of generation (the system's count).
    expect(r.body.ewayBill).toMatchObject({ source: 'ewb', distanceKm: 1010, transporterId: TRANSPORTER, vehicleNo: 'MH04AB1234', validTill: new Date(bill.validUpto!).toISOString(), canCancel: true, demo: false });
    const ist = new Date(bill.at + 330 * 60_000);
    expect(new Date(bill.validUpto! + 330 * 60_000).toISOString().slice(0, 16)).toBe(`${new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + 6)).toISOString().slice(0, 10)}T23:59`);
    // The order is no longer flagged; the seller's list shows it.
    expect(await detail(orderId)).toMatchObject({ ewayBillNeeded: false, ewayBill: r.body.ewayBill.ewbNo });
    // The invoice prints its number and validity, India time, as the label and manifest do.
    expect(await invoiceText(orderId)).toContain(`E-way bill: ${r.body.ewayBill.ewbNo}, valid till ${lastMinuteText(bill.validUpto!)} IST`);
    const list = await seller.json('/api/gst/ewaybills');
    expect(list.body.ewayBills).toContainEqual(expect.objectContaining({ invoiceId: invoice.id, ewbNo: r.body.ewayBill.ewbNo }));
    // A second one for the same invoice is refused here, before the system is asked.
    const calls = ewb.calls.length;
    const again = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: {} });
    expect(again.status).toBe(409);
    expect(ewb.calls.length).toBe(calls);
  }, 30_000);

  it("updates Part B from the seller's e-way bill, and the validity the system answers", async () => {
    const { orderId, invoice } = await bigOrder();
    const made = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: { transMode: '1', transporterId: TRANSPORTER } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.ewayBill).toMatchObject({ vehicleNo: null, validTill: null, partBAt: null });
    // No validity before Part B: the invoice prints the number alone.
    const before = await invoiceText(orderId);
    expect(before).toContain(`E-way bill: ${made.body.ewayBill.ewbNo}`);
    expect(before).not.toContain('valid till');
    const noVehicle = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill/part-b`, { method: 'POST', body: { transMode: '1', reason: '4', remark: 'First vehicle' } });
    expect(noVehicle.status).toBe(400);
    const r = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill/part-b`, { method: 'POST', body: { transMode: '1', vehicleNo: 'KA01AB4321', reason: '4', remark: 'First vehicle' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(lastCall('VEHEWB')).toMatchObject({ ewbNo: Number(made.body.ewayBill.ewbNo), vehicleNo: 'KA01AB4321', fromPlace: 'Bhiwandi', fromState: 27, reasonCode: '4', reasonRem: 'First vehicle', transMode: '1' });
    const bill = ewb.bills.get(made.body.ewayBill.ewbNo)!;
    expect(bill.vehicleNo).toBe('KA01AB4321');
    expect(r.body.ewayBill).toMatchObject({ vehicleNo: 'KA01AB4321', validTill: new Date(bill.validUpto!).toISOString(), partBAt: expect.any(String) });
    expect(await invoiceText(orderId)).toContain(`E-way bill: ${made.body.ewayBill.ewbNo}, valid till ${lastMinuteText(bill.validUpto!)} IST`);
    // Another company's seller does not see it.
    const other = await signIn(ctx.app, 'd2r@shipdesk.in', 'Distributor@1234');
    const calls = ewb.calls.length;
    expect((await other.json(`/api/gst/invoices/${invoice.id}/ewaybill/part-b`, { method: 'POST', body: { vehicleNo: 'KA01AB0000', reason: '1', remark: 'Not mine' } })).status).toBe(404);
    expect((await other.json(`/api/gst/invoices/${invoice.id}/ewaybill/cancel`, { method: 'POST', body: { reason: '1', remark: 'Not mine' } })).status).toBe(404);
    expect((await other.json('/api/gst/ewaybills')).body.ewayBills).toEqual([]);
    expect(ewb.calls.length).toBe(calls);
  }, 30_000);

  it('is cancelled within 24 hours with a reason, and refused after with a clear message', async () => {
    const { orderId, invoice } = await bigOrder();
    const made = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: { vehicleNo: 'MH04AB1234' } });
    const ewbNo = made.body.ewayBill.ewbNo as string;
    const r = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill/cancel`, { method: 'POST', body: { reason: '2', remark: 'Order cancelled by buyer' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(lastCall('CANEWB')).toEqual({ ewbNo: Number(ewbNo), cancelRsnCode: 2, cancelRmrk: 'Order cancelled by buyer' });
    expect(ewb.bills.get(ewbNo)).toMatchObject({ cancelled: true, cancelReason: 2 });
    const row = await ctx.db.selectFrom('eway_bills').selectAll().where('ewb_no', '=', ewbNo).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'cancelled', cancel_reason: '2 Order cancelled: Order cancelled by buyer' });
    expect(await detail(orderId)).toMatchObject({ ewayBillNeeded: true });

    // A new one; its row says it is a day old: refused here, nothing sent.
    const second = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: { vehicleNo: 'MH04AB1234' } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    await ctx.db.updateTable('eway_bills').set({ ewb_at: new Date(Date.now() - 24 * 3600_000 - 60_000).toISOString() }).where('ewb_no', '=', second.body.ewayBill.ewbNo).execute();
    const calls = ewb.calls.length;
    const late = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill/cancel`, { method: 'POST', body: { reason: '1', remark: 'Duplicate' } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('An e-way bill can be cancelled only within 24 hours of its generation');
    expect(ewb.calls.length).toBe(calls);
  }, 30_000);

  it("shows the system's own refusal when its clock says 24 hours have passed (315)", async () => {
    const { invoice } = await bigOrder();
    const made = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: { vehicleNo: 'MH04AB1234' } });
    ewb.clock.offsetMs = 24 * 3600_000 + 60_000;
    const r = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill/cancel`, { method: 'POST', body: { reason: '1', remark: 'Duplicate' } }).finally(() => (ewb.clock.offsetMs = 0));
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('315 Validity period lapsed, you cannot cancel this eway bill');
    expect((await ctx.db.selectFrom('eway_bills').select('status').where('ewb_no', '=', made.body.ewayBill.ewbNo).executeTakeFirstOrThrow()).status).toBe('active');
  }, 30_000);

  it("says the system's refusals and its silence, keeping nothing: an unknown GSTIN (212), down, silent", async () => {
    const { invoice } = await bigOrder();
    const buyerGstin = makeGstin('27', 'AAPFU0939F');
    ewb.invalidGstins.add(buyerGstin);
    const b2b = await bigOrder({ orderType: 1, address: { ...bengaluru, zip: '400028', city: 'Mumbai', state: 'Maharashtra', address1: 'Shop 4, Linking Road', gstin: buyerGstin, companyName: 'Mumbai Retail LLP' } });
    const bad = await seller.json(`/api/gst/invoices/${b2b.invoice.id}/ewaybill`, { method: 'POST', body: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('212 Invalid Consignee GSTIN');
    ewb.invalidGstins.clear();

    ewb.failures.push('down');
    const down = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: {} });
    expect(down.status).toBe(409);
    // It may have made it before failing: it was asked, and has none.
    expect(down.body.message).toBe(`The e-way bill system did not answer and shows no e-way bill for invoice ${invoice.invoice_number} yet. Try again in a few minutes: ShipDesk looks it up before generating again`);
    expect(lastCall('GetEwayBillGeneratedByConsigner')).toEqual({ docType: 'INV', docNo: invoice.invoice_number!.toUpperCase() });
    const quiet = await bigOrder();
    ewb.failures.push('silent');
    const silent = await seller.json(`/api/gst/invoices/${quiet.invoice.id}/ewaybill`, { method: 'POST', body: {} });
    expect(silent.status).toBe(409);
    expect(silent.body.message).toContain('did not answer');
    expect(await ctx.db.selectFrom('eway_bills').select('id').where('invoice_id', 'in', [invoice.id, b2b.invoice.id, quiet.invoice.id]).execute()).toEqual([]);
    // Up again: generated, intra-state to Mumbai with CGST and SGST.
    const ok = await seller.json(`/api/gst/invoices/${b2b.invoice.id}/ewaybill`, { method: 'POST', body: {} });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(lastCall('GENEWAYBILL')).toMatchObject({ toGstin: buyerGstin, toPincode: 400028, toStateCode: 27, igstValue: 0 });
    expect(ok.body.ewayBill.distanceKm).toBe(48);
  }, 30_000);

  const generatesFor = (docNo: string) => ewb.calls.filter((c) => c.action === 'GENEWAYBILL' && (c.payload as { docNo: string }).docNo === docNo).length;
  const billsOf = (docNo: string) => [...ewb.bills.values()].filter((b) => b.docNo === docNo.toUpperCase());
  const storedFor = (invoiceId: string) => ctx.db.selectFrom('eway_bills').select(['ewb_no', 'status']).where('invoice_id', '=', invoiceId).execute();
  const inDoubt = (invoiceId: string) => ctx.db.selectFrom('eway_bill_requests').selectAll().where('invoice_id', '=', invoiceId).execute();

  it('recovers a Generate whose answer was lost (the connection dropped after the system made it) by looking the document up: one e-way bill, stored', async () => {
    const { orderId, invoice } = await bigOrder();
    const docNo = invoice.invoice_number!;
    ewb.failures.push('lost');
    const r = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: { transMode: '1', vehicleNo: 'MH04AB1234' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const made = billsOf(docNo);
    expect(made).toHaveLength(1);
    expect(generatesFor(docNo)).toBe(1);
    expect(lastCall('GetEwayBillGeneratedByConsigner')).toEqual({ docType: 'INV', docNo: docNo.toUpperCase() });
    expect(r.body.ewayBill).toMatchObject({ ewbNo: String(made[0].ewbNo), source: 'ewb', validTill: new Date(made[0].validUpto!).toISOString() });
    expect(await storedFor(invoice.id)).toEqual([{ ewb_no: String(made[0].ewbNo), status: 'active' }]);
    expect(await inDoubt(invoice.id)).toEqual([]);
    expect(await detail(orderId)).toMatchObject({ ewayBillNeeded: false, ewayBill: String(made[0].ewbNo) });
  }, 30_000);

  it('reconciles a 604 (the document has an e-way bill already, made on the portal or by an answer lost earlier) with the lookup, and stores it', async () => {
    const { invoice } = await bigOrder();
    const docNo = invoice.invoice_number!;
    const at = Date.now() - 3600_000;
    ewb.bills.set('329999999999', { ewbNo: 329999999999, gstin: sellerGstin, docNo: docNo.toUpperCase(), at, distance: 10, validUpto: null, vehicleNo: '', transDocNo: '', transMode: '1', partBUpdates: 0 });
    const r = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.ewayBill).toMatchObject({ ewbNo: '329999999999', validTill: null });
    // Its generation time is the system's (to the second), not ours.
    expect(Math.floor(Date.parse(r.body.ewayBill.generatedAt) / 1000)).toBe(Math.floor(at / 1000));
    expect(billsOf(docNo)).toHaveLength(1);
    expect(generatesFor(docNo)).toBe(1);
    expect(await storedFor(invoice.id)).toEqual([{ ewb_no: '329999999999', status: 'active' }]);
    expect(await inDoubt(invoice.id)).toEqual([]);
  }, 30_000);

  it('leaves a Generate in doubt, listed with what the seller was told, when the lookup fails too; the next one looks up first and never generates twice', async () => {
    const { invoice } = await bigOrder();
    const docNo = invoice.invoice_number!;
    ewb.failures.push('lost');
    ewb.lookupDown.on = true;
    const r = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: { vehicleNo: 'MH04AB1234' } }).finally(() => (ewb.lookupDown.on = false));
    expect(r.status).toBe(409);
    const told = `The e-way bill system did not answer, and may have made the e-way bill of invoice ${docNo}. ShipDesk looks it up before generating again: try again in a few minutes (nothing is generated twice)`;
    expect(r.body.message).toBe(told);
    expect(billsOf(docNo)).toHaveLength(1);
    expect(await storedFor(invoice.id)).toEqual([]);
    const list = await seller.json('/api/gst/ewaybills');
    expect(list.body.pending).toContainEqual(expect.objectContaining({ invoiceId: invoice.id, docNo, message: told }));
    expect(list.body.ewayBills.map((e: { invoiceId: string }) => e.invoiceId)).not.toContain(invoice.id);
    // Another company's seller does not see it.
    const other = await signIn(ctx.app, 'd2r@shipdesk.in', 'Distributor@1234');
    expect((await other.json('/api/gst/ewaybills')).body.pending).toEqual([]);

    // Asked again: the lookup finds it, nothing is sent to Generate.
    const again = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: { vehicleNo: 'MH04AB1234' } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.ewayBill.ewbNo).toBe(String(billsOf(docNo)[0].ewbNo));
    expect(generatesFor(docNo)).toBe(1);
    expect(billsOf(docNo)).toHaveLength(1);
    expect(await storedFor(invoice.id)).toHaveLength(1);
    expect(await inDoubt(invoice.id)).toEqual([]);
    expect((await seller.json('/api/gst/ewaybills')).body.pending).not.toContainEqual(expect.objectContaining({ invoiceId: invoice.id }));
  }, 30_000);

  it('says a 604 the lookup does not return (made by another user of the GSTIN), keeps it in doubt and stores nothing', async () => {
    const { invoice } = await bigOrder();
    const docNo = invoice.invoice_number!;
    ewb.bills.set('328888888888', { ewbNo: 328888888888, gstin: sellerGstin, docNo: docNo.toUpperCase(), at: Date.now(), distance: 10, validUpto: null, vehicleNo: '', transDocNo: '', transMode: '1', partBUpdates: 0, generatedByOther: true });
    const r = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: {} });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(`The e-way bill system says invoice ${docNo} already has an e-way bill (604) but did not return it (The e-way bill system refused: 325 Could not retrieve data). Check it on the e-way bill portal; Generate looks it up again first`);
    expect(await storedFor(invoice.id)).toEqual([]);
    expect(await inDoubt(invoice.id)).toMatchObject([{ status: 'unknown', doc_no: docNo, last_error: r.body.message }]);
    expect(generatesFor(docNo)).toBe(1);
    // Asked again: looked up first (still none), then Generate is refused 604 again; still one e-way bill at the system.
    const again = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: {} });
    expect(again.status).toBe(400);
    expect(billsOf(docNo)).toHaveLength(1);
    expect(await storedFor(invoice.id)).toEqual([]);
    ewb.bills.delete('328888888888');
  }, 30_000);

  it("consolidates a manifest's e-way bills for one vehicle", async () => {
    const a = await bigOrder();
    const b = await bigOrder();
    const ea = await seller.json(`/api/gst/invoices/${a.invoice.id}/ewaybill`, { method: 'POST', body: {} });
    const eb = await seller.json(`/api/gst/invoices/${b.invoice.id}/ewaybill`, { method: 'POST', body: {} });
    const none = await bigOrder();
    const missing = await seller.json('/api/gst/ewaybills/consolidate', { method: 'POST', body: { orderIds: [a.orderId, none.orderId], vehicleNo: 'MH04AB1234' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('has no e-way bill');
    const r = await seller.json('/api/gst/ewaybills/consolidate', { method: 'POST', body: { orderIds: [a.orderId, b.orderId], vehicleNo: 'mh04ab1234' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(ewb.consolidated.get(r.body.consolidatedNo)?.map(String).sort()).toEqual([ea.body.ewayBill.ewbNo, eb.body.ewayBill.ewbNo].sort());
    expect(lastCall('GENCEWB')).toMatchObject({ fromPlace: 'Bhiwandi', fromState: 27, vehicleNo: 'MH04AB1234', transMode: '1' });
    const list = (await seller.json('/api/gst/ewaybills')).body.ewayBills as { invoiceId: string; consolidatedNo: string | null }[];
    expect(list.find((e) => e.invoiceId === a.invoice.id)?.consolidatedNo).toBe(r.body.consolidatedNo);
  }, 30_000);
});

describe('an e-way bill made by IRN on NIC production IRP', () => {
  let irp: FakeIrp;
  afterAll(() => irp?.close());

  it('is cancelled through the e-way bill system, which NIC says to use in production', async () => {
    irp = await startFakeIrp();
    const config = defaultConfig({ dataDir: `/tmp/shipdesk-test-${process.pid}` });
    expect((await seller.json('/api/gst/settings', { method: 'PUT', body: { einvoicing: true, turnoverBand: '5cr_to_10cr' } })).status).toBe(200);
    const conn = await seller.json('/api/integrations/connections', {
      method: 'POST',
      body: {
        kind: 'gst-irp', label: 'IRP', baseUrl: irp.url,
        settings: { gstin: sellerGstin, mode: 'irp', clientId: irp.credentials.clientId, username: irp.credentials.username, publicKeyPem: irp.publicKeyPem },
        secrets: { clientSecret: irp.credentials.clientSecret, password: irp.credentials.password },
      },
    });
    expect(conn.status, JSON.stringify(conn.body)).toBe(201);
    const { invoice } = await bigOrder({ orderType: 1, address: { ...bengaluru, gstin: makeGstin('29', 'AAPFU0939F'), companyName: 'Bengaluru Retail LLP' } });
    const task = (await findTaskByKey(ctx.db, irnTaskKey(invoice.id)))!;
    await drainTasks(ctx.dbh, config, pino({ level: 'silent' }), TASK_HANDLERS, { taskId: task.id });
    // Not for an invoice with an IRN: that one is made by IRN.
    const own = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: {} });
    expect(own.status).toBe(409);
    const made = await seller.json(`/api/gst/einvoices/${invoice.id}/ewaybill`, { method: 'POST', body: { distanceKm: 1000, transMode: '1', vehNo: 'MH04AB1234' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const ewbNo = made.body.einvoice.ewbNo as string;
    // The e-way bill system knows it (NIC's systems share it); the connection now points at NIC's production IRP.
    ewb.bills.set(ewbNo, { ewbNo: Number(ewbNo), gstin: sellerGstin, docNo: invoice.invoice_number!, at: Date.now(), distance: 1000, validUpto: null, vehicleNo: 'MH04AB1234', transDocNo: '', transMode: '1', partBUpdates: 0 });
    await ctx.db.updateTable('integration_connections').set({ base_url: 'https://einvoice1.gst.gov.in' }).where('id', '=', conn.body.connection.id).execute();
    const irpCalls = irp.calls.length;
    const r = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill/cancel`, { method: 'POST', body: { reason: '3', remark: 'Wrong vehicle' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(irp.calls.length).toBe(irpCalls);
    expect(lastCall('CANEWB')).toEqual({ ewbNo: Number(ewbNo), cancelRsnCode: 3, cancelRmrk: 'Wrong vehicle' });
    expect(ewb.bills.get(ewbNo)?.cancelled).toBe(true);
    const row = await ctx.db.selectFrom('einvoices').selectAll().where('invoice_id', '=', invoice.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ewb_no: null, ewb_cancelled_no: ewbNo });
    expect((await ctx.db.selectFrom('eway_bills').select('status').where('ewb_no', '=', ewbNo).executeTakeFirstOrThrow()).status).toBe('cancelled');
  }, 60_000);
});
