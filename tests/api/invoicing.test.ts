import { beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../../edge-api/documents/pdf-test-utils';
import { sampleImage } from '../../edge-api/documents/fixtures';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import {
  BRAND_NAME_REQUIRED,
  COULD_NOT_GET_PAYMENTS,
  INVOICE_ALREADY_PAID,
  LOGO_REQUIRED,
  PAYMENT_DATE_FUTURE,
  PAYMENT_REFERENCE_REQUIRED,
  REGISTERED_NAME_REQUIRED,
  SERIES_NO_WHITESPACE,
  SERIES_REQUIRED,
  SERIES_UNIQUE,
  SIGNATURE_REQUIRED,
} from '../../domain/invoicing';
import { anonymous, makeTestApp, signIn, signInDemo, type Agent, type TestApp } from './helpers';
import { gstinMissingFor, makeGstin } from '../../domain/gstin';

const OWN = DEMO_COMPANIES[0].id;
const OTHER = DEMO_COMPANIES[1].id;
const [BHW1, BLR1] = DEMO_WAREHOUSES.map((w) => w.id);

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let app: TestApp;
let seller: Agent;

async function upload(agent: Agent, purpose: 'logo' | 'signature', companyId?: string) {
  const png = await sampleImage(purpose);
  const p = await agent.json('/api/uploads/presign', { method: 'POST', body: { purpose, fileName: `${purpose}.png`, contentType: 'image/png', size: png.length, companyId } });
  expect(p.status).toBe(200);
  const put = await agent.request(p.body.uploadUrl, { method: 'PUT', body: new Uint8Array(png), headers: { 'content-type': 'image/png' } });
  expect(put.status).toBe(200);
  return p.body.key as string;
}

function profile(logo: string, signature: string, over: Record<string, unknown> = {}) {
  return {
    registeredName: 'Chai Point Retail Private Limited',
    brandName: 'Chai Point',
    invoicingAddress: { line1: '12, Residency Road', line2: 'Shanthala Nagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560025' },
    logo,
    signature,
    sgstPercentage: '9',
    cgstPercentage: 9,
    igstPercentage: '18',
    utgstPercentage: '',
    warehouseInvoiceSeries: { [BHW1]: { invoicePrefix: 'CPB/', b2bInvoicePrefix: 'CPBB/' }, [BLR1]: { invoicePrefix: 'CPK/', b2bInvoicePrefix: 'CPKB/' } },
    ...over,
  };
}

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** Orders of the demo seller at one warehouse that have no invoice yet. */
async function freshOrders(n: number, opts: { warehouse?: string; state?: string; orderType?: number; company?: string } = {}) {
  let q = ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('company_id', '=', opts.company ?? OWN)
    .where('warehouse_id', '=', opts.warehouse ?? BHW1)
    .where('invoice_number', 'is', null)
    .where('status', '!=', 'CANCELLED')
    .where('order_type', '=', opts.orderType ?? 0);
  if (opts.state) q = q.where('shipping_state', '=', opts.state);
  const rows = await q.orderBy('id').limit(n).execute();
  expect(rows.length).toBe(n);
  return rows;
}

async function invoicePdf(agent: Agent, orderIds: string[]) {
  const res = await agent.request('/api/download/invoice', { method: 'POST', body: { orderId: orderIds } });
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return readPdf(await bytes(res));
}

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 800 });
  app = ctx.app;
  seller = await signInDemo(app, 'seller');
  // The demo data ships everything from Bhiwandi; move a few orders to Hoskote.
  const moved = await ctx.db.selectFrom('orders').select('id').where('company_id', '=', OWN).where('order_type', '=', 0)
    .where('status', '!=', 'CANCELLED').where('tracking_number', 'is not', null).orderBy('id', 'desc').limit(10).execute();
  await ctx.db.updateTable('orders').set({ warehouse_id: BLR1, pickup_state: 'Karnataka' }).where('id', 'in', moved.map((o) => o.id)).execute();
}, 60_000);

