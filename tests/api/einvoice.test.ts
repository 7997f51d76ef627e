// GST e-invoicing end to end against a local server that answers as NIC's IRP
// (edge-api/integrations/gst/irp-test-server.ts): a B2B invoice of a company
// with e-invoicing on waits for its IRN from READY_TO_SHIP, is registered once
// through the durable outbox (a lost answer, a portal that is down), prints its
// IRN, Ack No and a QR code that zbar reads back to the IRP's signed JWT, shows
// in the seller's queue when refused, and can be cancelled within 24 hours.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { loadPincodes } from '../../db/pincodes/load';
import { defaultConfig } from '../../edge-api/app';
import { readPdf } from '../../edge-api/documents/pdf-test-utils';
import { jwsPayload, verifyJws } from '../../edge-api/integrations/gst/crypto';
import { demoKeyPair } from '../../edge-api/integrations/gst/demo-irp';
import { documentedIrn, startFakeIrp, type FakeIrp } from '../../edge-api/integrations/gst/irp-test-server';
import { TASK_HANDLERS } from '../../edge-api/integrations/handlers';
import { drainTasks } from '../../edge-api/integrations/tasks';
import { findTaskByKey } from '../../db/integrations/tasks';
import { irnTaskKey } from '../../edge-api/services/billing/einvoice-queue';
import { makeGstin } from '../../domain/gstin';
import { makeTestApp, signIn, signInDemo, type Agent } from './helpers';

const C0 = DEMO_COMPANIES[0].id;
const BHW1 = DEMO_WAREHOUSES[0].id; // Bhiwandi, Maharashtra
const BUYER_GSTIN = makeGstin('27', 'AAPFU0939F');

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let seller: Agent;
let irp: FakeIrp;
let sellerGstin = '';
let teaId = '';
let connectionId = '';
const config = defaultConfig({ dataDir: `/tmp/shipdesk-test-${process.pid}` });
const log = pino({ level: 'silent' });
const later = (hours: number) => () => new Date(Date.now() + hours * 3600_000);
const drain = (hours = 1 / 60) => drainTasks(ctx.dbh, config, log, TASK_HANDLERS, { now: later(hours) });

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 5 });
  seller = await signInDemo(ctx.app, 'seller');
  irp = await startFakeIrp();
  await loadPincodes(ctx.db, { records: [{ pincode: 400028, district: 'Mumbai', state: 'Maharashtra' }, { pincode: 421302, district: 'Thane', state: 'Maharashtra' }] });
  const tea = await ctx.db.selectFrom('catalogue_items').select(['id']).where('company_id', '=', C0).where('sku', '=', 'CP-0001').executeTakeFirstOrThrow();
  teaId = tea.id;
  const wsin = (await ctx.db.selectFrom('catalogue_wsins').select('wsin').where('catalogue_id', '=', teaId).executeTakeFirstOrThrow()).wsin;
  const inv = await ctx.db.selectFrom('inventory').select('id').where('warehouse_id', '=', BHW1).where('company_id', '=', C0).where('wsin', '=', wsin).executeTakeFirst();
  if (inv) await ctx.db.updateTable('inventory').set({ quantity: 1000, blocked: 0 }).where('id', '=', inv.id).execute();
  else await ctx.db.insertInto('inventory').values({ id: `inv-einv-${wsin}`, warehouse_id: BHW1, company_id: C0, wsin, location: 'A-1', quantity: 1000, blocked: 0, scanned_quantity: 0, version: 0, updated_at: new Date().toISOString() }).execute();
  sellerGstin = (await ctx.db.selectFrom('company_gstins').select('gstin').where('company_id', '=', C0).where('state_code', '=', '27').executeTakeFirstOrThrow()).gstin;

  const settings = await seller.json('/api/gst/settings', { method: 'PUT', body: { einvoicing: true, turnoverBand: '5cr_to_10cr' } });
  expect(settings.body.settings).toEqual({ einvoicing: true, turnoverBand: '5cr_to_10cr', hsnDigits: 6, required: true });
  const conn = await seller.json('/api/integrations/connections', {
    method: 'POST',
    body: {
      kind: 'gst-irp', label: 'IRP Maharashtra', baseUrl: irp.url,
      settings: { gstin: sellerGstin, mode: 'irp', clientId: irp.credentials.clientId, username: irp.credentials.username, publicKeyPem: irp.publicKeyPem },
      secrets: { clientSecret: irp.credentials.clientSecret, password: irp.credentials.password },
    },
  });
  expect(conn.status, JSON.stringify(conn.body)).toBe(201);
  expect(JSON.stringify(conn.body)).not.toContain(irp.credentials.password);
  connectionId = conn.body.connection.id;
}, 60_000);
afterAll(() => irp?.close());

