// A typed contract. Every route that declares its answer with
// `responds(Schema)` (edge-api/lib/responds.ts) lists that schema in
// /api/openapi.json, and its live answer to a demo request parses with it, so the
// schema (and the client type inferred from it) cannot drift from the handler.
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPincodes } from '../../db/pincodes/load';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { sampleImage } from '../../edge-api/documents/fixtures';
import { defaultConfig } from '../../edge-api/app';
import { enqueueJob } from '../../db/jobs/queue';
import { drainTasks, enqueueTask } from '../../edge-api/integrations/tasks';
import { TASK_HANDLERS } from '../../edge-api/integrations/handlers';
import { findTaskByKey } from '../../db/integrations/tasks';
import { irnTaskKey } from '../../edge-api/services/billing/einvoice-queue';
import pino from 'pino';
import { signBody } from '../../edge-api/routes/tracking/webhooks';
import type { ResponseMeta } from '../../edge-api/lib/responds';
import { makeGstin } from '../../domain/gstin';
import { nowIso, uuidv7 } from '../../domain/ids';
import { reattemptDates } from '../../domain/tracking';
import { anonymous, makeTestApp, signIn, signInDemo, type Agent } from './helpers';
import { orderPicker } from './orders-fixtures';
import { registerTestPartner, TEST_PARTNER } from './integration-fixtures';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
type Role = 'seller' | 'warehouse' | 'admin' | 'anonymous';
/**
 * The request that shows a route's answer: who asks (a demo role, or `agent()` for
 * one made in `setup`), the concrete path, a body for writes and headers it needs.
 */
type Demo = {
  as: Role; agent?: () => Agent; path: string | (() => string); body?: unknown | (() => unknown); headers?: (body: unknown) => Record<string, string>;
  setup?: () => Promise<void>; keep?: (body: any) => void;
};

let ctx: Ctx;
const agents = {} as Record<Role, Agent>;
/** Agents signed in by a demo's setup (a session to sign out, a new seller). */
const extra: Record<string, Agent> = {};
/** Answers and bodies kept from one demo for the next. */
const saved: Record<string, any> = {};
/** Ids of seeded rows the demo requests name. */
const ids: Record<string, string> = {};
let orderIn: ReturnType<typeof orderPicker>;
/** An order of company `i` put in a state, kept under `ids[key]`. */
const order = (key: string, i: number, set: Parameters<ReturnType<typeof orderPicker>>[1]) => async () => {
  ids[key] = await orderIn(i, set);
};
/** A real uploaded image of the demo seller: its key. */
async function upload(purpose: 'logo' | 'signature') {
  const png = await sampleImage(purpose);
  const p = await agents.seller.json('/api/uploads/presign', { method: 'POST', body: { purpose, fileName: `${purpose}.png`, contentType: 'image/png', size: png.length } });
  await agents.seller.request(p.body.uploadUrl, { method: 'PUT', body: new Uint8Array(png), headers: { 'content-type': 'image/png' } });
  return p.body.key as string;
}
/** A delivery order (admin lightning deliveries) in a status: its AWB, kept under `ids[key]`. */
const delivery = (key: string, status: string) => async () => {
  const awb = `RD${String(Date.now()).slice(-8)}${Object.keys(ids).length}`;
  const at = new Date(Date.now() - 3 * 86_400_000).toISOString();
  await ctx.db.insertInto('delivery_orders').values({
    awb, company_id: ids.company, order_status: status, attempt: 0, otp: '1234', payment_method: 'cod', total_paise: 49900,
    customer_address: JSON.stringify({ name: 'Asha Rao', phone: '9876501234', addressLine1: '12, MG Road', addressLine2: 'Near Park', city: 'Pune', state: 'Maharashtra', pincode: '411001' }),
    driver_id: null, pod_url: null, shipping_label_url: null, created_at: at, updated_at: at,
  } as never).execute();
  ids[key] = awb;
};
const past = () => new Date(Date.now() - 3_600_000).toISOString();
const W0 = DEMO_WAREHOUSES[0].id;
/** An order of the demo seller in a state, with an AWB of its own: the AWB, kept under `ids[key]` (its id under `ids[key + 'Id']`). */
const shipment = (key: string, set: Parameters<ReturnType<typeof orderPicker>>[1]) => async () => {
  ids[key] = `RESP${key.toUpperCase()}${String(Date.now()).slice(-6)}`;
  ids[`${key}Id`] = await orderIn(0, { tracking_number: ids[key], ...set });
};
/** The seller's own profile as its form sends it back (the demo company's and warehouse's values). */
const profileBody = async (agent: Agent) => {
  const { kind: _k, isD2R: _d, ...fields } = (await agent.json('/api/profile')).body.profile;
  return fields;
};
const companySignup = (email: string) => ({
  name: 'Sahyadri Spices Pvt Ltd', email, phone: '9822012345', pan: 'ABCPS1234K', gst: '27ABCPS1234K1Z5', website: 'www.sahyadrispices.in',
  poc: 'Sunita Jadhav', pocPhone: '9922012345', address: { line1: '12, FC Road', line2: 'Shivajinagar', city: 'Pune', state: 'Maharashtra', pincode: '411005' },
  password: 'Spice@2026', confirmPassword: 'Spice@2026',
});
/** A bulk submit's demo: one row the server checks and reports on (an answer with its errorArray). */
const bulkDemo = (as: Role, path: string | (() => string), row: Record<string, string>): Demo => ({ as, path, body: { rows: [row] } });
const itemsOf = (id: string) => ctx.db.selectFrom('order_items').select(['id', 'quantity']).where('order_id', '=', id).orderBy('id').execute();

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 120 });
  orderIn = orderPicker(ctx.db);
  for (const role of ['seller', 'warehouse', 'admin'] as const) agents[role] = await signInDemo(ctx.app, role);
  agents.anonymous = anonymous(ctx.app);
  const company = DEMO_COMPANIES[0].id;
  ids.company = company;
  await loadPincodes(ctx.db, { records: [{ pincode: 560038, district: 'Bangalore', state: 'Karnataka' }] });
  ids.job = await enqueueJob(ctx.dbh, { kind: 'test.responses', payload: {}, companyId: company, total: 1 });
  const item = await ctx.db.selectFrom('catalogue_items').select('id').where('company_id', '=', company).where('shop_type', '=', 'manual').executeTakeFirstOrThrow();
  ids.catalogue = item.id;
  for (const [key, phone] of [['store', '9876500101'], ['primaryStore', '9876500102']] as const) {
    const r = await agents.seller.json('/api/d2r/store-address', { method: 'POST', body: { ...store, storeName: `Store ${key}`, phone } });
    ids[key] = r.body.data.id;
  }
});

const store = { storeName: 'Demo Store', phone: '9876500100', address1: 'Shop 1', address2: 'Market', zip: '400001', city: 'Mumbai', state: 'Maharashtra' };
const address = {
  firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: 'priya@example.in',
  address1: 'Flat 302, Sai Residency', address2: '14th Cross, Indiranagar', zip: '560038', city: 'Bengaluru', state: 'Karnataka', gstin: '',
};
const catalogueItem = {
  skuId: 'RESP-1', productTitle: 'Tulsi Green Tea 100g', productId: 'RESP-P1', category: 'Beverages', hsnCode: '09021010', active: 1,
  price: '349.50', basePrice: '240', margin: '20', distributorMargin: '10.5', weight: '120', dimensions: { length: '12', breadth: '8', height: '4.5' },
  gstPercentage: { cgst: '9', sgst: '9', igst: '18' }, imageUrls: ['https://cdn.example.in/a.png'],
};