describe('invoicing settings (GET/POST /api/ums/invoices)', () => {
  it('starts empty, with the warehouses the company ships from and their default series', async () => {
    const r = await seller.json('/api/ums/invoices');
    expect(r.status).toBe(200);
    expect(r.body.userProfileDataObject).toBeNull();
    expect(r.body.warehouses.map((w: any) => w.id).sort()).toEqual([BHW1, BLR1].sort());
    expect(r.body.warehouses.find((w: any) => w.id === BHW1)).toMatchObject({ invoicePrefix: 'BHW1-B2C-', b2bInvoicePrefix: 'BHW1-B2B-', indexes: { b2cIndex: 0, b2bIndex: 0 } });
  });

  it('refuses an incomplete profile with the spec messages and changes nothing', async () => {
    const r = await seller.json('/api/ums/invoices', { method: 'POST', body: { warehouseInvoiceSeries: {} } });
    expect(r.status).toBe(400);
    const messages = r.body.errors.map((e: any) => e.message);
    for (const m of [
      REGISTERED_NAME_REQUIRED, BRAND_NAME_REQUIRED, 'Please input your Address Line 1', 'Please input your Address Line 2',
      'Please input your City', 'Please input your State', 'Please input your Pincode', LOGO_REQUIRED, SIGNATURE_REQUIRED,
      'Please input SGST', 'Please input CGST', 'Please input IGST',
    ]) {
      expect(messages).toContain(m);
    }
    expect(messages.some((m: string) => m.includes('UTGST'))).toBe(false);

    const series = await seller.json('/api/ums/invoices', {
      method: 'POST',
      body: profile('logo-x', 'sig-x', {
        sgstPercentage: 'nine',
        warehouseInvoiceSeries: { [BHW1]: { invoicePrefix: 'CP B/', b2bInvoicePrefix: '' }, [BLR1]: { invoicePrefix: 'SAME', b2bInvoicePrefix: 'same' } },
      }),
    });
    expect(series.status).toBe(400);
    const byPath = Object.fromEntries(series.body.errors.map((e: any) => [e.path, e.message]));
    expect(byPath[`warehouseInvoiceSeries.${BHW1}.invoicePrefix`]).toBe(SERIES_NO_WHITESPACE);
    expect(byPath[`warehouseInvoiceSeries.${BHW1}.b2bInvoicePrefix`]).toBe(SERIES_REQUIRED);
    expect(byPath[`warehouseInvoiceSeries.${BLR1}.invoicePrefix`]).toBe(SERIES_UNIQUE);
    expect(byPath[`warehouseInvoiceSeries.${BLR1}.b2bInvoicePrefix`]).toBe(SERIES_UNIQUE);
    expect(byPath.sgstPercentage).toBe('SGST must be a number');
    expect((await seller.json('/api/ums/invoices')).body.userProfileDataObject).toBeNull();
  });

  it("refuses a logo or signature that is not the company's own upload", async () => {
    const wh = await signInDemo(app, 'warehouse');
    await wh.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: [OTHER] } });
    const foreignLogo = await upload(wh, 'logo', OTHER);
    const signature = await upload(seller, 'signature');
    const r = await seller.json('/api/ums/invoices', { method: 'POST', body: profile(foreignLogo, signature) });
    expect(r).toMatchObject({ status: 400, body: { message: LOGO_REQUIRED } });
    const swapped = await seller.json('/api/ums/invoices', { method: 'POST', body: profile(signature, signature) });
    expect(swapped.body.message).toBe(LOGO_REQUIRED);
    const otherWarehouse = await seller.json('/api/ums/invoices', {
      method: 'POST', body: profile(await upload(seller, 'logo'), signature, { warehouseInvoiceSeries: { 'w-unknown': { invoicePrefix: 'X', b2bInvoicePrefix: 'Y' } } }),
    });
    expect(otherWarehouse.status).toBe(400);
    expect((await seller.json('/api/ums/invoices')).body.userProfileDataObject).toBeNull();
  });

  it('saves the profile; UT-GST defaults to SGST; only sellers and admins may', async () => {
    const logo = await upload(seller, 'logo');
    const signature = await upload(seller, 'signature');
    const r = await seller.json('/api/ums/invoices', { method: 'POST', body: profile(logo, signature) });
    expect(r).toMatchObject({ status: 200, body: { status: true } });
    const got = (await seller.json('/api/ums/invoices')).body;
    expect(got.userProfileDataObject).toMatchObject({
      registeredName: 'Chai Point Retail Private Limited', brandName: 'Chai Point', logo, signature,
      sgstPercentage: 9, cgstPercentage: 9, igstPercentage: 18, utgstPercentage: 9,
      warehouseInvoiceSeries: { [BHW1]: { invoicePrefix: 'CPB/', b2bInvoicePrefix: 'CPBB/' } },
    });
    expect((await anonymous(app).json('/api/ums/invoices')).status).toBe(401);
    const wh = await signInDemo(app, 'warehouse');
    expect((await wh.json('/api/ums/invoices')).status).toBe(403);
    const admin = await signInDemo(app, 'admin');
    expect((await admin.json('/api/ums/invoices')).status).toBe(400);
    expect((await admin.json(`/api/ums/invoices?companyId=${OWN}`)).body.userProfileDataObject.brandName).toBe('Chai Point');
    // A seller cannot read another company's settings.
    expect((await seller.json(`/api/ums/invoices?companyId=${OTHER}`)).status).toBe(404);
  });
});