const mumbai = { firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: '', address1: 'Shop 4, Linking Road', address2: 'Dadar West', zip: '400028', city: 'Mumbai', state: 'Maharashtra', gstin: BUYER_GSTIN, companyName: 'Mumbai Retail LLP' };
let seq = 0;

async function placedB2bOrder(quantity = 3): Promise<{ id: string; shopOrderId: string }> {
  const r = await seller.json('/api/orders/manual', {
    method: 'POST',
    body: { id: `EINV-${++seq}-${Date.now() % 100000}`, orderType: 1, pricingType: 0, paymentMethod: 'prepaid', shippingPrice: '40', whId: BHW1, shippingAddress: mumbai, sameAsShipping: true, items: [{ catalogueId: teaId, quantity }] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

async function shippedB2bOrder(quantity = 3) {
  const r = { body: { data: await placedB2bOrder(quantity) } };
  const rts = await seller.json(`/api/orders/${r.body.data.id}/ready-to-ship`, { method: 'PATCH' });
  expect(rts.status, JSON.stringify(rts.body)).toBe(200);
  const invoice = await ctx.db.selectFrom('invoices').selectAll().where('order_id', '=', r.body.data.id).executeTakeFirstOrThrow();
  return { orderId: r.body.data.id as string, invoice };
}

const einvoiceRow = (invoiceId: string) => ctx.db.selectFrom('einvoices').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirstOrThrow();
const fy = (iso: string) => {
  const d = new Date(Date.parse(iso) + 330 * 60_000);
  const start = d.getUTCMonth() >= 3 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};

async function invoicePdf(orderId: string): Promise<Buffer> {
  const res = await seller.request('/api/download/invoice', { method: 'POST', body: { orderId: [orderId] } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The QR code of the first page as zbar reads it from a 300 dpi rendering. */
function qrOf(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'einv-'));
  writeFileSync(join(dir, 'invoice.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', '300', '-png', '-f', '1', '-l', '1', '-singlefile', join(dir, 'invoice.pdf'), join(dir, 'page')]);
  return execFileSync('zbarimg', ['--raw', '-q', '-Sqrcode.enable', join(dir, 'page.png')]).toString('utf8').trim();
}

describe('IRN at invoice issue', () => {
  it('waits as "IRN pending", is registered through the outbox, and prints IRN, Ack No and a QR code zbar reads back to the signed payload', async () => {
    const { orderId, invoice } = await shippedB2bOrder();
    expect((await einvoiceRow(invoice.id)).status).toBe('pending');
    const queue = await seller.json('/api/gst/einvoices');
    expect(queue.body.einvoices).toContainEqual(expect.objectContaining({ invoiceId: invoice.id, status: 'pending', docNo: invoice.invoice_number }));
    expect((await readPdf(await invoicePdf(orderId)))[0].text).toContain('IRN pending');

    await drain();
    const row = await einvoiceRow(invoice.id);
    const irn = documentedIrn(sellerGstin, fy(invoice.issued_at), 'INV', invoice.invoice_number);
    expect(row).toMatchObject({ status: 'registered', irn, seller_gstin: sellerGstin, demo: 0 });
    expect(row.ack_no).toMatch(/^\d{15}$/);
    expect(verifyJws(irp.publicKey, row.signed_invoice!)).toBe(true);

    const pdf = await invoicePdf(orderId);
    const text = (await readPdf(pdf))[0].text;
    expect(text).toContain(irn.slice(0, 32));
    expect(text).toContain(irn.slice(32));
    expect(text).toContain(`Ack No: ${row.ack_no}`);
    expect(text).not.toContain('IRN pending');
    const scanned = qrOf(pdf);
    expect(scanned).toBe(row.signed_qr_code);
    expect(verifyJws(irp.publicKey, scanned)).toBe(true);
    const qr = JSON.parse(jwsPayload<{ data: string }>(scanned).data);
    expect(qr).toMatchObject({
      SellerGstin: sellerGstin, BuyerGstin: BUYER_GSTIN, DocNo: invoice.invoice_number, DocTyp: 'INV', Irn: irn,
      TotInvVal: Number(invoice.amount_paise) / 100, MainHsnCode: '09024020',
    });
    // Registered once: another drain sends nothing.
    const before = irp.calls.length;
    await drain(1);
    expect(irp.calls.length).toBe(before);
  }, 60_000);

  it('reconciles a lost answer with Get IRN by document (2150), never registering twice', async () => {
    const { invoice } = await shippedB2bOrder();
    // Only this invoice's task runs: a task another test left due would otherwise take the IRP's next failure.
    const task = (await findTaskByKey(ctx.db, irnTaskKey(invoice.id)))!;
    const drainThis = (hours: number) => drainTasks(ctx.dbh, config, log, TASK_HANDLERS, { now: later(hours), taskId: task.id });
    irp.failures.push('lost'); // the IRP registers it, the answer never arrives
    const before = irp.calls.length;
    await drainThis(1 / 60);
    // The first attempt sent Generate IRN and its answer was lost (a status of pending alone cannot tell
    // that from an attempt that never reached the IRP, after which the retry would meet the lost answer).
    const first = irp.calls.slice(before).map((c) => c.path);
    expect(irp.failures, `the IRP calls of the first attempt: ${first.join(', ') || 'none'}`).toEqual([]);
    expect(first).toContain('/eicore/v1.03/Invoice');
    expect((await einvoiceRow(invoice.id)).status).toBe('pending');
    await drainThis(1); // the retry, due 30 s later
    const row = await einvoiceRow(invoice.id);
    expect(row.status, String(row.last_error)).toBe('registered');
    const key = `${sellerGstin}|INV|${invoice.invoice_number}|${fy(invoice.issued_at)}`;
    expect(row.ack_no).toBe(String(irp.registered.get(key)!.AckNo));
    expect(irp.calls.filter((c) => c.path === '/eicore/v1.03/Invoice/irnbydocdetails').length).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it('keeps the invoice pending with the reason while the portal is down, then registers it', async () => {
    const { invoice } = await shippedB2bOrder();
    irp.failures.push('down');
    await drain();
    const queue = await seller.json('/api/gst/einvoices?status=pending');
    const entry = queue.body.einvoices.find((e: { invoiceId: string }) => e.invoiceId === invoice.id);
    expect(entry).toMatchObject({ status: 'pending' });
    expect(entry.lastError).toContain('503');
    await drain(1);
    expect((await einvoiceRow(invoice.id)).status).toBe('registered');
  }, 30_000);

  it("shows an invoice the IRP refuses (invalid GSTIN) in the seller's queue, and registers it when asked again", async () => {
    irp.invalidGstins.add(BUYER_GSTIN);
    const { invoice } = await shippedB2bOrder();
    await drain();
    irp.invalidGstins.clear();
    const failed = await seller.json('/api/gst/einvoices?status=failed');
    expect(failed.body.einvoices).toContainEqual(expect.objectContaining({ invoiceId: invoice.id, status: 'failed', lastError: expect.stringContaining(`${BUYER_GSTIN} is invalid`) }));
    const again = await seller.json(`/api/gst/einvoices/${invoice.id}/register`, { method: 'POST' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await drain();
    expect((await einvoiceRow(invoice.id)).status).toBe('registered');
  }, 30_000);

  it('refuses an HSN shorter than the company band requires before calling the IRP', async () => {
    // An order placed before e-invoicing was turned on (orders made since are refused, see below): its line keeps a 4-digit HSN.
    const placed = await placedB2bOrder();
    await ctx.db.updateTable('order_items').set({ hsn_code: '0902' }).where('order_id', '=', placed.id).execute();
    const rts = await seller.json(`/api/orders/${placed.id}/ready-to-ship`, { method: 'PATCH' });
    expect(rts.status, JSON.stringify(rts.body)).toBe(200);
    const invoice = await ctx.db.selectFrom('invoices').selectAll().where('order_id', '=', placed.id).executeTakeFirstOrThrow();
    const calls = irp.calls.length;
    await drain();
    const row = await einvoiceRow(invoice.id);
    expect(row.status).toBe('failed');
    expect(row.last_error).toContain('HSN code must have at least 6 digits');
    expect(irp.calls.length).toBe(calls);
  }, 30_000);

  it('cancels an IRN within 24 hours with a reason, and refuses after', async () => {
    const { invoice } = await shippedB2bOrder();
    await drain();
    const bad = await seller.json(`/api/gst/einvoices/${invoice.id}/cancel`, { method: 'POST', body: { reason: '9', remark: 'x' } });
    expect(bad.status).toBe(400);
    const ok = await seller.json(`/api/gst/einvoices/${invoice.id}/cancel`, { method: 'POST', body: { reason: '2', remark: 'Wrong quantity' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.einvoice).toMatchObject({ status: 'cancelled', canCancel: false });
    expect(irp.calls.at(-1)?.payload).toMatchObject({ CnlRsn: '2', CnlRem: 'Wrong quantity' });

    const old = await shippedB2bOrder();
    await drain();
    await ctx.db.updateTable('einvoices').set({ ack_at: new Date(Date.now() - 25 * 3600_000).toISOString() }).where('invoice_id', '=', old.invoice.id).execute();
    const late = await seller.json(`/api/gst/einvoices/${old.invoice.id}/cancel`, { method: 'POST', body: { reason: '3', remark: 'Order cancelled' } });
    expect(late.status).toBe(409);
    expect((await einvoiceRow(old.invoice.id)).status).toBe('registered');
  }, 30_000);

  it('another company cannot see, register or cancel these e-invoices', async () => {
    const mine = await ctx.db.selectFrom('einvoices').select('invoice_id').where('company_id', '=', C0).where('status', '=', 'registered').executeTakeFirstOrThrow();
    const d2r = await signIn(ctx.app, 'd2r@shipdesk.in', 'Distributor@1234');
    const seen = await d2r.json('/api/gst/einvoices?status=pending,failed,registered,cancelled');
    expect(seen.status).toBe(200);
    expect(seen.body.einvoices.filter((e: { companyId: string }) => e.companyId === C0)).toEqual([]);
    expect((await d2r.json(`/api/gst/einvoices/${mine.invoice_id}/cancel`, { method: 'POST', body: { reason: '1', remark: 'Duplicate' } })).status).toBe(404);
    expect((await d2r.json(`/api/gst/einvoices/${mine.invoice_id}/register`, { method: 'POST' })).status).toBe(404);
    expect((await einvoiceRow(mine.invoice_id)).status).toBe('registered');
  });
});

describe('HSN digits on the catalogue', () => {
  it('with e-invoicing on at ₹5 crore or more, refuses a catalogue item whose HSN has fewer than 6 digits, and nothing is added', async () => {
    const item = (sku: string, hsnCode: string) => ({
      skuId: sku, productTitle: 'Tulsi Green Tea 100g', productId: 'CPP-TULSI', category: 'Beverages', hsnCode, active: 1, price: '349.50', basePrice: '240',
      margin: '20', distributorMargin: '10.5', weight: '120', dimensions: { length: '12', breadth: '8', height: '4.5' }, imageUrls: [], gstPercentage: { sgst: '2.5', cgst: '2.5', igst: '5' },
    });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const upload = async () => {
      const p = await seller.json('/api/uploads/presign', { method: 'POST', body: { purpose: 'product', fileName: 'tea.png', contentType: 'image/png', size: png.length } });
      expect((await seller.request(p.body.uploadUrl, { method: 'PUT', body: png, headers: { 'content-type': 'image/png' } })).status).toBe(200);
      return p.body.url as string;
    };
    const short = await seller.json('/api/catalogue', { method: 'POST', body: { ...item('EINV-HSN-1', '0902'), imageUrls: [await upload()] } });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('HSN code must have at least 6 digits for your turnover');
    expect(await ctx.db.selectFrom('catalogue_items').select('id').where('sku', '=', 'EINV-HSN-1').executeTakeFirst()).toBeUndefined();
    const ok = await seller.json('/api/catalogue', { method: 'POST', body: { ...item('EINV-HSN-2', '090210'), imageUrls: [await upload()] } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });
});

describe('HSN digits on manual and bulk orders', () => {
  const SHORT = 'Product CP-0002: HSN code must have at least 6 digits for your turnover';
  let restore: () => Promise<unknown>;
  beforeAll(async () => {
    // An item saved before e-invoicing was turned on, with a 4-digit HSN the ₹5 crore band no longer accepts.
    const item = await ctx.db.selectFrom('catalogue_items').select(['id', 'hsn_code']).where('company_id', '=', C0).where('sku', '=', 'CP-0002').executeTakeFirstOrThrow();
    await ctx.db.updateTable('catalogue_items').set({ hsn_code: '0902' }).where('id', '=', item.id).execute();
    restore = () => ctx.db.updateTable('catalogue_items').set({ hsn_code: item.hsn_code }).where('id', '=', item.id).execute();
  });
  afterAll(() => restore?.());
  const cp2 = () => ctx.db.selectFrom('catalogue_items').select('id').where('company_id', '=', C0).where('sku', '=', 'CP-0002').executeTakeFirstOrThrow().then((r) => r.id);
  const manual = async (id: string, orderType: number) =>
    seller.json('/api/orders/manual', {
      method: 'POST',
      body: { id, orderType, pricingType: 0, paymentMethod: 'prepaid', shippingPrice: '40', whId: BHW1, shippingAddress: mumbai, sameAsShipping: true, items: [{ catalogueId: teaId, quantity: 1 }, { catalogueId: await cp2(), quantity: 1 }] },
    });
  const orderExists = async (shopOrderId: string) => !!(await ctx.db.selectFrom('orders').select('id').where('company_id', '=', C0).where('shop_order_id', '=', shopOrderId).executeTakeFirst());

  it('refuses a B2B manual order whose product has fewer HSN digits than the band requires, naming the product, and makes nothing', async () => {
    const r = await manual('EINV-HSN-ORDER-1', 1);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(SHORT);
    expect(r.body.errors).toEqual([{ path: 'items.1.catalogueId', message: SHORT }]);
    expect(await orderExists('EINV-HSN-ORDER-1')).toBe(false);
  });

  it('lets a B2C manual order with the same product through (its invoice is not registered with the IRP)', async () => {
    const r = await manual('EINV-HSN-ORDER-2', 0);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });

  it('refuses the bulk row of a distributor order with that product, at its SKU, and makes nothing', async () => {
    const row = (sku: string, id = 'EINV-HSN-BULK-1') => ({
      id, length: '20', breadth: '15', height: '10', weight: '750', paymentMethod: 'prepaid', itemName: 'Tea', itemQuantity: '1', discount: '0', sku,
      name: 'Mumbai Retail', phone: '9876543210', email: '', line1: 'Shop 4, Linking Road', line2: 'Dadar West', city: 'Mumbai', state: 'Maharashtra',
      pincode: '400028', awb: '', deliveryPartner: '', shippingLabelUrl: '', invoiceUrl: '', shippingPrice: '40', itemPrice: '', ewayBill: '', warehouseId: BHW1,
      backdate: '', purchaseOrderNumber: '', isb2bOrder: 'no', isD2ROrder: 'yes', beatId: '', dueDate: '',
    });
    const r = await seller.json('/api/order/bulk', { method: 'POST', body: { rows: [row('CP-0001'), row('CP-0002'), row('CP-0001', 'EINV-HSN-BULK-2')] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.executeSuccess, JSON.stringify(r.body)).toBe(1);
    expect(r.body.errorArray).toContainEqual(expect.objectContaining({ col: 'sku', reason: SHORT }));
    expect(await orderExists('EINV-HSN-BULK-1')).toBe(false);
    expect(await orderExists('EINV-HSN-BULK-2')).toBe(true);
  });
});

describe('e-way bills', () => {
  it('flags a registered invoice above ₹50,000, generates its e-way bill by IRN with the validity of its distance, and prints it', async () => {
    const price = (await ctx.db.selectFrom('catalogue_items').select('price_paise').where('id', '=', teaId).executeTakeFirstOrThrow()).price_paise;
    await ctx.db.updateTable('catalogue_items').set({ price_paise: 20_000_00 }).where('id', '=', teaId).execute();
    const { orderId, invoice } = await shippedB2bOrder(3).finally(() => ctx.db.updateTable('catalogue_items').set({ price_paise: price }).where('id', '=', teaId).execute());
    expect(Number(invoice.amount_paise)).toBeGreaterThan(50_000_00);
    await drain();
    const queue = await seller.json('/api/gst/einvoices?status=registered');
    expect(queue.body.einvoices.find((e: { invoiceId: string }) => e.invoiceId === invoice.id)).toMatchObject({ ewayBillNeeded: true });
    const bad = await seller.json(`/api/gst/einvoices/${invoice.id}/ewaybill`, { method: 'POST', body: { distanceKm: 450, transId: 'NOT-A-GSTIN' } });
    expect(bad.status).toBe(400);
    const ewb = await seller.json(`/api/gst/einvoices/${invoice.id}/ewaybill`, { method: 'POST', body: { distanceKm: 450, transMode: '1', transId: makeGstin('27', 'AACCD1234E'), vehNo: 'mh04ab1234' } });
    expect(ewb.status, JSON.stringify(ewb.body)).toBe(200);
    expect(ewb.body.einvoice).toMatchObject({ ewayBillNeeded: false, ewbNo: expect.stringMatching(/^\d{12}$/) });
    expect(irp.calls.at(-1)?.payload).toMatchObject({ Distance: 450, TransMode: '1', VehNo: 'MH04AB1234', Irn: (await einvoiceRow(invoice.id)).irn });
    const row = await einvoiceRow(invoice.id);
    // 450 km: one day per 200 km or part of it = 3 days (rule 138(10)).
    expect(Date.parse(row.ewb_valid_till!) - Date.parse(row.ewb_at!)).toBe(3 * 86400_000);
    expect((await readPdf(await invoicePdf(orderId)))[0].text).toContain(`E-way bill: ${row.ewb_no}`);
    const cancel = await seller.json(`/api/gst/einvoices/${invoice.id}/cancel`, { method: 'POST', body: { reason: '3', remark: 'Order cancelled' } });
    expect(cancel.status).toBe(409);
  }, 30_000);

  it('READY TO SHIP flags an order worth more than ₹50,000 on the list and the order until its e-way bill exists; a smaller one is not flagged', async () => {
    const price = (await ctx.db.selectFrom('catalogue_items').select('price_paise').where('id', '=', teaId).executeTakeFirstOrThrow()).price_paise;
    await ctx.db.updateTable('catalogue_items').set({ price_paise: 20_000_00 }).where('id', '=', teaId).execute();
    const big = await placedB2bOrder(3).finally(() => ctx.db.updateTable('catalogue_items').set({ price_paise: price }).where('id', '=', teaId).execute());
    const small = await placedB2bOrder(1);
    const listed = async (id: string, shopOrderId: string) => {
      const r = await seller.json(`/api/orders?q=${encodeURIComponent(shopOrderId)}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.order as { id: string; ewayBillNeeded: boolean }[]).find((o) => o.id === id)!;
    };
    const detail = async (id: string) => (await seller.json(`/api/orders/${id}`)).body.data;

    // Before READY TO SHIP: three at ₹20,000 are worth ₹60,040 with shipping.
    expect(await detail(big.id)).toMatchObject({ ewayBillNeeded: true, ewayBill: null });
    expect((await detail(big.id)).consignmentValuePaise).toBeGreaterThan(50_000_00);
    expect(await listed(big.id, big.shopOrderId)).toMatchObject({ ewayBillNeeded: true });
    expect(await detail(small.id)).toMatchObject({ ewayBillNeeded: false });
    expect(await listed(small.id, small.shopOrderId)).toMatchObject({ ewayBillNeeded: false });

    // At READY TO SHIP the invoice is issued: its value is the one that counts, still flagged.
    const rts = await seller.json(`/api/orders/${big.id}/ready-to-ship`, { method: 'PATCH' });
    expect(rts.status, JSON.stringify(rts.body)).toBe(200);
    const invoice = await ctx.db.selectFrom('invoices').selectAll().where('order_id', '=', big.id).executeTakeFirstOrThrow();
    await drain();
    expect(await detail(big.id)).toMatchObject({ status: 'READY_TO_SHIP', ewayBillNeeded: true, invoiceId: invoice.id, invoiceIrnRegistered: true, consignmentValuePaise: Number(invoice.amount_paise) });

    const ewb = await seller.json(`/api/gst/einvoices/${invoice.id}/ewaybill`, { method: 'POST', body: { distanceKm: 150, transMode: '1' } });
    expect(ewb.status, JSON.stringify(ewb.body)).toBe(200);
    const row = await einvoiceRow(invoice.id);
    expect(await detail(big.id)).toMatchObject({ ewayBillNeeded: false, ewayBill: row.ewb_no, ewayBillValidTill: row.ewb_valid_till });
    expect(await listed(big.id, big.shopOrderId)).toMatchObject({ ewayBillNeeded: false });

    // The label and the manifest carry the e-way bill's number and its last day (India time), as a courier checks it.
    const ist = new Date(Date.parse(row.ewb_valid_till!) + 330 * 60_000);
    const lastDay = `${ist.getUTCDate()} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
    expect((await seller.json(`/api/orders/${small.id}/ready-to-ship`, { method: 'PATCH' })).status).toBe(200);
    const label = await seller.request('/api/download/label', { method: 'POST', body: { orderId: [big.id, small.id] } });
    expect(label.status).toBe(200);
    const pages = await readPdf(Buffer.from(await label.arrayBuffer()));
    expect(pages.find((p) => p.text.includes(big.shopOrderId))!.text).toContain(`E-way bill: ${row.ewb_no}, valid till ${lastDay}`);
    expect(pages.find((p) => p.text.includes(small.shopOrderId))!.text).not.toContain('E-way bill');
    const manifest = await seller.request(`/api/download/shipping-manifest?orderIds=${big.id},${small.id}`);
    expect(manifest.status).toBe(200);
    const sheet = (await readPdf(Buffer.from(await manifest.arrayBuffer())))[0].text;
    expect(sheet).toContain(`E-way bill: ${row.ewb_no}, valid till ${lastDay}`);
    expect(sheet.match(/E-way bill:/g)).toHaveLength(1);
  }, 30_000);
});

describe('e-way bill cancel', () => {
  it('cancels an e-way bill within 24 hours with a reason (CANEWB), keeps what was cancelled, and then lets the IRN be cancelled', async () => {
    const price = (await ctx.db.selectFrom('catalogue_items').select('price_paise').where('id', '=', teaId).executeTakeFirstOrThrow()).price_paise;
    await ctx.db.updateTable('catalogue_items').set({ price_paise: 20_000_00 }).where('id', '=', teaId).execute();
    const { orderId, invoice } = await shippedB2bOrder(3).finally(() => ctx.db.updateTable('catalogue_items').set({ price_paise: price }).where('id', '=', teaId).execute());
    await drain();
    const made = await seller.json(`/api/gst/einvoices/${invoice.id}/ewaybill`, { method: 'POST', body: { distanceKm: 100, transMode: '1' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const ewbNo = made.body.einvoice.ewbNo as string;

    const noReason = await seller.json(`/api/gst/einvoices/${invoice.id}/ewaybill/cancel`, { method: 'POST', body: { remark: 'Order cancelled by buyer' } });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain('Please choose a reason');
    const d2r = await signIn(ctx.app, 'd2r@shipdesk.in', 'Distributor@1234');
    expect((await d2r.json(`/api/gst/einvoices/${invoice.id}/ewaybill/cancel`, { method: 'POST', body: { reason: '2', remark: 'Not mine' } })).status).toBe(404);
    expect((await einvoiceRow(invoice.id)).ewb_no).toBe(ewbNo);

    const r = await seller.json(`/api/gst/einvoices/${invoice.id}/ewaybill/cancel`, { method: 'POST', body: { reason: '2', remark: 'Order cancelled by buyer' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.einvoice).toMatchObject({ ewbNo: null, ewayBillNeeded: true });
    const call = irp.calls.at(-1)!;
    expect(call.path).toBe('/ewaybillapi/v1.03/ewayapi#CANEWB');
    expect(call.payload).toEqual({ ewbNo: Number(ewbNo), cancelRsnCode: 2, cancelRmrk: 'Order cancelled by buyer' });
    expect(irp.ewayBills.get(ewbNo)?.cancelled).toBe(true);
    const row = await einvoiceRow(invoice.id);
    expect(row).toMatchObject({ ewb_no: null, ewb_cancelled_no: ewbNo, ewb_cancel_reason: '2 Order cancelled: Order cancelled by buyer' });
    expect(Math.abs(Date.parse(row.ewb_cancelled_at!) - Date.now())).toBeLessThan(5 * 60_000);
    // The order is flagged again, and its label no longer carries the cancelled e-way bill.
    expect((await seller.json(`/api/orders/${orderId}`)).body.data).toMatchObject({ ewayBillNeeded: true, ewayBill: null });

    // Cancelled once: the portal refuses a second cancel, and we do not even ask.
    const again = await seller.json(`/api/gst/einvoices/${invoice.id}/ewaybill/cancel`, { method: 'POST', body: { reason: '2', remark: 'again' } });
    expect(again.status).toBe(409);
    // With the e-way bill gone, the IRN may be cancelled.
    const irn = await seller.json(`/api/gst/einvoices/${invoice.id}/cancel`, { method: 'POST', body: { reason: '3', remark: 'Order cancelled' } });
    expect(irn.status, JSON.stringify(irn.body)).toBe(200);
  }, 30_000);

  it('refuses after 24 hours, and shows the portal\'s refusal', async () => {
    const price = (await ctx.db.selectFrom('catalogue_items').select('price_paise').where('id', '=', teaId).executeTakeFirstOrThrow()).price_paise;
    await ctx.db.updateTable('catalogue_items').set({ price_paise: 20_000_00 }).where('id', '=', teaId).execute();
    const { invoice } = await shippedB2bOrder(3).finally(() => ctx.db.updateTable('catalogue_items').set({ price_paise: price }).where('id', '=', teaId).execute());
    await drain();
    const made = await seller.json(`/api/gst/einvoices/${invoice.id}/ewaybill`, { method: 'POST', body: { distanceKm: 100 } });
    const ewbNo = made.body.einvoice.ewbNo as string;
    // The portal cancelled it already (on its own site): it answers 312.
    irp.ewayBills.get(ewbNo)!.cancelled = true;
    const refused = await seller.json(`/api/gst/einvoices/${invoice.id}/ewaybill/cancel`, { method: 'POST', body: { reason: '1', remark: 'Duplicate' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('312');
    expect((await einvoiceRow(invoice.id)).ewb_no).toBe(ewbNo);

    const dayAgo = new Date(Date.now() - 24 * 3600_000 - 60_000).toISOString();
    await ctx.db.updateTable('einvoices').set({ ewb_at: dayAgo }).where('invoice_id', '=', invoice.id).execute();
    const calls = irp.calls.length;
    const late = await seller.json(`/api/gst/einvoices/${invoice.id}/ewaybill/cancel`, { method: 'POST', body: { reason: '1', remark: 'Duplicate' } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('An e-way bill can be cancelled only within 24 hours of its generation');
    expect(irp.calls.length).toBe(calls);
  }, 30_000);
});

describe('demo sandbox', () => {
  it('answers as the IRP does, signs with the demo key and marks every document', async () => {
    const patched = await seller.json(`/api/integrations/connections/${connectionId}`, { method: 'PATCH', body: { settings: { gstin: sellerGstin, mode: 'demo' } } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const { orderId, invoice } = await shippedB2bOrder();
    const calls = irp.calls.length;
    await drain();
    const row = await einvoiceRow(invoice.id);
    expect(row).toMatchObject({ status: 'registered', demo: 1, irn: documentedIrn(sellerGstin, fy(invoice.issued_at), 'INV', invoice.invoice_number) });
    expect(irp.calls.length).toBe(calls);
    const pdf = await invoicePdf(orderId);
    expect((await readPdf(pdf))[0].text).toContain('DEMO - not registered with the IRP');
    const scanned = qrOf(pdf);
    expect(verifyJws(demoKeyPair().publicKey, scanned)).toBe(true);
    expect(JSON.parse(jwsPayload<{ data: string }>(scanned).data)).toMatchObject({ DocNo: invoice.invoice_number, Demo: 'DEMO - not registered with the IRP' });
  }, 30_000);
});
