import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import pino from 'pino';
import { XMLParser } from 'fast-xml-parser';
import { SMTPServer } from 'smtp-server';
import { createApp, defaultConfig } from '../../edge-api/app';
import { drainJobs } from '../../edge-api/jobs/runner';
import { JOB_HANDLERS } from '../../edge-api/jobs/handlers';
import { decodeBarcodes, readPdf } from '../../edge-api/documents/pdf-test-utils';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import {
  EMAIL_TOO_MANY_ORDERS,
  EMAIL_TOO_MANY_ROWS,
  NO_ORDERS_FOR_FILTER,
  PICK_LIST_NONE,
  SELECT_AT_LEAST_ONE,
  TALLY_NONE,
  VOUCHER_FAILED,
} from '../../domain/downloads';
import type { AppConfig } from '../../edge-api/env';
import { anonymous, makeTestApp, signInDemo, type Agent, type TestApp } from './helpers';

const OWN = DEMO_COMPANIES[0].id;
const OTHER = DEMO_COMPANIES[1].id;
const log = pino({ level: 'silent' });

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let app: TestApp;
let seller: Agent;
let dataDir: string;
let config: AppConfig;

/** An app over the same database with other limits or mail settings. */
function appWith(over: Partial<AppConfig>) {
  const cfg = defaultConfig({ dataDir, publicUrl: 'http://127.0.0.1:9', ...over });
  return { app: createApp({ dbh: ctx.dbh, logger: log, config: cfg }), config: cfg };
}

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 400 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-docs-'));
  ({ app, config } = appWith({}));
  seller = await signInDemo(app, 'seller');
}, 60_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function ordersOf(company: string, opts: { awb?: boolean; status?: string; limit?: number } = {}) {
  let q = ctx.db.selectFrom('orders').selectAll().where('company_id', '=', company);
  if (opts.awb === true) q = q.where('tracking_number', 'is not', null);
  if (opts.awb === false) q = q.where('tracking_number', 'is', null);
  if (opts.status) q = q.where('status', '=', opts.status);
  return q.orderBy('id').limit(opts.limit ?? 3).execute();
}

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
const post = (agent: Agent, p: string, body: unknown) => agent.request(p, { method: 'POST', body });

async function xlsxRows(buf: Buffer, sheetName?: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as any);
  const sheet = sheetName ? wb.getWorksheet(sheetName)! : wb.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