/** `METHOD /api/path/{param}` → the demo request. Writes come after reads of the same rows. */
const demos = (): Record<string, Demo> => ({
  'POST /api/uploads/presign': { as: 'seller', path: '/api/uploads/presign', body: { purpose: 'logo', fileName: 'a.png', contentType: 'image/png', size: 10 } },
  'GET /api/health': { as: 'anonymous', path: '/api/health' },
  'GET /api/finance/remittances': { as: 'admin', path: '/api/finance/remittances' },
  'POST /api/finance/remittances/import': { as: 'admin', path: '/api/finance/remittances/import', body: { courier: 'delhivery', fileName: 'r.csv', contentBase64: Buffer.from('Waybill,COD Amount,UTR No,Remittance Date\nNOAWB1,"₹1,234.50",UTR1,05/01/2026').toString('base64') } },
  'POST /api/finance/remittances/bank-statement': { as: 'admin', path: '/api/finance/remittances/bank-statement', body: { fileName: 'b.csv', contentBase64: Buffer.from('UTR,Credit\nUTR1,"₹1,234.50"').toString('base64') } },
  'POST /api/finance/remittances/settle': { as: 'admin', path: '/api/finance/remittances/settle', body: { ids: ['none'] } },
  'PUT /api/finance/remittances/couriers': { as: 'admin', path: '/api/finance/remittances/couriers', body: { courier: 'delhivery', notRemittedDays: 10 } },
  'GET /api/weight-reconciliation': { as: 'seller', path: '/api/weight-reconciliation' },
  'POST /api/weight-reconciliation/import': { as: 'admin', path: '/api/weight-reconciliation/import', body: { courier: 'delhivery', fileName: 'w.csv', contentBase64: Buffer.from('Waybill,Charged Weight,Billing Date,Excess Charge\nNOAWB1,1.5,05/01/2026,"₹40.00"').toString('base64') } },
  'POST /api/weight-reconciliation/decide': { as: 'seller', path: '/api/weight-reconciliation/decide', body: { ids: ['none'], decision: 'accept' } },
  'PUT /api/weight-reconciliation/tolerance': { as: 'seller', path: '/api/weight-reconciliation/tolerance', body: { toleranceG: 20 } },
  'PUT /api/weight-reconciliation/couriers': { as: 'admin', path: '/api/weight-reconciliation/couriers', body: { courier: 'delhivery', disputeDays: 7 } },
  'GET /api/jobs/{id}': { as: 'seller', path: `/api/jobs/${ids.job}` },
  // catalogue, manual orders, retailers
  'GET /api/catalogue/company/{id}': { as: 'seller', path: `/api/catalogue/company/${ids.company}?pageSize=5` },
  'GET /api/catalogue/{id}': { as: 'seller', path: `/api/catalogue/${ids.catalogue}` },
  'POST /api/catalogue': { as: 'seller', path: '/api/catalogue', body: catalogueItem, keep: (b) => (ids.newItem = b.data.id) },
  'PUT /api/catalogue/{id}': { as: 'seller', path: () => `/api/catalogue/${ids.newItem}`, body: { ...catalogueItem, productTitle: 'Tulsi Green Tea 200g' } },
  'GET /api/pincode/{pincode}': { as: 'seller', path: '/api/pincode/560038' },
  'GET /api/company/warehouses': { as: 'seller', path: '/api/company/warehouses' },
  'GET /api/salesman': { as: 'seller', path: '/api/salesman' },
  'POST /api/salesman': { as: 'seller', path: '/api/salesman', body: { firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.in', phone: '9876500200' } },
  'POST /api/orders/manual': {
    as: 'seller', path: '/api/orders/manual', keep: (b) => (ids.manualOrder = b.data.id),
    body: { id: 'RESP-MO-1', orderType: 0, pricingType: 0, paymentMethod: 'prepaid', shippingPrice: '50', shippingAddress: address, sameAsShipping: true, items: [{ catalogueId: ids.catalogue, quantity: 2 }] },
  },
  'GET /api/orders/manual/{id}/prefill': { as: 'seller', path: () => `/api/orders/manual/${ids.manualOrder}/prefill` },
  'GET /api/d2r/store-address/list': { as: 'seller', path: '/api/d2r/store-address/list?page=1&limit=10' },
  'GET /api/d2r/store-address/{id}': { as: 'seller', path: `/api/d2r/store-address/${ids.store}` },
  'POST /api/d2r/store-address': { as: 'seller', path: '/api/d2r/store-address', body: store },
  'POST /api/d2r/retailer/mapping': { as: 'seller', path: '/api/d2r/retailer/mapping', body: { retailerId: ids.store, mappedTo: ids.primaryStore } },
  'GET /api/d2r/primary/retailers': { as: 'seller', path: '/api/d2r/primary/retailers' },
  'GET /api/retailer/mapping/count/{retailerId}': { as: 'seller', path: `/api/retailer/mapping/count/${ids.store}` },
  // orders: lists
  'GET /api/orders/counts': { as: 'seller', path: '/api/orders/counts' },
  'GET /api/orders': { as: 'seller', path: '/api/orders?pageSize=10' },
  'GET /api/missed-orders': { as: 'seller', path: '/api/missed-orders' },
  'GET /api/customerRequests': { as: 'seller', path: '/api/customerRequests' },
  'GET /api/customerRequests/find/{id}': {
    as: 'seller', path: () => `/api/customerRequests/find/${ids.request}`,
    setup: async () => {
      const o = await orderIn(0, { status: 'UNDELIVERED' });
      ids.request = uuidv7();
      await ctx.db.insertInto('customer_requests').values({ id: ids.request, order_id: o, company_id: ids.company, kind: 'reattempt', payload: '{}', status: 'OPEN', created_at: nowIso() }).execute();
    },
  },
  // orders: one order and its actions
  'GET /api/orders/{id}': { as: 'seller', path: () => `/api/orders/${ids.placed}`, setup: order('placed', 0, { status: 'PLACED', shop_type: 'manual' }) },
  'GET /api/orders/{id}/whatsapp-messages': { as: 'seller', path: () => `/api/orders/${ids.ndr}/whatsapp-messages`, setup: order('ndr', 0, { status: 'UNDELIVERED' }) },
  'GET /api/shipping-packages': { as: 'seller', path: '/api/shipping-packages' },
  'PATCH /api/order-shipping-packages': { as: 'seller', path: '/api/order-shipping-packages', body: () => ({ orderId: ids.placed, selectedValue: 'BOX-M' }) },
  'PATCH /api/orders/{id}/details': { as: 'seller', path: () => `/api/orders/${ids.placed}/details`, body: { remarks: 'Gift wrap' } },
  'PATCH /api/orders/{id}/customer': {
    as: 'seller', path: () => `/api/orders/${ids.placed}/customer`,
    body: { firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: 'priya@example.in', address1: 'Flat 302', address2: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
  },
  'PATCH /api/orders/{id}/weight': { as: 'admin', path: () => `/api/orders/${ids.placed}/weight`, body: { weightG: 900, lengthCm: 30 } },
  'PATCH /api/orders/{id}/warehouse': { as: 'admin', path: () => `/api/orders/${ids.placed}/warehouse`, body: { warehouseId: 'w0000000-0000-7000-8000-000000000002' } },
  'PATCH /api/orders/{id}/items': { as: 'admin', path: () => `/api/orders/${ids.placed}/items`, body: async () => ({ items: (await itemsOf(ids.placed)).map((i) => ({ id: i.id, quantity: 2 })) }) },
  'PATCH /api/orders/{id}/ready-to-ship': { as: 'seller', path: () => `/api/orders/${ids.rts}/ready-to-ship`, body: {}, setup: order('rts', 0, { status: 'PLACED' }) },
  'PATCH /api/orders/{id}/cancel': { as: 'seller', path: () => `/api/orders/${ids.cancel}/cancel`, body: { reason: 'Customer changed their mind' }, setup: order('cancel', 0, { status: 'PLACED' }) },
  'PATCH /api/orders/{id}/revert-to-placed': { as: 'admin', path: () => `/api/orders/${ids.cancel}/revert-to-placed`, body: {} },
  'PATCH /api/orders/unblock-inventory/{id}': {
    as: 'admin', path: () => `/api/orders/unblock-inventory/${ids.blocked}`, body: {}, setup: order('blocked', 0, { status: 'PLACED', shop_type: 'manual', inventory_blocked: 1 }),
  },
  'PATCH /api/orders/{id}/mark-delivered': {
    as: 'seller', path: () => `/api/orders/${ids.fbw}/mark-delivered`, body: { status: 'DELIVERED', paymentMode: 'cod', d2RDueDate: null },
    setup: order('fbw', 0, { status: 'READY_TO_SHIP', shop_type: 'manual_fbw', payment_mode: 'cod' }),
  },
  'POST /api/schedule_dto': {
    as: 'seller', path: '/api/schedule_dto', setup: order('delivered', 0, { status: 'DELIVERED' }),
    body: async () => ({ splitOrderId: ids.delivered, items: (await itemsOf(ids.delivered)).map((i, k) => ({ id: i.id, returnQuantity: k === 0 ? 1 : 0 })) }),
  },
  'POST /api/cancel-return': {
    as: 'seller', path: '/api/cancel-return', body: () => ({ splitOrderId: ids.dto, provider: 'clickpost', awb: 'RCP123456' }),
    setup: order('dto', 0, { status: 'DTO_PLACED', return_awb: 'RCP123456' }),
  },
  'POST /api/orders/{id}/credit-notes': {
    as: 'admin', path: () => `/api/orders/${ids.retail}/credit-notes`, body: { amountPaise: 40000, reason: 'Damaged cartons' },
    setup: order('retail', 2, { status: 'DELIVERED', order_type: 2, total_paise: 100000 }),
  },
  'POST /api/bulkreadytoship': { as: 'seller', path: '/api/bulkreadytoship', body: () => ({ orderids: ids.bulk1 }), setup: order('bulk1', 0, { status: 'PLACED' }) },
  'POST /api/bulkreadytoship/': { as: 'seller', path: '/api/bulkreadytoship/', body: () => ({ orderids: ids.bulk2 }), setup: order('bulk2', 0, { status: 'PLACED' }) },
  'POST /api/bulk-check-serviceability': { as: 'seller', path: '/api/bulk-check-serviceability', body: () => ({ orderIds: [ids.placed] }) },
  // billing (after ready-to-ship above issued an invoice)
  'GET /api/invoices': {
    as: 'seller', path: '/api/invoices?page=1&pageSize=10',
    setup: async () => {
      ids.invoice = (await ctx.db.selectFrom('invoices').select('id').where('company_id', '=', ids.company).executeTakeFirstOrThrow()).id;
    },
  },
  'GET /api/invoices/{id}': { as: 'seller', path: () => `/api/invoices/${ids.invoice}` },
  'POST /api/invoices/{id}/payments': { as: 'seller', path: () => `/api/invoices/${ids.invoice}/payments`, body: { amount: '1', mode: 'upi', reference: 'UTR123456', paidOn: '2026-11-21' } },
  'GET /api/ums/invoices': { as: 'seller', path: '/api/ums/invoices' },
  'POST /api/ums/invoices': {
    as: 'seller', path: '/api/ums/invoices',
    body: async () => ({
      registeredName: 'Chai Point Retail Private Limited', brandName: 'Chai Point',
      invoicingAddress: { line1: '12, Residency Road', line2: 'Shanthala Nagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560025' },
      logo: await upload('logo'), signature: await upload('signature'), sgstPercentage: '9', cgstPercentage: 9, igstPercentage: '18', utgstPercentage: '',
      warehouseInvoiceSeries: { [DEMO_WAREHOUSES[0].id]: { invoicePrefix: 'CPB/', b2bInvoicePrefix: 'CPBB/' }, [DEMO_WAREHOUSES[1].id]: { invoicePrefix: 'CPK/', b2bInvoicePrefix: 'CPKB/' } },
    }),
  },
  'POST /api/download/email': { as: 'seller', path: '/api/download/email', body: { kind: 'csv:orders', filter: {}, email: 'seller@shipdesk.in' } },
  'GET /api/admin/outbox': { as: 'admin', path: '/api/admin/outbox?page=1&pageSize=25' },
  // preferences, couriers, high-margin approval
  'GET /api/ums/profile/preferences': { as: 'seller', path: '/api/ums/profile/preferences' },
  'POST /api/ums/profile/preferences': {
    as: 'seller', path: '/api/ums/profile/preferences',
    body: { printItemLabel: true, hideCustomerPhoneOnLabel: false, courierProvider1: null, courierProvider2: null, maxWeightWhiteLabelG: null, returnToOtherWarehouse: false },
  },
  'GET /api/ums/profile/deliveryPartners': { as: 'seller', path: '/api/ums/profile/deliveryPartners' },
  'GET /api/ums/profile/companies/find': { as: 'admin', path: '/api/ums/profile/companies/find?companyName=khadi' },
  'GET /api/orders/{id}/couriers': { as: 'seller', path: () => `/api/orders/${ids.placed}/couriers` },
  'GET /api/orders/{id}/courier-booking': { as: 'seller', path: () => `/api/orders/${ids.rts}/courier-booking` },
  'GET /api/orders/{id}/high-margin': {
    as: 'admin', path: () => `/api/orders/${ids.highMargin}/high-margin`,
    setup: async () => {
      // A PLACED D2R order sold at half the catalogue price.
      ids.highMargin = await orderIn(2, { status: 'PLACED', order_type: 2, tracking_number: null, delivery_partner_id: null, shipper: null, weight_g: 900 });
      const items = await ctx.db.selectFrom('order_items').innerJoin('catalogue_items', 'catalogue_items.id', 'order_items.catalogue_id')
        .select(['order_items.id', 'catalogue_items.price_paise']).where('order_id', '=', ids.highMargin).execute();
      for (const it of items) await ctx.db.updateTable('order_items').set({ final_price_paise: Math.round(Number(it.price_paise) / 2) }).where('id', '=', it.id).execute();
    },
  },
  'PATCH /api/orders/{id}/approve-d2r': { as: 'admin', path: () => `/api/orders/${ids.highMargin}/approve-d2r`, body: {} },
  // GSTINs per state, audit log, promoters, bulk look-ups
  // Partner connections (a test partner kind) and the partner work queue
  'POST /api/integrations/connections': {
    as: 'seller', path: '/api/integrations/connections', setup: async () => void registerTestPartner(),
    body: { kind: TEST_PARTNER, label: 'Main store', baseUrl: 'https://api.partner.example', settings: { account: 'acme' }, secrets: { token: 't0k3n' } },
    keep: (b) => (ids.connection = b.connection.id),
  },
  'GET /api/integrations/connections': { as: 'seller', path: '/api/integrations/connections' },
  'PATCH /api/integrations/connections/{id}': { as: 'seller', path: () => `/api/integrations/connections/${ids.connection}`, body: { label: 'Renamed' } },
  'POST /api/integrations/connections/{id}/test': { as: 'seller', path: () => `/api/integrations/connections/${ids.connection}/test` },
  'GET /api/integrations/connections/{id}/sync': {
    as: 'seller', path: () => `/api/integrations/connections/${ids.syncShop}/sync`,
    setup: async () => {
      const r = await agents.seller.json('/api/integrations/connections', {
        method: 'POST', body: { kind: 'shopify', label: 'Synced store', baseUrl: 'https://acme-sync.myshopify.com', settings: { shopDomain: 'acme-sync.myshopify.com' }, secrets: { accessToken: 'shpat_demo', clientSecret: 'shpss_demo_secret' } },
      });
      ids.syncShop = r.body.connection.id;
    },
  },
  'POST /api/integrations/connections/{id}/sync': { as: 'seller', path: () => `/api/integrations/connections/${ids.syncShop}/sync`, body: { days: 3 } },
  'DELETE /api/integrations/connections/{id}': { as: 'seller', path: () => `/api/integrations/connections/${ids.connection}` },
  'POST /api/integrations/{kind}/{connectionId}/webhook': {
    as: 'anonymous',
    setup: async () => {
      const r = await agents.seller.json('/api/integrations/connections', {
        method: 'POST', body: { kind: 'shopify', label: 'Demo store', baseUrl: 'https://acme-india.myshopify.com', settings: { shopDomain: 'acme-india.myshopify.com' }, secrets: { accessToken: 'shpat_demo', clientSecret: 'shpss_demo_secret' } },
      });
      ids.shop = r.body.connection.id;
    },
    path: () => `/api/integrations/shopify/${ids.shop}/webhook`,
    body: { id: 820982911946154500, name: '#9999', line_items: [] },
    headers: (body) => ({
      'x-shopify-topic': 'orders/create', 'x-shopify-webhook-id': 'responses-demo-1',
      'x-shopify-hmac-sha256': createHmac('sha256', 'shpss_demo_secret').update(JSON.stringify(body)).digest('base64'),
    }),
  },
  'GET /api/integrations/tasks': { as: 'seller', path: '/api/integrations/tasks?status=failed,pending' },
  'POST /api/integrations/tasks/{id}/retry': {
    as: 'seller', path: () => `/api/integrations/tasks/${ids.task}/retry`,
    setup: async () => {
      ids.task = (await enqueueTask(ctx.dbh, { kind: 'test.failed', key: `failed:${uuidv7()}`, payload: null, companyId: ids.company })).id;
      await ctx.db.updateTable('integration_tasks').set({ status: 'failed', last_error: 'Partner refused' }).where('id', '=', ids.task).execute();
    },
  },
  'GET /api/ums/invoices/gstins': { as: 'seller', path: '/api/ums/invoices/gstins' },
  'PUT /api/ums/invoices/gstins': { as: 'seller', path: '/api/ums/invoices/gstins', body: { state: 'Kerala', gstin: makeGstin('32', 'AAPFU0939F') } },
  'DELETE /api/ums/invoices/gstins/{stateCode}': { as: 'seller', path: '/api/ums/invoices/gstins/32' },
  'GET /api/admin/audit-log': { as: 'admin', path: '/api/admin/audit-log' },
  'POST /api/admin/promoter': {
    as: 'admin', path: '/api/admin/promoter',
    body: { name: 'Ravi Kulkarni', phone: '9876500311', retailers: [{ firstName: 'Sunil', lastName: 'Traders', phone: '9876500312', GSTIN: '' }], user: 'Platform Admin' },
    keep: (b) => (ids.promoter = b.data.id),
  },
  'POST /api/admin/promoter/list': { as: 'admin', path: '/api/admin/promoter/list', body: { where: { name: 'ravi' }, pagination: { page: 1, pageSize: 10 } } },
  'GET /api/admin/promoter/stock-details': { as: 'admin', path: '/api/admin/promoter/stock-details?promoterName=ravi&record=50&page=1' },
  'GET /api/admin/promoter/credit-note': { as: 'admin', path: '/api/admin/promoter/credit-note?promoterName=ravi&record=50&page=1' },
  'GET /api/d2r/beats': { as: 'seller', path: '/api/d2r/beats' },
  'GET /api/catalogue/pricing/{companyId}/{shopId}': { as: 'seller', path: () => `/api/catalogue/pricing/${ids.company}/${ids.store}` },
  'GET /api/orders/{id}/shipping-adjustments': { as: 'seller', path: () => `/api/orders/${ids.placed}/shipping-adjustments` },
  'GET /api/orders/manual/ship-from': { as: 'seller', path: () => `/api/orders/manual/ship-from?pincode=560038&items=${ids.catalogue}:1` },
  'GET /api/problem-orders/couriers': { as: 'seller', path: '/api/problem-orders/couriers' },
  'GET /api/problem-orders/ndr': { as: 'seller', path: () => `/api/problem-orders/ndr?ids=${ids.ndr}` },
  'GET /api/orders/manual/order-id': { as: 'seller', path: '/api/orders/manual/order-id' },
  'GET /api/return-rules': { as: 'warehouse', path: '/api/return-rules' },
  'GET /api/returns/find': { as: 'warehouse', path: () => `/api/returns/find?code=${ids.rtoAwb}`, setup: async () => {
    ids.rtoAwb = `RESP${Date.now()}`;
    await orderIn(0, { status: 'RTO_DELIVERED', warehouse_id: DEMO_WAREHOUSES[0].id, tracking_number: ids.rtoAwb });
  } },
  // admin masters and journeys
  'POST /api/admin/create-driver': { as: 'admin', path: '/api/admin/create-driver', body: { name: 'Ravi Kumar', phone: '9123456780', vehicle: 'Bike' }, keep: (b) => (ids.driver = b.driver.id) },
  'POST /api/admin/drivers': { as: 'admin', path: '/api/admin/drivers', body: {} },
  'GET /api/admin/driver/{id}': { as: 'admin', path: () => `/api/admin/driver/${ids.driver}` },
  'POST /api/admin/create-cluster': { as: 'admin', path: '/api/admin/create-cluster', body: { name: 'Gujarat', city: 'Ahmedabad', pincodes: ['380001'] }, keep: (b) => (ids.cluster = b.cluster.clusterId) },
  'POST /api/admin/assign-cluster': { as: 'admin', path: '/api/admin/assign-cluster', body: () => ({ clusterId: ids.cluster, warehouseId: DEMO_WAREHOUSES[0].id }) },
  'GET /api/admin/clusters': { as: 'admin', path: '/api/admin/clusters' },
  'GET /api/clusters': { as: 'warehouse', path: '/api/clusters' },
  'GET /api/admin/cluster-owner': { as: 'admin', path: '/api/admin/cluster-owner' },
  'GET /api/admin/warehouse-user': { as: 'admin', path: '/api/admin/warehouse-user' },
  'GET /api/admin/warehouses': { as: 'admin', path: '/api/admin/warehouses' },
  'GET /api/warehouse/find': { as: 'admin', path: '/api/warehouse/find?warehouseName=a' },
  'GET /api/admin/journey': { as: 'admin', path: '/api/admin/journey' },
  'GET /api/admin/journey/{id}': {
    as: 'admin', path: () => `/api/admin/journey/${ids.journey}`,
    setup: async () => {
      ids.journey = (await ctx.db.selectFrom('journeys').select('id').executeTakeFirstOrThrow()).id;
    },
  },
  'POST /api/admin/create-cluster-owner': { as: 'admin', path: '/api/admin/create-cluster-owner', body: { name: 'Kiran Shah', phone: '9988776655', email: 'kiran@example.com' } },
  'POST /api/admin/create-warehouse': {
    as: 'admin', path: '/api/admin/create-warehouse',
    body: { name: 'Sanand Hub', code: 'AMD1', email: 'amd1@example.com', phone: '9876543210', address: { line1: 'Plot 4', city: 'Sanand', state: 'Gujarat', pincode: '382110' } },
  },
  'POST /api/admin/create-warehouse-owner': {
    as: 'admin', path: '/api/admin/create-warehouse-owner', body: { name: 'Farah Khan', email: 'farah@example.com', password: 'Secret@123', warehouseId: DEMO_WAREHOUSES[0].id },
  },
  'GET /api/admin/journey/filter/count': { as: 'admin', path: '/api/admin/journey/filter/count' },
  'GET /api/admin/orders/filter/count': { as: 'admin', path: '/api/admin/orders/filter/count' },
  // admin deliveries
  'GET /api/admin/orders': { as: 'admin', path: '/api/admin/orders' },
  'GET /api/lightning/orders': { as: 'admin', path: '/api/lightning/orders' },
  'GET /api/admin/orders/{awb}': { as: 'admin', path: () => `/api/admin/orders/${ids.dPlaced}`, setup: delivery('dPlaced', 'PLACED') },
  'GET /api/lightning/orders/{awb}': { as: 'admin', path: () => `/api/lightning/orders/${ids.dPlaced}` },
  'POST /api/admin/drivers/assigned-orders': {
    as: 'admin', path: '/api/admin/drivers/assigned-orders', body: () => ({ assignedOrderIds: [ids.dPlaced], driverId: ids.driver, requestId: uuidv7() }),
    // A driver delivers within the cluster's pincodes: the new driver joins the cluster of the order's pincode.
    setup: async () => {
      const c = await ctx.db.selectFrom('cluster_pincodes').select('cluster_id').where('pincode', '=', '411001').executeTakeFirstOrThrow();
      await ctx.db.updateTable('drivers').set({ cluster_id: c.cluster_id }).where('id', '=', ids.driver).execute();
    },
  },
  'POST /api/admin/order/mark-as-delivered': {
    as: 'admin', path: '/api/admin/order/mark-as-delivered', setup: delivery('dOut', 'OUT_FOR_DELIVERY'), body: () => ({ awb: ids.dOut, timeStamp: past(), requestId: uuidv7() }),
  },
  'POST /api/admin/order/mark-as-undelivered': {
    as: 'admin', path: '/api/admin/order/mark-as-undelivered', setup: delivery('dOut2', 'OUT_FOR_DELIVERY'), body: () => ({ awb: ids.dOut2, reason: 'Address not found', requestId: uuidv7() }),
  },
  'POST /api/admin/order/mark-as-cancelled': {
    as: 'admin', path: '/api/admin/order/mark-as-cancelled', setup: delivery('dCancel', 'PLACED'), body: () => ({ awb: ids.dCancel, reason: 'Seller asked', requestId: uuidv7() }),
  },
  'POST /api/admin/order/mark-as-rto-delivered': { as: 'admin', path: '/api/admin/order/mark-as-rto-delivered', body: () => ({ awb: ids.dCancel, requestId: uuidv7() }) },
  'POST /api/admin/csv/orders/download/email': { as: 'admin', path: '/api/admin/csv/orders/download/email', body: { email: 'admin@shipdesk.in', filter: {} } },
  'POST /api/admin/journey/download/email': { as: 'admin', path: '/api/admin/journey/download/email', body: { email: 'admin@shipdesk.in', filter: {} } },
  // tracking page layout
  'GET /api/ums/profile/get-tracking-layout': { as: 'seller', path: '/api/ums/profile/get-tracking-layout' },
  'PATCH /api/ums/profile/tracking-layout': { as: 'seller', path: '/api/ums/profile/tracking-layout', body: { trackingLayout: null } },
  // floor: inventory trails and return approval (read online)
  'POST /api/inventory/trail/{inventoryId}': {
    as: 'warehouse', path: () => `/api/inventory/trail/${ids.stock}`, body: { filter: {} },
    setup: async () => {
      const row = await ctx.db.selectFrom('inventory').select(['id', 'wsin']).where('company_id', '=', ids.company).where('warehouse_id', '=', DEMO_WAREHOUSES[0].id).executeTakeFirstOrThrow();
      ids.stock = row.id;
      ids.wsin = row.wsin;
    },
  },
  'POST /api/inventory/scanned-stock/trail/{wsin}': { as: 'warehouse', path: () => `/api/inventory/scanned-stock/trail/${ids.wsin}`, body: () => ({ companyId: ids.company, filter: {} }) },
  'GET /api/return-info': {
    as: 'warehouse', path: () => `/api/return-info?splitOrderId=${ids.rto}`,
    setup: async () => {
      ids.rto = await orderIn(0, { status: 'RTO_DELIVERED', warehouse_id: DEMO_WAREHOUSES[0].id });
    },
    keep: (b) => (saved.returnLines = b.data.data),
  },
  'POST /api/process-returns': {
    as: 'warehouse', path: '/api/process-returns',
    body: () => ({
      orderData: { id: ids.rto }, returnType: 'RTO',
      returnInfo: saved.returnLines.map((l: { wsin: string; sku: string }) => ({ wsin: l.wsin, sku: l.sku, missingQuantity: 0, damageQuantity: 0 })),
    }),
  },
  // ---- auth and profile ----
  'POST /api/auth/authenticate': { as: 'anonymous', path: '/api/auth/authenticate', body: { email: 'seller@shipdesk.in', password: 'Seller@1234', appType: 'seller' } },
  'POST /api/auth/login': {
    as: 'anonymous', path: '/api/auth/login', body: () => ({ oauthCode: ids.oauthCode }), headers: () => ({ 'x-xsrf-token': ids.loginXsrf }),
    setup: async () => {
      const a = await agents.anonymous.json('/api/auth/authenticate', { method: 'POST', body: { email: 'seller@shipdesk.in', password: 'Seller@1234', appType: 'seller' } });
      ids.oauthCode = a.body.oauthCode;
      ids.loginXsrf = a.body.xsrfToken;
    },
  },
  'GET /api/auth/session': { as: 'seller', path: '/api/auth/session' },
  'POST /api/auth/logout': { as: 'seller', agent: () => extra.leaving, path: '/api/auth/logout', setup: async () => void (extra.leaving = await signInDemo(ctx.app, 'seller')) },
  'POST /api/auth/signup/company': { as: 'anonymous', path: '/api/auth/signup/company', body: companySignup('resp-owner@example.in') },
  'POST /api/auth/signup/warehouse': {
    as: 'anonymous', path: '/api/auth/signup/warehouse',
    body: {
      name: 'Chakan Storage Hub', email: 'resp-ops@example.in', phone: '9011122233', pan: 'ABCPC1234K', gst: '27ABCPC1234K1Z5', website: 'chakanhub.in',
      password: 'Store#2026', confirmPassword: 'Store#2026',
      address: { line1: 'Gat 45', line2: 'MIDC Phase 2', city: 'Chakan', state: 'Maharashtra', pincode: '410501', landmark: 'Near Toll Plaza', country: 'India' },
    },
  },
  'GET /api/auth/verify-email': { as: 'seller', path: '/api/auth/verify-email' },
  'POST /api/auth/verify-email/send': {
    as: 'seller', agent: () => extra.newSeller, path: '/api/auth/verify-email/send',
    setup: async () => {
      extra.newSeller = await signIn(ctx.app, 'resp-owner@example.in', 'Spice@2026', 'seller');
      // the sign-up's link was mailed a moment ago: let the cool-down pass
      const user = await ctx.db.selectFrom('users').select('id').where('email', '=', 'resp-owner@example.in').executeTakeFirstOrThrow();
      ids.newSellerUser = user.id;
      await ctx.db.updateTable('email_verifications').set({ created_at: past() }).where('user_id', '=', user.id).execute();
    },
  },
  'GET /api/auth/verify-email/organisation': { as: 'seller', path: '/api/auth/verify-email/organisation' },
  'POST /api/auth/verify-email/organisation/send': {
    as: 'seller', agent: () => extra.newSeller, path: '/api/auth/verify-email/organisation/send',
    // the own address's link went out a moment ago: let the cool-down pass (the sign-up gave the company the same, unverified, address)
    setup: async () => void (await ctx.db.updateTable('email_verifications').set({ created_at: past() }).where('user_id', '=', ids.newSellerUser).execute()),
  },
  'POST /api/auth/verify-email/confirm': {
    as: 'anonymous', path: '/api/auth/verify-email/confirm', body: () => ({ token: ids.verifyToken }),
    setup: async () => {
      // the token of the newest link, as the mailed link carries it (services/auth/email-verification.ts)
      const row = await ctx.db.selectFrom('email_verifications').select('id').where('user_id', '=', ids.newSellerUser).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
      ids.verifyToken = createHmac('sha256', defaultConfig().signingKey).update(`email-verification:${row.id}`).digest('base64url');
    },
  },
  'PUT /api/auth/selected-companies': { as: 'warehouse', path: '/api/auth/selected-companies', body: () => ({ companyIds: [ids.company] }) },
  'GET /api/profile': { as: 'seller', path: '/api/profile' },
  'PUT /api/profile/company': { as: 'seller', path: '/api/profile/company', body: () => profileBody(agents.seller) },
  'PUT /api/profile/warehouse': { as: 'warehouse', path: '/api/profile/warehouse', body: () => profileBody(agents.warehouse) },
  // ---- floor: offline sync, packing, returns, stock ----
  'POST /api/sync/push': { as: 'warehouse', path: '/api/sync/push', body: { clientId: 'resp-device-1', schemaVersion: 1, commands: [] } },
  'POST /api/sync/pull': { as: 'warehouse', path: '/api/sync/pull', body: () => ({ clientId: 'resp-device-1', cookie: null, scope: { companyIds: [ids.company] } }) },
  'POST /api/order/packaging-metadata/find/{awb}': {
    as: 'warehouse', path: () => `/api/order/packaging-metadata/find/${ids.pack}`, body: () => ({ selectedCompanyIds: [ids.company] }),
    setup: shipment('pack', { status: 'READY_TO_SHIP', warehouse_id: W0 }), keep: (b) => (saved.packing = b.data),
  },
  'POST /api/order/packaging-metadata/get': { as: 'warehouse', path: '/api/order/packaging-metadata/get', body: () => ({ selectedCompanyIds: [ids.company], filter: { packed: 0, page: 1, pageSize: 5 } }) },
  'POST /api/order/packaging-metadata/{key}': {
    as: 'warehouse', path: () => `/api/order/packaging-metadata/${saved.packing.key}`,
    body: () => ({ orderData: { items_to_scan: saved.packing.items_to_scan.map((i: { wsin: string; qty: number }) => ({ ...i, scanned_qty: i.qty })) } }),
  },
  'GET /api/inventory': { as: 'warehouse', path: '/api/inventory?page=1&pageSize=5' },
  'GET /api/dto_items_info': {
    as: 'warehouse', path: () => `/api/dto_items_info?splitOrderId=${ids.dtoBack}`,
    setup: async () => void (ids.dtoBack = await orderIn(0, { status: 'DTO_DELIVERED', warehouse_id: W0 })),
  },
  // ---- public tracking, the buyer's NDR requests, carrier events ----
  'GET /api/order/{awb}': { as: 'anonymous', path: () => `/api/order/${ids.buyer}`, setup: shipment('buyer', { status: 'UNDELIVERED', customer_phone: '9876512345' }) },
  'GET /api/order/{awb}/details': { as: 'anonymous', path: () => `/api/order/${ids.buyer}/details` },
  'POST /api/order/{awb}/ndr/verify': { as: 'anonymous', path: () => `/api/order/${ids.buyer}/ndr/verify`, body: { phoneLast4: '2345' }, keep: (b) => (ids.buyerToken = b.token) },
  'POST /api/order/{awb}/ndr/requests': {
    as: 'anonymous', path: () => `/api/order/${ids.buyer}/ndr/requests`, body: () => ({ kind: 'reattempt', token: ids.buyerToken, date: reattemptDates()[0] }),
  },
  'POST /api/webhooks/carrier/{partnerCode}': {
    as: 'anonymous', path: () => `/api/webhooks/carrier/${ids.partnerCode}`,
    body: () => ({ eventId: uuidv7(), awb: ids.carried, status: 'In Transit', city: 'Nagpur', occurredAt: past() }),
    headers: (body) => ({ 'x-signature': signBody(`whsec_${ids.partnerCode}_demo`, JSON.stringify(body)) }),
    setup: async () => {
      const partner = await ctx.db.selectFrom('delivery_partners').select(['id', 'code']).where('status', '=', 1).orderBy('id').executeTakeFirstOrThrow();
      ids.partnerCode = partner.code;
      await shipment('carried', { status: 'SHIPPED', delivery_partner_id: partner.id })();
    },
  },
  'POST /api/webhooks/courier/{connectionId}': {
    as: 'anonymous', path: () => `/api/webhooks/courier/${ids.courierConnection}`,
    body: () => ({ Shipment: { AWB: ids.carried, NSLCode: 'X-PPOM', Status: { Status: 'In Transit', StatusType: 'UD', StatusDateTime: '2026-11-26T18:10:52', StatusLocation: 'Nagpur_Hub (Maharashtra)', Instructions: 'Shipment picked up' } } }),
    headers: () => ({ 'x-api-key': 'responses-demo-push-token' }),
    setup: async () => {
      const r = await agents.seller.json('/api/integrations/connections', {
        method: 'POST', body: { kind: 'delhivery', label: 'Delhivery', baseUrl: 'https://staging-express.delhivery.com', settings: {}, secrets: { token: 'dl-demo', webhookToken: 'responses-demo-push-token' } },
      });
      ids.courierConnection = r.body.connection.id;
    },
  },
  'POST /api/integrations/connections/{id}/pickup': {
    // The connection points at a closed local port (no courier there): the answer says so, in words.
    as: 'seller', path: () => `/api/integrations/connections/${ids.courierConnection}/pickup`,
    body: () => ({ warehouseId: ids.pickupWarehouse, date: new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10), time: '15:00' }),
    setup: async () => {
      const id = await orderIn(0, { status: 'READY_TO_SHIP', tracking_number: 'PU1234567890' });
      const o = await ctx.db.selectFrom('orders').select(['warehouse_id', 'company_id']).where('id', '=', id).executeTakeFirstOrThrow();
      await ctx.db.updateTable('integration_connections').set({ base_url: 'http://127.0.0.1:9', settings: JSON.stringify({ pickupLocations: {}, defaultPickupLocation: 'OKHLA SURFACE' }) }).where('id', '=', ids.courierConnection).execute();
      const t = await enqueueTask(ctx.dbh, { kind: 'courier.book', key: `courier.book:${id}:1`, companyId: o.company_id, connectionId: ids.courierConnection, subject: { type: 'order', id }, payload: {} });
      await ctx.db.updateTable('integration_tasks').set({ status: 'done', result: JSON.stringify({ ok: true, awb: 'PU1234567890' }) }).where('id', '=', t.id).execute();
      ids.pickupWarehouse = o.warehouse_id!;
    },
  },
  'GET /api/admin/webhook-secrets': { as: 'admin', path: '/api/admin/webhook-secrets' },
  'POST /api/admin/webhook-secrets/{code}/rotate': { as: 'admin', path: () => `/api/admin/webhook-secrets/${ids.partnerCode}/rotate` },
  // ---- problem orders: NDR, unserviceable, the buyer's requests ----
  'POST /api/orders/{id}/ndr/reattempt': {
    as: 'seller', path: () => `/api/orders/${ids.ndr1Id}/ndr/reattempt`, body: () => ({ date: reattemptDates()[0], slot: 'morning' }), setup: shipment('ndr1', { status: 'UNDELIVERED' }),
  },
  'POST /api/orders/{id}/ndr/address': {
    as: 'seller', path: () => `/api/orders/${ids.ndr2Id}/ndr/address`, body: { landmark: 'Behind SBI', phone: '9876512345' }, setup: shipment('ndr2', { status: 'UNDELIVERED' }),
  },
  'POST /api/orders/{id}/ndr/rto': { as: 'seller', path: () => `/api/orders/${ids.ndr3Id}/ndr/rto`, body: {}, setup: shipment('ndr3', { status: 'UNDELIVERED' }) },
  'POST /api/orders/{id}/unserviceable/recheck': { as: 'seller', path: () => `/api/orders/${ids.unsv1}/unserviceable/recheck`, body: {}, setup: order('unsv1', 0, { status: 'UNSERVICEABLE' }) },
  'POST /api/orders/{id}/unserviceable/courier': {
    as: 'seller', path: () => `/api/orders/${ids.unsv2}/unserviceable/courier`, body: () => ({ partnerId: ids.otherPartner }),
    setup: async () => {
      await order('unsv2', 0, { status: 'UNSERVICEABLE' })();
      const row = await ctx.db.selectFrom('orders').select('delivery_partner_id').where('id', '=', ids.unsv2).executeTakeFirstOrThrow();
      const other = await ctx.db.selectFrom('delivery_partners').select('id').where('status', '=', 1).where('id', '!=', row.delivery_partner_id ?? '-').orderBy('id').executeTakeFirstOrThrow();
      ids.otherPartner = other.id;
    },
  },
  'POST /api/orders/{id}/unserviceable/cancel': {
    as: 'seller', path: () => `/api/orders/${ids.unsv3}/unserviceable/cancel`, body: { reason: 'Customer changed their mind' }, setup: order('unsv3', 0, { status: 'UNSERVICEABLE' }),
  },
  'POST /api/customerRequests/{id}/accept': {
    as: 'seller', path: () => `/api/customerRequests/${ids.addressRequest}/accept`, body: {},
    setup: async () => {
      const o = await orderIn(0, { status: 'UNDELIVERED' });
      ids.addressRequest = uuidv7();
      await ctx.db.insertInto('customer_requests').values({
        id: ids.addressRequest, order_id: o, company_id: ids.company, kind: 'address', payload: JSON.stringify({ address1: '12, Lake Road' }), status: 'OPEN', created_at: nowIso(),
      }).execute();
    },
  },
  'POST /api/customerRequests/{id}/decline': { as: 'seller', path: () => `/api/customerRequests/${ids.request}/decline`, body: { reason: 'Courier cannot reach the village this week' } },
  // ---- orders: bulk cancel, documents again, Tally ----
  'GET /api/bulk/cancel-placed-orders/{companyId}': {
    as: 'seller', path: () => `/api/bulk/cancel-placed-orders/${ids.company}?orderIds=${ids.toCancel}`, setup: order('toCancel', 0, { status: 'PLACED' }),
  },
  'POST /api/orders/{id}/regenerate-documents': { as: 'seller', path: () => `/api/orders/${ids.rts}/regenerate-documents`, body: {} },
  'POST /api/tally-voucher/download/{format}': { as: 'seller', path: '/api/tally-voucher/download/xml', body: () => ({ orderIds: [ids.rts] }) },
  'PUT /api/uploads/{key}': {
    as: 'seller', path: () => saved.upload.uploadUrl, body: () => new Uint8Array(saved.png), headers: () => ({ 'content-type': 'image/png' }),
    setup: async () => {
      saved.png = await sampleImage('logo');
      saved.upload = (await agents.seller.json('/api/uploads/presign', { method: 'POST', body: { purpose: 'logo', fileName: 'logo.png', contentType: 'image/png', size: saved.png.length } })).body;
    },
  },
  'GET /api/download/email/recipients': { as: 'seller', path: '/api/download/email/recipients' },
  // ---- admin: drivers, promoters ----
  'GET /api/admin/drivers': { as: 'admin', path: '/api/admin/drivers?page=1&pageSize=10' },
  'GET /api/admin/promoter/{id}': { as: 'admin', path: () => `/api/admin/promoter/${ids.promoter}` },
  // ---- the bulk submits: one row each, checked and reported on ----
  'POST /api/catalogue/bulk': bulkDemo('seller', '/api/catalogue/bulk', { skuId: '' }),
  'POST /api/order/bulk': bulkDemo('seller', '/api/order/bulk', { id: '' }),
  'POST /api/inventory/bulk': bulkDemo('warehouse', '/api/inventory/bulk', { wsin: 'NO-SUCH-WSIN' }),
  'POST /api/wsin/bulk/generate': bulkDemo('seller', '/api/wsin/bulk/generate', { productName: 'Bulk Tea Tin', wsin: '' }),
  'POST /api/catalogue/bulk/map-wsin': bulkDemo('seller', '/api/catalogue/bulk/map-wsin', { sku: '' }),
  'POST /api/lightning/orders/bulk': bulkDemo('seller', '/api/lightning/orders/bulk', { awb: '' }),
  'POST /api/cod-remittance/status/bulk': bulkDemo('admin', '/api/cod-remittance/status/bulk', { awb: 'AAAA1', codAmount: '1', remittanceStatus: 'due' }),
  'POST /api/charges/adjust-shipping-charges': bulkDemo('admin', '/api/charges/adjust-shipping-charges', { awb: 'AAAA1' }),
  'POST /api/bulk/external-retailers': bulkDemo('seller', '/api/bulk/external-retailers', { storeName: '' }),
  'POST /api/catalogue/pricing/{companyId}/{shopId}': bulkDemo('seller', () => `/api/catalogue/pricing/${ids.company}/${ids.store}`, { skuId: '' }),
  'POST /api/d2r/bulk-upload-beats/{companyId}': bulkDemo('seller', () => `/api/d2r/bulk-upload-beats/${ids.company}`, { beatName: '' }),
  // ---- GST e-invoicing, last (it turns e-invoicing on for the demo seller), on the built-in demo sandbox ----
  'PUT /api/gst/settings': { as: 'seller', path: '/api/gst/settings', body: { einvoicing: true, turnoverBand: '5cr_to_10cr' }, setup: demoIrp },
  'GET /api/gst/settings': { as: 'seller', path: '/api/gst/settings' },
  'POST /api/gst/einvoices/{invoiceId}/register': {
    as: 'seller', path: () => `/api/gst/einvoices/${ids.einvPending}/register`,
    setup: async () => {
      ids.einvPending = await b2bInvoice();
    },
  },
  'GET /api/gst/einvoices': { as: 'seller', path: '/api/gst/einvoices' },
  'POST /api/gst/einvoices/{invoiceId}/ewaybill': {
    as: 'seller', path: () => `/api/gst/einvoices/${ids.einvWithEwb}/ewaybill`, body: { distanceKm: 12, transMode: '1', vehNo: 'MH04AB1234' },
    setup: async () => {
      ids.einvWithEwb = await registeredB2bInvoice();
    },
  },
  'POST /api/gst/einvoices/{invoiceId}/ewaybill/cancel': {
    as: 'seller', path: () => `/api/gst/einvoices/${ids.einvWithEwb}/ewaybill/cancel`, body: { reason: '2', remark: 'Wrong vehicle number' },
  },
  'POST /api/gst/einvoices/{invoiceId}/cancel': {
    as: 'seller', path: () => `/api/gst/einvoices/${ids.einvCancelled}/cancel`, body: { reason: '2', remark: 'Wrong quantity' },
    setup: async () => {
      ids.einvCancelled = await registeredB2bInvoice();
    },
  },
  // E-way bills through the e-way bill system (the demo sandbox, as the GSTIN's IRP connection is the demo): an invoice by IRN gets Part B, a manifest is consolidated.
  'POST /api/gst/invoices/{invoiceId}/ewaybill': {
    as: 'seller', path: () => `/api/gst/invoices/${ids.einvPending}/ewaybill`, body: { distanceKm: 40, transMode: '1', transporterId: makeGstin('27', 'AACCD1234E'), vehicleNo: 'MH04AB1234' },
    setup: async () => {
      // An invoice of the same company issued before e-invoicing was turned on: no IRN.
      await agents.seller.json('/api/gst/settings', { method: 'PUT', body: { einvoicing: false, turnoverBand: 'under_5cr' } });
      ids.einvPending = await b2bInvoice();
      await agents.seller.json('/api/gst/settings', { method: 'PUT', body: { einvoicing: true, turnoverBand: '5cr_to_10cr' } });
    },
  },
  'POST /api/gst/invoices/{invoiceId}/ewaybill/part-b': {
    as: 'seller', path: () => `/api/gst/invoices/${ids.einvPending}/ewaybill/part-b`, body: { transMode: '1', vehicleNo: 'MH04CD5678', reason: '1', remark: 'Vehicle broke down' },
  },
  'GET /api/gst/ewaybills': { as: 'seller', path: '/api/gst/ewaybills' },
  'POST /api/gst/ewaybills/consolidate': {
    as: 'seller', path: '/api/gst/ewaybills/consolidate', body: () => ({ orderIds: [ids.ewbOrder], vehicleNo: 'MH04AB1234' }),
    setup: async () => {
      const inv = await ctx.db.selectFrom('invoices').select('order_id').where('id', '=', ids.einvPending).executeTakeFirstOrThrow();
      ids.ewbOrder = inv.order_id;
    },
  },
  'POST /api/gst/invoices/{invoiceId}/ewaybill/cancel': {
    as: 'seller', path: () => `/api/gst/invoices/${ids.einvPending}/ewaybill/cancel`, body: { reason: '3', remark: 'Data entry mistake' },
  },
});

/** The demo seller's Maharashtra GSTIN registered with the built-in IRP sandbox, and stock for B2B orders from Bhiwandi. */
async function demoIrp() {
  await loadPincodes(ctx.db, { records: [{ pincode: 400028, district: 'Mumbai', state: 'Maharashtra' }] });
  const gstin = (await ctx.db.selectFrom('company_gstins').select('gstin').where('company_id', '=', ids.company).where('state_code', '=', '27').executeTakeFirstOrThrow()).gstin;
  const conn = await agents.seller.json('/api/integrations/connections', { method: 'POST', body: { kind: 'gst-irp', label: 'IRP demo', settings: { gstin, mode: 'demo' } } });
  if (conn.status !== 201) throw new Error(`the demo IRP connection was refused: ${JSON.stringify(conn.body)}`);
  const wsin = (await ctx.db.selectFrom('catalogue_wsins').select('wsin').where('catalogue_id', '=', ids.catalogue).executeTakeFirstOrThrow()).wsin;
  const inv = await ctx.db.selectFrom('inventory').select('id').where('warehouse_id', '=', W0).where('company_id', '=', ids.company).where('wsin', '=', wsin).executeTakeFirst();
  if (inv) await ctx.db.updateTable('inventory').set({ quantity: 1000, blocked: 0 }).where('id', '=', inv.id).execute();
  else await ctx.db.insertInto('inventory').values({ id: `inv-gst-${wsin}`, warehouse_id: W0, company_id: ids.company, wsin, location: 'A-1', quantity: 1000, blocked: 0, scanned_quantity: 0, version: 0, updated_at: nowIso() }).execute();
}

/** A B2B order of the demo seller to a Mumbai business, ready to ship: its invoice, waiting for its IRN. */
async function b2bInvoice(): Promise<string> {
  const buyer = { firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: '', address1: 'Shop 4, Linking Road', address2: 'Dadar West', zip: '400028', city: 'Mumbai', state: 'Maharashtra', gstin: makeGstin('27', 'AAPFU0939F'), companyName: 'Mumbai Retail LLP' };
  const r = await agents.seller.json('/api/orders/manual', {
    method: 'POST',
    body: { id: `GST-${uuidv7().slice(-8)}`, orderType: 1, pricingType: 0, paymentMethod: 'prepaid', shippingPrice: '40', whId: W0, shippingAddress: buyer, sameAsShipping: true, items: [{ catalogueId: ids.catalogue, quantity: 1 }] },
  });
  if (r.status !== 201) throw new Error(`the B2B order was refused: ${JSON.stringify(r.body)}`);
  const rts = await agents.seller.json(`/api/orders/${r.body.data.id}/ready-to-ship`, { method: 'PATCH' });
  if (rts.status !== 200) throw new Error(`ready to ship was refused: ${JSON.stringify(rts.body)}`);
  return (await ctx.db.selectFrom('invoices').select('id').where('order_id', '=', r.body.data.id).executeTakeFirstOrThrow()).id;
}

/** As b2bInvoice, with its IRN registered by the sandbox through the outbox. */
async function registeredB2bInvoice(): Promise<string> {
  const invoiceId = await b2bInvoice();
  const task = (await findTaskByKey(ctx.db, irnTaskKey(invoiceId)))!;
  await drainTasks(ctx.dbh, defaultConfig({ dataDir: `/tmp/shipdesk-test-${process.pid}` }), pino({ level: 'silent' }), TASK_HANDLERS, { taskId: task.id });
  return invoiceId;
}

/**
 * Routes that answer something other than JSON on success, so they declare no
 * response schema; each says what it answers. Every other route in
 * /api/openapi.json must list the JSON schema of its 200/201/202 answer.
 */
const NOT_JSON: Record<string, string> = {
  'GET /api/openapi.json': 'the OpenAPI document itself (its schema is OpenAPI 3.1, not ours)',
  'GET /api/files/{key}': 'the bytes of an uploaded image',
  'GET /api/exports/{file}': 'the file an e-mailed download link names (CSV)',
  'POST /api/download/label': 'a PDF of shipping labels',
  'POST /api/download/invoice': 'a PDF of GST invoices',
  'GET /api/download/shipping-manifest': 'a PDF manifest',
  'POST /api/download/picklist': 'an XLSX pick list',
  'POST /api/download/csv/{entity}': 'a CSV stream',
  'GET /api/inventory/trail/export': 'a CSV of a stock row\'s trail',
  'GET /api/missed-orders/csv': 'a CSV of the missed orders of the filter',
  'GET /api/finance/brands/csv': 'a CSV of brands',
  'GET /api/weight-reconciliation/dispute-file': 'a CSV of weight disputes for a courier',
  'GET /api/finance/remittances/tally': 'Tally import XML of COD receipt vouchers',
  'GET /api/bulk/templates/{type}': 'an XLSX sample template',
  'GET /api/admin/csv/orders/download': 'a CSV of delivery orders',
  'GET /api/admin/journey/csv': 'a CSV of journeys',
  // JSON, but registered in edge-api/app.ts, which another change owns this round:
  // to be declared there with responds() (it answers {status: true, dialect}).
};

/** The routes that declare a response schema, with it, read from the app's own route table. */
function declared(): Map<string, ResponseMeta> {
  const out = new Map<string, ResponseMeta>();
  for (const r of ctx.app.routes) {
    const meta = (r.handler as unknown as { openapiResponse?: ResponseMeta }).openapiResponse;
    if (meta) out.set(`${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}')}`, meta);
  }
  return out;
}

describe('response schemas', () => {
  it('/api/openapi.json lists the JSON schema of every declared answer', async () => {
    const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, any>> };
    const routes = declared();
    expect(routes.size).toBeGreaterThan(1);
    for (const [key, meta] of routes) {
      const [method, path] = key.split(' ');
      const schema = doc.paths[path]?.[method.toLowerCase()]?.responses?.[String(meta.status)]?.content?.['application/json']?.schema;
      // an object, or a union of objects (anyOf) for a route with two shapes of answer
      expect(schema?.type === 'object' || Array.isArray(schema?.anyOf), key).toBe(true);
    }
  });

  it('every route in /api/openapi.json lists the JSON schema of its success, except the file answers of NOT_JSON', async () => {
    const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { responses: Record<string, any> }>> };
    const bare: string[] = [];
    const listed: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const key = `${method.toUpperCase()} ${path}`;
        const schema = ['200', '201', '202'].map((s) => op.responses[s]?.content?.['application/json']?.schema).find(Boolean);
        if (schema && key in NOT_JSON) listed.push(key);
        if (!schema && !(key in NOT_JSON)) bare.push(key);
      }
    }
    expect(bare, 'JSON routes without responds(Schema)').toEqual([]);
    expect(listed, 'NOT_JSON lists a route that declares a schema').toEqual([]);
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)));
    expect(Object.keys(NOT_JSON).filter((k) => !documented.has(k)), 'NOT_JSON names a route that does not exist').toEqual([]);
  });

  it('every declared route has a demo request here (a new one is added to the table)', () => {
    expect([...declared().keys()].sort()).toEqual(Object.keys(demos()).sort());
  });

  it('each live answer parses with the declared schema', async () => {
    const routes = declared();
    const failures: string[] = [];
    for (const [key, demo] of Object.entries(demos())) {
      const meta = routes.get(key);
      if (!meta) continue;
      const method = key.split(' ')[0];
      await demo.setup?.();
      const path = typeof demo.path === 'function' ? demo.path() : demo.path;
      const body = typeof demo.body === 'function' ? await demo.body() : demo.body;
      const headers = demo.headers?.(body);
      const res = await (demo.agent?.() ?? agents[demo.as]).json(path, { method, body, ...(headers ? { headers } : {}) });
      if (res.status !== meta.status) {
        failures.push(`${key}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
        continue;
      }
      demo.keep?.(res.body);
      const parsed = meta.schema.safeParse(res.body);
      if (!parsed.success) failures.push(`${key}: ${parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    expect(failures).toEqual([]);
  });
});