describe('GST tax invoices (POST /api/download/invoice)', () => {
  it('prints the profile, GSTINs, HSN, taxable value, CGST and SGST within the state, amount in words, logo and signature', async () => {
    // Bhiwandi is in Maharashtra, so a delivery within Maharashtra is intra-state and the
    // invoice prints the company's Maharashtra GSTIN (not its Karnataka registration).
    const [order] = await freshOrders(1, { state: 'Maharashtra' });
    const [page] = await invoicePdf(seller, [order.id]);
    const company = await ctx.db.selectFrom('company_gstins').select('gstin as gst').where('company_id', '=', OWN).where('state_code', '=', '27').executeTakeFirstOrThrow();
    expect(company.gst.startsWith('27')).toBe(true);
    const items = await ctx.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
    expect(page.text).toContain('TAX INVOICE');
    expect(page.text).toContain('Chai Point Retail Private Limited');
    expect(page.text).toContain('Chai Point');
    // Beside it, the place of business registered under that GSTIN (seeded at the Bhiwandi warehouse), not the Bengaluru address of the profile.
    const registered = await ctx.db.selectFrom('company_gstins').select('address').where('company_id', '=', OWN).where('state_code', '=', '27').executeTakeFirstOrThrow();
    expect(page.text).toContain(JSON.parse(registered.address!).line1);
    expect(page.text).toContain('Bhiwandi, Maharashtra');
    expect(page.text).not.toContain('12, Residency Road');
    expect(page.text).toContain(`GSTIN: ${company.gst}`);
    expect(page.text).toContain('Invoice No.: CPB/1');
    expect(page.text).toContain(`Order ID: ${order.shop_order_id}`);
    for (const it of items) expect(page.text).toContain(it.hsn_code!);
    expect(page.text).toContain('Total Taxable Value');
    expect(page.text).toContain('Total CGST');
    expect(page.text).toContain('Total SGST');
    expect(page.text).not.toContain('IGST');
    expect(page.text).toMatch(/Amount in words: Rupees .+ Only/);
    const total = items.reduce((s, it) => s + it.final_price_paise * it.quantity, 0) + order.shipping_paise;
    expect(page.text).toContain(`Invoice Total ₹${(total / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    expect(page.images).toBe(2); // logo and signature
  });

  it('leaves no empty image box where the logo or signature file is missing or not an image', async () => {
    const before = await ctx.db.selectFrom('invoicing_profiles').select(['logo_key', 'signature_key']).where('company_id', '=', OWN).executeTakeFirstOrThrow();
    await ctx.db.updateTable('invoicing_profiles').set({ logo_key: 'uploads/none/missing-logo.png', signature_key: 'uploads/none/missing-signature.png' }).where('company_id', '=', OWN).execute();
    try {
      const [order] = await freshOrders(1, { state: 'Maharashtra' });
      const [page] = await invoicePdf(seller, [order.id]);
      expect(page.text).toContain('TAX INVOICE');
      expect(page.text).toContain('Authorised Signatory');
      expect(page.images).toBe(0);
    } finally {
      await ctx.db.updateTable('invoicing_profiles').set(before).where('company_id', '=', OWN).execute();
    }
  });

  it('charges IGST across states', async () => {
    // From Bhiwandi (Maharashtra) to Karnataka, the seller's own home state: still inter-state.
    const [order] = await freshOrders(1, { state: 'Karnataka' });
    const [page] = await invoicePdf(seller, [order.id]);
    expect(page.text).toContain('Total IGST');
    expect(page.text).not.toContain('CGST');
  });

  it('charges UTGST instead of SGST within a union territory', async () => {
    const admin = await signInDemo(app, 'admin');
    const company = DEMO_COMPANIES[3].id;
    // The supply is intra-UT when the ship-from warehouse is in Chandigarh (and the company has a Chandigarh GSTIN).
    const before = await ctx.db.selectFrom('orders').select(['id', 'warehouse_id']).where('company_id', '=', company).where('shipping_state', '=', 'Chandigarh')
      .where('invoice_number', 'is', null).where('status', '!=', 'CANCELLED').where('order_type', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const base = await ctx.db.selectFrom('warehouses').selectAll().where('id', '=', BHW1).executeTakeFirstOrThrow();
    const chd = '0190abcd-0000-7000-8000-00000000c4d1';
    await ctx.db.insertInto('warehouses').values({
      ...base, id: chd, code: 'CHD1', name: 'Chandigarh Hub', invoice_prefix: 'CHD1-B2C-', b2b_invoice_prefix: 'CHD1-B2B-',
      address: JSON.stringify({ ...JSON.parse(base.address), city: 'Chandigarh', state: 'Chandigarh', pincode: '160017' }),
    }).execute();
    await ctx.db.insertInto('warehouse_companies').values({ warehouse_id: chd, company_id: company }).execute();
    await ctx.db.updateTable('orders').set({ warehouse_id: chd }).where('id', '=', before.id).execute();
    const owner = await ctx.db.selectFrom('companies').select('pan').where('id', '=', company).executeTakeFirstOrThrow();
    const refused = await admin.request('/api/download/invoice', { method: 'POST', body: { orderId: [before.id] } });
    expect(refused.status).toBe(422);
    expect((await refused.json()).failures[0].reasons[0]).toBe(gstinMissingFor('Chandigarh'));
    const put = await admin.json('/api/ums/invoices/gstins', { method: 'PUT', body: { companyId: company, state: 'Chandigarh', gstin: makeGstin('04', owner.pan) } });
    expect(put.status).toBe(200);
    const [page] = await invoicePdf(admin, [before.id]);
    expect(page.text).toContain(`GSTIN: ${makeGstin('04', owner.pan)}`);
    expect(page.text).toContain('Total CGST');
    expect(page.text).toContain('Total UTGST');
    expect(page.text).not.toContain('SGST');
  });

  it('gives a number once, from the warehouse series, and keeps it on every later download', async () => {
    const [a, b] = await freshOrders(2, { warehouse: BLR1 });
    const first = await invoicePdf(seller, [a.id]);
    expect(first[0].text).toContain('Invoice No.: CPK/1');
    const again = await invoicePdf(seller, [a.id, b.id]);
    expect(again[0].text).toContain('Invoice No.: CPK/1');
    expect(again[1].text).toContain('Invoice No.: CPK/2');
    const stored = await ctx.db.selectFrom('orders').select(['id', 'invoice_number', 'version']).where('id', 'in', [a.id, b.id]).orderBy('id').execute();
    expect(stored.map((o) => o.invoice_number)).toEqual(['CPK/1', 'CPK/2']);
    const trail = await ctx.db.selectFrom('order_trails').selectAll().where('order_id', '=', a.id).where('description', 'like', 'Invoice%').execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ description: 'Invoice CPK/1 issued', actor_name: 'Ritika Sharma' });
  });

  it("prints the buyer's GSTIN on a B2B invoice, numbered in the B2B series", async () => {
    const [order] = await freshOrders(1, { orderType: 1 });
    const billing = { ...JSON.parse(order.billing_address), gstin: '27AAACB1234C1Z9' };
    await ctx.db.updateTable('orders').set({ billing_address: JSON.stringify(billing) }).where('id', '=', order.id).execute();
    const [page] = await invoicePdf(seller, [order.id]);
    expect(page.text).toContain('Invoice No.: CPBB/1');
    expect(page.text).toContain('GSTIN: 27AAACB1234C1Z9');
  });

  it('has no duplicates and no gaps under 20 concurrent downloads', async () => {
    const orders = await freshOrders(20);
    const before = await ctx.db.selectFrom('invoice_series').select('b2c_index').where('company_id', '=', OWN).where('warehouse_id', '=', BHW1).executeTakeFirstOrThrow();
    const results = await Promise.all(orders.map((o) => seller.request('/api/download/invoice', { method: 'POST', body: { orderId: [o.id] } })));
    for (const r of results) {
      expect(r.status).toBe(200);
      await r.arrayBuffer();
    }
    const numbers = (await ctx.db.selectFrom('orders').select('invoice_number').where('id', 'in', orders.map((o) => o.id)).execute()).map((o) => o.invoice_number!);
    const indexes = numbers.map((n) => Number(n.replace('CPB/', ''))).sort((x, y) => x - y);
    expect(indexes).toEqual(Array.from({ length: 20 }, (_, i) => before.b2c_index + 1 + i));
  });

  it('never lowers a series below the last issued number', async () => {
    const current = (await seller.json('/api/ums/invoices')).body.userProfileDataObject;
    const r = await seller.json('/api/ums/invoices', {
      method: 'POST', body: { ...current, invoiceIndexes: { [BHW1]: { b2cIndex: 0, b2bIndex: 0 } } },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/cannot be lower than the last issued number/);
    const raised = await seller.json('/api/ums/invoices', {
      method: 'POST', body: { ...current, invoiceIndexes: { [BHW1]: { b2cIndex: 1000, b2bIndex: current.invoiceIndexes[BHW1].b2bIndex } } },
    });
    expect(raised.status).toBe(200);
    const [order] = await freshOrders(1);
    const [page] = await invoicePdf(seller, [order.id]);
    expect(page.text).toContain('Invoice No.: CPB/1001');
  });

  it("refuses a cancelled order with 'Unable to find invoice' and spends no number", async () => {
    const cancelled = await ctx.db.selectFrom('orders').selectAll().where('company_id', '=', OWN).where('status', '=', 'CANCELLED').executeTakeFirstOrThrow();
    const series = () => ctx.db.selectFrom('invoice_series').selectAll().where('company_id', '=', OWN).execute();
    const before = await series();
    const r = await seller.json('/api/download/invoice', { method: 'POST', body: { orderId: [cancelled.id] } });
    expect(r).toMatchObject({ status: 422, body: { message: 'Unable to find invoice' } });
    expect(r.body.failures[0].reasons).toContain('Order is cancelled');
    expect(await series()).toEqual(before);
  });

  it('regenerates with the same number, for the caller\'s own orders only', async () => {
    const [order] = await freshOrders(1, { warehouse: BLR1 });
    const first = await seller.json(`/api/orders/${order.id}/regenerate-documents`, { method: 'POST' });
    expect(first).toMatchObject({ status: 200, body: { status: true } });
    const number = first.body.invoiceNumber;
    expect(number).toMatch(/^CPK\/\d+$/);
    // Even when the stored number was cleared, the issued one comes back.
    await ctx.db.updateTable('orders').set({ invoice_number: null }).where('id', '=', order.id).execute();
    const again = await seller.json(`/api/orders/${order.id}/regenerate-documents`, { method: 'POST' });
    expect(again.body.invoiceNumber).toBe(number);
    const [page] = await invoicePdf(seller, [order.id]);
    expect(page.text).toContain(`Invoice No.: ${number}`);
    const [theirs] = await freshOrders(1, { company: OTHER });
    expect((await seller.json(`/api/orders/${theirs.id}/regenerate-documents`, { method: 'POST' })).status).toBe(404);
    expect((await ctx.db.selectFrom('orders').select('invoice_number').where('id', '=', theirs.id).executeTakeFirstOrThrow()).invoice_number).toBeNull();
  });
});

describe('invoices list and payments', () => {
  let invoiceId: string;
  let amount: number;

  it("lists the company's issued invoices with filters; never another company's", async () => {
    const r = await seller.json('/api/invoices?page=1&pageSize=100');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: true, message: '' });
    const issued = await ctx.db.selectFrom('invoices').select((e) => e.fn.countAll<number>().as('n')).where('company_id', '=', OWN).executeTakeFirstOrThrow();
    expect(r.body.currentCount).toBe(Number(issued.n));
    expect(r.body.invoices.every((i: any) => i.companyId === OWN && i.status === 'UNPAID')).toBe(true);
    const one = r.body.invoices.find((i: any) => i.invoiceNumber === 'CPK/1');
    expect(one).toMatchObject({ kind: 'B2C', paidPaise: 0 });
    invoiceId = one.id;
    amount = one.amountPaise;
    expect(one.balancePaise).toBe(amount);

    const search = await seller.json(`/api/invoices?filter=${encodeURIComponent(JSON.stringify({ search: 'CPKB' }))}`);
    expect(search.body.invoices).toEqual([]);
    const byNumber = await seller.json(`/api/invoices?filter=${encodeURIComponent(JSON.stringify({ search: 'CPK/1' }))}`);
    expect(byNumber.body.invoices.map((i: any) => i.invoiceNumber)).toContain('CPK/1');
    const future = await seller.json(`/api/invoices?filter=${encodeURIComponent(JSON.stringify({ from: '2031-01-01' }))}`);
    expect(future.body).toMatchObject({ invoices: [], currentCount: 0 });
    expect((await seller.json('/api/invoices?filter=not-json')).status).toBe(400);
    expect((await seller.json(`/api/invoices?filter=${encodeURIComponent(JSON.stringify({ status: 'LOST' }))}`)).status).toBe(400);

    const wh = await signInDemo(app, 'warehouse');
    await wh.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: [OTHER] } });
    const theirs = await wh.json('/api/invoices');
    expect(theirs.body.invoices.every((i: any) => i.companyId === OTHER)).toBe(true);
    expect((await wh.json(`/api/invoices/${invoiceId}`)).status).toBe(404);
    expect(COULD_NOT_GET_PAYMENTS).toBe('Could not get payments');
  });

  it('captures partial payments, shows the balance, and refuses overpayment with a clear message', async () => {
    const part = Math.floor(amount / 3);
    const rupees = (p: number) => (p / 100).toFixed(2);
    const first = await seller.json(`/api/invoices/${invoiceId}/payments`, {
      method: 'POST', body: { amount: rupees(part), mode: 'upi', reference: 'UTR123456', paidOn: '2026-11-20' },
    });
    expect(first.status).toBe(201);
    expect(first.body.invoice).toMatchObject({ status: 'PARTIALLY_PAID', paidPaise: part, balancePaise: amount - part });
    expect(first.body.payments).toEqual([expect.objectContaining({ amountPaise: part, mode: 'upi', reference: 'UTR123456', actorName: 'Ritika Sharma' })]);

    const over = await seller.json(`/api/invoices/${invoiceId}/payments`, {
      method: 'POST', body: { amount: rupees(amount - part + 1), mode: 'cash', paidOn: '2026-11-21' },
    });
    expect(over.status).toBe(409);
    const balance = amount - part;
    expect(over.body.message).toContain(`₹${(balance / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    expect(over.body.message).toMatch(/more than the balance due/);
    const unchanged = await seller.json(`/api/invoices/${invoiceId}`);
    expect(unchanged.body.invoice.paidPaise).toBe(part);
    expect(unchanged.body.payments).toHaveLength(1);

    const rest = await seller.json(`/api/invoices/${invoiceId}/payments`, {
      method: 'POST', body: { amount: rupees(balance), mode: 'cheque', reference: '004512', paidOn: '2026-11-21' },
    });
    expect(rest.body.invoice).toMatchObject({ status: 'PAID', balancePaise: 0 });
    const more = await seller.json(`/api/invoices/${invoiceId}/payments`, { method: 'POST', body: { amount: '1', mode: 'cash', paidOn: '2026-11-21' } });
    expect(more).toMatchObject({ status: 409, body: { message: INVOICE_ALREADY_PAID } });
    const paid = await seller.json(`/api/invoices?filter=${encodeURIComponent(JSON.stringify({ status: 'PAID' }))}`);
    expect(paid.body.invoices.map((i: any) => i.id)).toEqual([invoiceId]);
  });

  it('refuses bad payments and other tenants, changing nothing', async () => {
    const list = await seller.json(`/api/invoices?filter=${encodeURIComponent(JSON.stringify({ status: 'UNPAID' }))}`);
    const target = list.body.invoices[0].id;
    const cases: [unknown, string][] = [
      [{ amount: '100', mode: 'cheque', paidOn: '2026-11-20' }, PAYMENT_REFERENCE_REQUIRED],
      [{ amount: '100', mode: 'cash', paidOn: '2999-01-01' }, PAYMENT_DATE_FUTURE],
      [{ amount: '-5', mode: 'cash', paidOn: '2026-11-20' }, 'Amount must be more than 0, with at most 2 decimals'],
      [{ amount: '10.555', mode: 'cash', paidOn: '2026-11-20' }, 'Amount must be more than 0, with at most 2 decimals'],
      [{ amount: '10', mode: 'barter', paidOn: '2026-11-20' }, 'Please select the payment mode'],
    ];
    for (const [body, message] of cases) {
      const r = await seller.json(`/api/invoices/${target}/payments`, { method: 'POST', body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors.map((e: any) => e.message)).toContain(message);
    }
    expect((await seller.json(`/api/invoices/${target}`)).body.payments).toEqual([]);

    const wh = await signInDemo(app, 'warehouse');
    expect((await wh.json(`/api/invoices/${target}/payments`, { method: 'POST', body: { amount: '1', mode: 'cash', paidOn: '2026-11-20' } })).status).toBe(403);
    const otherSeller = await signIn(app, 'd2r@shipdesk.in', 'Distributor@1234', 'seller');
    const foreign = await otherSeller.json(`/api/invoices/${target}/payments`, { method: 'POST', body: { amount: '1', mode: 'cash', paidOn: '2026-11-20' } });
    expect(foreign.status).toBe(404);
    expect((await seller.json(`/api/invoices/${target}`)).body.payments).toEqual([]);
    const admin = await signInDemo(app, 'admin');
    expect((await admin.json('/api/invoices/no-such-invoice')).status).toBe(404);
  });
});