function parseCsv(buf: Buffer) {
  const text = buf.toString('utf8').replace(/^\uFEFF/, '');
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

describe('shipping labels (POST /api/download/label)', () => {
  it('prints one scannable 4x6 label per order with the order, both addresses, payment, weight, size and courier', async () => {
    const orders = await ordersOf(OWN, { awb: true, limit: 2 });
    const res = await post(seller, '/api/download/label', { orderId: orders.map((o) => o.id) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = await bytes(res);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await readPdf(pdf);
    expect(pages).toHaveLength(2);
    for (const [i, o] of orders.entries()) {
      const page = pages[i];
      expect([page.width, page.height]).toEqual([288, 432]);
      const ship = JSON.parse(o.shipping_address);
      expect(page.text).toContain(`Order ID: ${o.shop_order_id}`);
      expect(page.text).toContain(`AWB: ${o.tracking_number}`);
      expect(page.text).toContain(`${ship.firstName} ${ship.lastName}`);
      expect(page.text).toContain(`PIN: ${o.shipping_pincode}`);
      expect(page.text).toContain('RETURN TO');
      expect(page.text).toContain(DEMO_WAREHOUSES.find((w) => w.id === o.warehouse_id)!.name);
      expect(page.text).toContain(o.shipper!);
      expect(page.text).toContain(`Weight: ${(o.weight_g / 1000).toFixed(3)} kg`);
      expect(page.text).toContain('Dimensions: 25 x 20 x 12 cm');
      if (o.payment_mode === 'cod') expect(page.text).toMatch(/COD ₹[\d,]+\.\d\d/);
      else expect(page.text).toContain(o.payment_mode.toUpperCase());
      expect(decodeBarcodes(pdf, i + 1)).toEqual([o.tracking_number]);
    }
  });

  it("answers JSON 'Unable to find label' when no label can be made, and leaves out orders without an AWB", async () => {
    const [noAwb] = await ordersOf(OWN, { awb: false, limit: 1 });
    const none = await seller.json('/api/download/label', { method: 'POST', body: { orderId: [noAwb.id] } });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ status: false, message: 'Unable to find label' });
    expect(none.body.failures[0]).toEqual({ orderId: noAwb.shop_order_id, reasons: ['No AWB assigned yet'] });

    const [withAwb] = await ordersOf(OWN, { awb: true, limit: 1 });
    const mixed = await post(seller, '/api/download/label', { orderId: [noAwb.id, withAwb.id] });
    expect(mixed.headers.get('content-type')).toBe('application/pdf');
    expect(JSON.parse(decodeURIComponent(mixed.headers.get('x-document-failures')!))).toEqual([
      { orderId: noAwb.shop_order_id, reasons: ['No AWB assigned yet'] },
    ]);
    expect(await readPdf(await bytes(mixed))).toHaveLength(1);
  });

  it("ignores another company's orders and answers 404 when none is the caller's", async () => {
    const mine = await ordersOf(OWN, { awb: true, limit: 1 });
    const theirs = await ordersOf(OTHER, { awb: true, limit: 2 });
    const only = await seller.json('/api/download/label', { method: 'POST', body: { orderId: theirs.map((o) => o.id) } });
    expect(only.status).toBe(404);
    // Nor can their invoices be issued: no number is spent.
    const invoice = await seller.json('/api/download/invoice', { method: 'POST', body: { orderId: theirs.map((o) => o.id) } });
    expect(invoice.status).toBe(404);
    const issued = await ctx.db.selectFrom('orders').select('invoice_number').where('id', 'in', theirs.map((o) => o.id)).execute();
    expect(issued.every((o) => o.invoice_number === null)).toBe(true);
    const mixed = await post(seller, '/api/download/label', { orderId: [...theirs.map((o) => o.id), mine[0].id] });
    const pages = await readPdf(await bytes(mixed));
    expect(pages).toHaveLength(1);
    expect(pages[0].text).toContain(mine[0].shop_order_id);
    expect(pages[0].text).not.toContain(theirs[0].shop_order_id);
  });

  it('refuses bad input with 400 and asks sign-in first', async () => {
    const series = () => ctx.db.selectFrom('invoice_series').selectAll().execute();
    const before = await series();
    for (const p of ['/api/download/label', '/api/download/invoice']) {
      for (const body of [{}, { orderId: [] }, { orderId: 'abc' }, { orderId: [42] }]) {
        const r = await seller.json(p, { method: 'POST', body });
        expect(r.status, `${p} ${JSON.stringify(body)}`).toBe(400);
        expect(r.body.status).toBe(false);
      }
    }
    expect(await series()).toEqual(before);
    expect((await seller.json('/api/download/label', { method: 'POST', body: { orderId: [] } })).body.message).toBe(SELECT_AT_LEAST_ONE);
    expect((await anonymous(app).json('/api/download/label', { method: 'POST', body: { orderId: ['x'] } })).status).toBe(401);
  });

  it('asks for an e-mail address above the direct download limit', async () => {
    const small = appWith({ limits: { labelsDirect: 2, csvRowsDirect: 100_000 } });
    const agent = await signInDemo(small.app, 'seller');
    const ids = (await ordersOf(OWN, { awb: true, limit: 3 })).map((o) => o.id);
    for (const p of ['/api/download/label', '/api/download/invoice']) {
      const r = await agent.json(p, { method: 'POST', body: { orderId: ids } });
      expect(r.status).toBe(413);
      expect(r.body).toMatchObject({ status: false, emailRequired: true, message: EMAIL_TOO_MANY_ORDERS, count: 3, limit: 2 });
    }
    // Other tenants' ids do not count towards the limit.
    const theirs = (await ordersOf(OTHER, { awb: true, limit: 3 })).map((o) => o.id);
    const r = await agent.request('/api/download/label', { method: 'POST', body: { orderId: [...ids.slice(0, 2), ...theirs] } });
    expect(r.headers.get('content-type')).toBe('application/pdf');
  });
});

describe('shipping manifest and pick list', () => {
  it('serves the manifest PDF inline with every parcel and the totals', async () => {
    const orders = await ordersOf(OWN, { awb: true, limit: 4 });
    const res = await seller.request(`/api/download/shipping-manifest?orderIds=${orders.map((o) => o.id).join(',')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^inline/);
    const [page] = await readPdf(await bytes(res));
    expect(page.text).toContain('SHIPPING MANIFEST');
    for (const o of orders) expect(page.text).toContain(o.tracking_number!);
    expect(page.text).toContain('Shipments: 4');
    expect((await seller.json('/api/download/shipping-manifest')).status).toBe(400);
    const theirs = await ordersOf(OTHER, { awb: true, limit: 1 });
    expect((await seller.json(`/api/download/shipping-manifest?orderIds=${theirs[0].id}`)).status).toBe(404);
  });

  it("builds 'PickList.xlsx' with the units to pick per WSIN and bin", async () => {
    const orders = await ordersOf(OWN, { limit: 5 });
    const res = await post(seller, '/api/download/picklist', { orderIds: orders.map((o) => o.id) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="PickList.xlsx"');
    const rows = await xlsxRows(await bytes(res), 'PickList');
    expect(rows[0]).toEqual(['Location', 'WSIN', 'SKU', 'Title', 'Quantity', 'Orders']);
    const items = await ctx.db.selectFrom('order_items').selectAll().where('order_id', 'in', orders.map((o) => o.id)).execute();
    const expected = items.reduce((n, it) => n + it.quantity * Object.values(JSON.parse(it.wsin_mapping) as Record<string, number>)[0], 0);
    const total = rows.at(-1)!;
    expect(total[3]).toBe('Total units');
    expect(total[4]).toBe(expected);
    const body = rows.slice(1, -1);
    expect(body.reduce((n, r) => n + Number(r[4]), 0)).toBe(expected);
    expect(body.every((r) => /^[A-F]-\d\d-\d$/.test(String(r[0])))).toBe(true);
  });

  it('refuses an empty pick list with the spec message, and other tenants', async () => {
    const r = await seller.json('/api/download/picklist', { method: 'POST', body: { orderIds: [] } });
    expect(r).toMatchObject({ status: 400, body: { message: PICK_LIST_NONE } });
    expect((await seller.json('/api/download/picklist', { method: 'POST', body: {} })).body.message).toBe(PICK_LIST_NONE);
    const theirs = await ordersOf(OTHER, { limit: 2 });
    expect((await seller.json('/api/download/picklist', { method: 'POST', body: { orderIds: theirs.map((o) => o.id) } })).status).toBe(404);
  });
});

describe('Tally vouchers', () => {
  const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['TALLYMESSAGE', 'ALLLEDGERENTRIES.LIST'].includes(name) });

  it('exports sales vouchers for invoiced orders and explains the others in an excel', async () => {
    const orders = await ordersOf(OWN, { status: 'DELIVERED', limit: 3 });
    const invoiced = orders.slice(0, 2);
    const issued = await post(seller, '/api/download/invoice', { orderId: invoiced.map((o) => o.id) });
    expect(issued.headers.get('content-type')).toBe('application/pdf');
    await issued.arrayBuffer();
    const numbers = (await ctx.db.selectFrom('orders').select(['id', 'invoice_number']).where('id', 'in', invoiced.map((o) => o.id)).execute())
      .map((o) => o.invoice_number);
    expect(numbers.every(Boolean)).toBe(true);

    const ok = await seller.json('/api/tally-voucher/download/xml', { method: 'POST', body: { orderIds: invoiced.map((o) => o.id) } });
    expect(ok.body).toMatchObject({ success: true, vouchers: 2 });
    const doc = parser.parse(ok.body.xml);
    const messages = doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE;
    expect(messages.map((m: any) => m.VOUCHER.VOUCHERNUMBER).sort()).toEqual([...numbers].sort());
    for (const m of messages) {
      const sum = m.VOUCHER['ALLLEDGERENTRIES.LIST'].reduce((s: number, e: any) => s + Math.round(Number(e.AMOUNT) * 100), 0);
      expect(sum).toBe(0);
      expect(m.VOUCHER['@_VCHTYPE']).toBe('Sales');
    }

    // The spec's spelling of the path, with one order that has no invoice yet.
    const all = orders.map((o) => o.id);
    const partial = await seller.json('/api/tally-voucher/download/:xml', { method: 'POST', body: { orderIds: all } });
    expect(partial.body).toMatchObject({ success: false, message: VOUCHER_FAILED, vouchers: 2 });
    expect(partial.body.failures).toEqual([{ orderId: orders[2].shop_order_id, invoiceNumber: null, reasons: ['Invoice number not generated yet'] }]);

    const excel = await post(seller, '/api/tally-voucher/download/:excel', { orderIds: all });
    expect(excel.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await xlsxRows(await bytes(excel));
    expect(rows).toEqual([
      ['Order ID', 'Invoice Number', 'Reason'],
      [orders[2].shop_order_id, '', 'Invoice number not generated yet'],
    ]);
    const plain = await post(seller, '/api/tally-voucher/download/excel', { orderIds: all });
    expect(plain.status).toBe(200);
  });

  it("says 'No order is selected.' for an empty selection and refuses unknown formats and tenants", async () => {
    expect((await seller.json('/api/tally-voucher/download/xml', { method: 'POST', body: { orderIds: [] } })).body.message).toBe(TALLY_NONE);
    expect((await seller.json('/api/tally-voucher/download/pdf', { method: 'POST', body: { orderIds: ['x'] } })).status).toBe(400);
    const theirs = await ordersOf(OTHER, { limit: 1 });
    expect((await seller.json('/api/tally-voucher/download/xml', { method: 'POST', body: { orderIds: [theirs[0].id] } })).status).toBe(404);
  });
});

describe('CSV downloads', () => {
  it("streams the orders of the current filter, only the caller's", async () => {
    const res = await post(seller, '/api/download/csv/orders', { filter: { tab: 'all', status: ['DELIVERED'] }, appType: 'seller' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const rows = parseCsv(await bytes(res));
    const expected = await ctx.db.selectFrom('orders').select(['shop_order_id', 'total_paise']).where('company_id', '=', OWN).where('status', '=', 'DELIVERED').execute();
    expect(rows).toHaveLength(expected.length);
    expect(rows.every((r) => r.Status === 'DELIVERED' && r.Company === DEMO_COMPANIES[0].name)).toBe(true);
    const byId = new Map(expected.map((o) => [o.shop_order_id, o]));
    for (const r of rows) expect(r['Order Total (INR)']).toBe((byId.get(r['Order ID'])!.total_paise / 100).toFixed(2));
    expect(rows[0].Items).toMatch(/^[A-Z]{2}-\d{4} x \d/);

    // The search box: an order id (prefix), as the list searches.
    const one = expected[0].shop_order_id;
    const searched = parseCsv(await bytes(await post(seller, '/api/download/csv/orders', { filter: { q: one } })));
    expect(searched.map((r) => r['Order ID'])).toContain(one);
    expect(searched.every((r) => r['Order ID'].startsWith(one))).toBe(true);

    // A section tab narrows the statuses: NDRs are UNDELIVERED and RTO_UNDELIVERED.
    const ndr = parseCsv(await bytes(await post(seller, '/api/download/csv/orders', { filter: { tab: 'ndr' } })));
    expect(ndr.length).toBeGreaterThan(0);
    expect(ndr.every((r) => ['UNDELIVERED', 'RTO_UNDELIVERED'].includes(r.Status))).toBe(true);
  });

  it('writes every column of every order as the database has it, quoting commas, quotes and line breaks and defusing formulas', async () => {
    // A few orders with the text a CSV writer gets wrong, put back afterwards.
    const victims = await ordersOf(OWN, { status: 'DELIVERED', limit: 3 });
    const tricky = [
      { customer_name: 'Sharma, "Priya"', customer_email: '=HYPERLINK("http://x","y")', shipping_city: 'Navi\r\nMumbai', invoice_number: 'INV,1' },
      { customer_name: 'नमस्ते ₹ 😀', customer_phone: '+91 98765 43210', shipper: '@courier', shipping_state: 'line one\nline two' },
      { customer_name: '"', customer_email: '-x', shipping_pincode: '-110001', shipper: 'Blue, Dart' },
    ];
    try {
      for (const [i, o] of victims.entries()) await ctx.db.updateTable('orders').set(tricky[i]).where('id', '=', o.id).execute();
      const res = await post(seller, '/api/download/csv/orders', { filter: { tab: 'all' } });
      expect(res.status).toBe(200);
      const text = (await bytes(res)).toString('utf8');
      expect(text.startsWith('\uFEFFOrder ID,Internal ID,Company,Warehouse,Status,Created At (IST),Updated At (IST),Shop Type,Order Type,Payment Mode,')).toBe(true);
      expect(text).toContain('"Sharma, ""Priya"""');
      expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
      expect(text).toContain('"Navi\r\nMumbai"');
      const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      const rows = parsed.data;

      const orders = await ctx.db.selectFrom('orders').selectAll().where('company_id', '=', OWN).orderBy('id').execute();
      const items = await ctx.db.selectFrom('order_items').select(['order_id', 'sku', 'quantity']).where('order_id', 'in', orders.map((o) => o.id)).execute();
      const itemsOf = new Map<string, string[]>();
      for (const i of items) itemsOf.set(i.order_id, [...(itemsOf.get(i.order_id) ?? []), `${i.sku} x ${i.quantity}`]);
      const warehouses = new Map((await ctx.db.selectFrom('warehouses').select(['id', 'code']).execute()).map((w) => [w.id, w.code]));
      const partners = new Map((await ctx.db.selectFrom('delivery_partners').select(['id', 'name']).execute()).map((p) => [p.id, p.name]));
      const inr = (p: number) => (Number(p) / 100).toFixed(2);
      // Dates as a person in India reads them: DD/MM/YYYY HH:mm:ss in IST, from the platform's time-zone database.
      const ist = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
      const indiaTime = (iso: string) => ist.format(new Date(iso)).replace(',', '');
      // The spreadsheet-formula guard: text starting with = + - @ that is not just a number gets a leading quote.
      const guarded = (v: string | null) => (v == null ? '' : /^[=+\-@]/.test(v) && !/^[+-]?\d[\d\s,.]*$/.test(v) ? `'${v}` : v);

      expect(rows.map((r) => r['Internal ID'])).toEqual(orders.map((o) => o.id));
      for (const [i, o] of orders.entries()) {
        const r = rows[i];
        expect({ ...r, Items: r.Items.split('; ').sort().join('; ') }).toEqual({
          'Order ID': o.shop_order_id,
          'Internal ID': o.id,
          Company: DEMO_COMPANIES[0].name,
          Warehouse: o.warehouse_id ? warehouses.get(o.warehouse_id) ?? '' : '',
          Status: o.status,
          'Created At (IST)': indiaTime(o.created_at),
          'Updated At (IST)': indiaTime(o.updated_at),
          'Shop Type': o.shop_type,
          'Order Type': ['None', 'B2B', 'D2R'][o.order_type],
          'Payment Mode': o.payment_mode,
          'Order Total (INR)': inr(o.total_paise),
          'COD Amount (INR)': inr(o.cod_paise),
          'Shipping (INR)': inr(o.shipping_paise),
          AWB: o.tracking_number ?? '',
          Courier: guarded(o.shipper ?? (o.delivery_partner_id ? partners.get(o.delivery_partner_id) ?? null : null)),
          'Customer Name': guarded(o.customer_name),
          'Customer Phone': guarded(o.customer_phone),
          'Customer Email': guarded(o.customer_email),
          City: guarded(o.shipping_city),
          State: guarded(o.shipping_state),
          Pincode: guarded(o.shipping_pincode),
          'Weight (g)': String(o.weight_g),
          'Length (cm)': String(o.length_cm),
          'Breadth (cm)': String(o.breadth_cm),
          'Height (cm)': String(o.height_cm),
          'Packed Weight (g)': o.packed_weight_g == null ? '' : String(o.packed_weight_g),
          'Chargeable Weight (g)': o.chargeable_weight_g == null ? '' : String(o.chargeable_weight_g),
          'Invoice Number': o.invoice_number ?? '',
          Items: (itemsOf.get(o.id) ?? []).sort().join('; '),
          'Shipping Charge Adjustment (INR)': '',
        });
      }
      // The tricky ones read back as stored (formulas aside).
      const byId = new Map(rows.map((r) => [r['Internal ID'], r]));
      expect(byId.get(victims[0].id)).toMatchObject({ 'Customer Name': 'Sharma, "Priya"', City: 'Navi\r\nMumbai', 'Invoice Number': 'INV,1' });
      expect(byId.get(victims[1].id)).toMatchObject({ 'Customer Name': 'नमस्ते ₹ 😀', 'Customer Phone': '+91 98765 43210', Courier: "'@courier", State: 'line one\nline two' });
      expect(byId.get(victims[2].id)).toMatchObject({ 'Customer Name': '"', 'Customer Email': "'-x", Pincode: '-110001', Courier: 'Blue, Dart' });
    } finally {
      for (const o of victims) {
        const { customer_name, customer_email, customer_phone, shipping_city, shipping_state, shipping_pincode, shipper, invoice_number } = o;
        await ctx.db.updateTable('orders')
          .set({ customer_name, customer_email, customer_phone, shipping_city, shipping_state, shipping_pincode, shipper, invoice_number })
          .where('id', '=', o.id)
          .execute();
      }
    }
  });

  it('says there are no orders for an empty filter, refuses bad filters, and other tenants get nothing', async () => {
    const none = await seller.json('/api/download/csv/orders', { method: 'POST', body: { filter: { from: '2031-01-01' } } });
    expect(none).toMatchObject({ status: 404, body: { message: NO_ORDERS_FOR_FILTER } });
    const bad = await seller.json('/api/download/csv/orders', { method: 'POST', body: { filter: { status: ['NOT_A_STATUS'] } } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toMatch(/^filter\.status/);
    expect((await seller.json('/api/download/csv/unknown', { method: 'POST', body: { filter: {} } })).status).toBe(400);
    const other = await seller.json('/api/download/csv/orders', { method: 'POST', body: { filter: { companyId: OTHER } } });
    expect(other).toMatchObject({ status: 404, body: { message: NO_ORDERS_FOR_FILTER } });
  });

  it('exports catalogue, inventory and invoices too', async () => {
    const cat = parseCsv(await bytes(await post(seller, '/api/download/csv/catalogue', { filter: {} })));
    const n = await ctx.db.selectFrom('catalogue_items').select((e) => e.fn.countAll<number>().as('n')).where('company_id', '=', OWN).executeTakeFirstOrThrow();
    expect(cat).toHaveLength(Number(n.n));
    expect(cat[0]).toHaveProperty('HSN Code');
    const inv = parseCsv(await bytes(await post(seller, '/api/download/csv/inventory', { filter: {} })));
    expect(inv.length).toBeGreaterThan(0);
    expect(new Set(inv.map((r) => r.Company))).toEqual(new Set([DEMO_COMPANIES[0].name]));
    const invoices = await post(seller, '/api/download/csv/invoices', { filter: {} });
    expect([200, 404]).toContain(invoices.status);
  });

  it('asks for an e-mail address above the CSV row limit', async () => {
    const small = appWith({ limits: { labelsDirect: 500, csvRowsDirect: 10 } });
    const agent = await signInDemo(small.app, 'seller');
    const r = await agent.json('/api/download/csv/orders', { method: 'POST', body: { filter: {} } });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ emailRequired: true, message: EMAIL_TOO_MANY_ROWS, limit: 10 });
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('e-mailed downloads', () => {
  type Received = { to: string[]; data: string };
  let smtp: SMTPServer;
  const received: Received[] = [];
  let smtpUrl = '';

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (d: Buffer) => (data += d.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => smtp.close(() => resolve())));

  /** The link in a message body (quoted-printable soft breaks undone). */
  const linkIn = (text: string) => {
    const flat = text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    return /https?:\/\/\S+\/api\/exports\/\S+/.exec(flat)![0];
  };

  it('builds the labels in a job and e-mails a signed 24-hour link over SMTP', async () => {
    const mailing = appWith({ smtpUrl });
    const agent = await signInDemo(mailing.app, 'seller');
    const orders = await ordersOf(OWN, { awb: true, limit: 3 });
    const q = await agent.json('/api/download/email', { method: 'POST', body: { kind: 'label', ids: orders.map((o) => o.id), email: 'ops@chaipointretail.in' } });
    expect(q.status).toBe(202);
    expect((await agent.json(`/api/jobs/${q.body.jobId}`)).body.job.status).toBe('queued');
    await drainJobs(ctx.dbh, mailing.config, log, JOB_HANDLERS);
    const job = (await agent.json(`/api/jobs/${q.body.jobId}`)).body.job;
    expect(job).toMatchObject({ status: 'done', result: { delivered: true, rows: 3, fileName: 'labels.pdf' } });
    const mail = received.find((m) => m.to.includes('ops@chaipointretail.in'))!;
    expect(mail.data).toContain('Subject: Your ShipDesk shipping labels download is ready');
    const link = linkIn(mail.data);
    expect(link).toBe(job.result.url);
    const url = new URL(link);
    const expSeconds = Number(url.searchParams.get('exp'));
    expect(expSeconds * 1000 - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(expSeconds * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    // The link works without a session; a tampered or expired one does not.
    const file = await anonymous(mailing.app).request(url.pathname + url.search);
    expect(file.status).toBe(200);
    const pages = await readPdf(await bytes(file));
    expect(pages).toHaveLength(3);
    expect(pages[2].text).toContain(orders[2].shop_order_id);
    const tampered = url.search.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await anonymous(mailing.app).request(url.pathname + tampered)).status).toBe(403);
    const expired = url.search.replace(/exp=\d+/, `exp=${Math.floor(Date.now() / 1000) - 10}`);
    expect((await anonymous(mailing.app).request(url.pathname + expired)).status).toBe(403);

    expect((await anonymous(mailing.app).request(`/api/exports/..%2F..%2Fapp.db${url.search}`)).status).toBe(400);

    // Someone else cannot follow the job.
    const admin = await signInDemo(mailing.app, 'warehouse');
    expect((await admin.json(`/api/jobs/${q.body.jobId}`)).status).toBe(404);
  });

  it('without SMTP keeps the message in the outbox, which only admins can read', async () => {
    const before = await ctx.db.selectFrom('mail_outbox').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const q = await seller.json('/api/download/email', {
      method: 'POST', body: { kind: 'csv:orders', filter: { status: ['DELIVERED'] }, email: 'seller@shipdesk.in' },
    });
    expect(q.status).toBe(202);
    await drainJobs(ctx.dbh, config, log, JOB_HANDLERS);
    const job = (await seller.json(`/api/jobs/${q.body.jobId}`)).body.job;
    expect(job).toMatchObject({ status: 'done', result: { delivered: false } });
    const after = await ctx.db.selectFrom('mail_outbox').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);

    const admin = await signInDemo(app, 'admin');
    const outbox = await admin.json('/api/admin/outbox');
    expect(outbox.status).toBe(200);
    const mail = outbox.body.mails.find((m: any) => m.to === 'seller@shipdesk.in');
    expect(mail).toMatchObject({ sent: false, subject: 'Your ShipDesk orders CSV download is ready' });
    const link = new URL(linkIn(mail.body));
    const download = await anonymous(app).request(link.pathname + link.search);
    const body = await bytes(download);
    // What the link answered, so a failure says more than "0 rows".
    expect({ status: download.status, type: download.headers.get('content-type'), bytes: body.length }).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/csv/) });
    expect(job.result.rows, body.toString('utf8').slice(0, 500)).toBeGreaterThan(0);
    const csv = parseCsv(body);
    const delivered = await ctx.db.selectFrom('orders').select((e) => e.fn.countAll<number>().as('n')).where('company_id', '=', OWN).where('status', '=', 'DELIVERED').executeTakeFirstOrThrow();
    expect(csv).toHaveLength(Number(delivered.n));
    expect((await seller.json('/api/admin/outbox')).status).toBe(403);
    expect((await admin.json('/api/admin/outbox?page=0')).status).toBe(400);
  });

  it('refuses bad requests and requests for nothing', async () => {
    const bad = [
      { kind: 'label', ids: [], email: 'a@b.in' },
      { kind: 'label', ids: ['x'], email: 'not-an-email' },
      { kind: 'fax', ids: ['x'], email: 'a@b.in' },
      { kind: 'csv:orders', filter: { status: ['NOPE'] }, email: 'a@b.in' },
    ];
    const jobsBefore = await ctx.db.selectFrom('jobs').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const body of bad) expect((await seller.json('/api/download/email', { method: 'POST', body })).status, JSON.stringify(body)).toBe(400);
    const theirs = await ordersOf(OTHER, { limit: 2 });
    expect((await seller.json('/api/download/email', { method: 'POST', body: { kind: 'invoice', ids: theirs.map((o) => o.id), email: 'seller@shipdesk.in' } })).status).toBe(404);
    const jobsAfter = await ctx.db.selectFrom('jobs').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(jobsAfter.n)).toBe(Number(jobsBefore.n));
  });
});
