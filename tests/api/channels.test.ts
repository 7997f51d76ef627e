// Store orders in through signed webhooks, imported once, and the shipment
// written back, against local servers answering as Shopify's GraphQL Admin API
// and WooCommerce's REST API v3 document (docs/integrations/shopify.md, woocommerce.md).
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../edge-api/app';
import { retryMissedOrders } from '../../edge-api/integrations/channels/import';
import { registerStoreWebhooks } from '../../edge-api/integrations/channels/subscriptions';
import { TASK_HANDLERS } from '../../edge-api/integrations/handlers';
import { drainTasks } from '../../edge-api/integrations/tasks';
import { anonymous, makeTestApp, signInDemo, type Agent, type TestApp } from './helpers';
import { noPublicUrlMessage } from '../../domain/channels';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/channels/${name}`, import.meta.url), 'utf8');
const SHOPIFY_ORDER = JSON.parse(fixture('shopify-order.json'));
const WOO_ORDER = JSON.parse(fixture('woocommerce-order.json'));
const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64');

type Call = { method: string; path: string; body: any; headers: http.IncomingHttpHeaders };
let calls: Call[] = [];
/** The store's webhooks: WooCommerce's as GET/POST/PUT /wp-json/wc/v3/webhooks keep them (the secret is never shown back). */
type WooHook = { id: number; name: string; status: string; topic: string; delivery_url: string; secret: string };
let wooHooks: WooHook[] = [];
const wooHookView = ({ secret: _secret, ...h }: WooHook) => ({ ...h, resource: h.topic.split('.')[0], event: h.topic.split('.')[1], hooks: [], date_created: '2026-11-27T08:00:00', date_created_gmt: '2026-11-27T02:30:00' });
let shopifyAnswer: (body: any) => { status: number; body: unknown } = () => ({ status: 500, body: {} });
const store = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const body = raw ? JSON.parse(raw) : null;
    calls.push({ method: req.method!, path: req.url!, body, headers: req.headers });
    if (req.url!.startsWith('/admin/api/') && req.headers['x-shopify-access-token'] === 'shpat_slow') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}'), 2500); // answers after the caller gave up
      return;
    }
    if (req.url!.startsWith('/admin/api/')) {
      const a = req.headers['x-shopify-access-token'] === 'shpat_right' ? shopifyAnswer(body) : { status: 401, body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } };
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
      return;
    }
    const auth = Buffer.from('ck_right:cs_right').toString('base64');
    if (req.headers.authorization !== `Basic ${auth}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'woocommerce_rest_cannot_view', message: 'Sorry, you cannot list resources.', data: { status: 401 } }));
      return;
    }
    const hook = /^\/wp-json\/wc\/v3\/webhooks(?:\/(\d+))?(?:\?.*)?$/.exec(req.url!);
    const send = (status: number, b: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(b));
    if (hook && req.method === 'GET' && !hook[1]) return send(200, wooHooks.map(wooHookView));
    if (hook && req.method === 'POST' && !hook[1]) {
      const missing = ['topic', 'delivery_url'].filter((k) => !body?.[k]);
      if (missing.length) return send(400, { code: 'rest_missing_callback_param', message: `Missing parameter(s): ${missing.join(', ')}`, data: { status: 400 } });
      const h = { id: 100 + wooHooks.length, name: body.name ?? 'Webhook created on Nov 27, 2026', status: body.status ?? 'active', topic: body.topic, delivery_url: body.delivery_url, secret: body.secret ?? '' };
      wooHooks.push(h);
      return send(201, wooHookView(h));
    }
    if (hook && req.method === 'PUT' && hook[1]) {
      const h = wooHooks.find((x) => x.id === Number(hook[1]));
      if (!h) return send(404, { code: 'woocommerce_rest_webhook_invalid_id', message: 'Invalid ID.', data: { status: 404 } });
      Object.assign(h, body);
      return send(200, wooHookView(h));
    }
    if (req.method === 'GET' && req.url!.startsWith('/wp-json/wc/v3/orders?')) {
      res.writeHead(200, { 'content-type': 'application/json', 'x-wp-total': '12', 'x-wp-totalpages': '12' }).end('[]');
    } else if (req.method === 'GET' && req.url!.endsWith('/notes')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    } else {
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 1, ...body }));
    }
  });
});
let storeUrl = '';
beforeAll(async () => {
  await new Promise<void>((r) => store.listen(0, '127.0.0.1', r));
  storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => store.close(() => r())));

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let dbh: Awaited<ReturnType<typeof makeTestApp>>['dbh'];
let seller: Agent;
const config = defaultConfig({ dataDir: `/tmp/shipdesk-test-${process.pid}` });
const log = pino({ level: 'silent' });
const drain = () => drainTasks(dbh, config, log, TASK_HANDLERS);

beforeEach(async () => {
  ({ app, db, dbh } = await makeTestApp({ orders: 0 }));
  seller = await signInDemo(app, 'seller');
  calls = [];
  wooHooks = [];
});

async function connectShopify() {
  const r = await seller.json('/api/integrations/connections', {
    method: 'POST', body: { kind: 'shopify', label: 'My Shopify', baseUrl: storeUrl, settings: { shopDomain: 'acme-india.myshopify.com' }, secrets: { accessToken: 'shpat_right', clientSecret: 'shpss_secret' } },
  });
  expect(r.status).toBe(201);
  return r.body.connection.id as string;
}

async function connectWoo() {
  const r = await seller.json('/api/integrations/connections', {
    method: 'POST', body: { kind: 'woocommerce', label: 'My Woo', baseUrl: storeUrl, settings: { siteUrl: 'https://shop.example.in' }, secrets: { consumerKey: 'ck_right', consumerSecret: 'cs_right', webhookSecret: 'wc_hook_secret' } },
  });
  expect(r.status).toBe(201);
  return r.body.connection.id as string;
}

function shopifyWebhook(id: string, order: unknown, o: { topic?: string; webhookId?: string; secret?: string; hmac?: string | null } = {}) {
  const body = JSON.stringify(order);
  const hmac = o.hmac === undefined ? sign(o.secret ?? 'shpss_secret', body) : o.hmac;
  return anonymous(app).request(`/api/integrations/shopify/${id}/webhook`, {
    method: 'POST', body,
    headers: {
      'content-type': 'application/json', 'x-shopify-topic': o.topic ?? 'orders/create', 'x-shopify-webhook-id': o.webhookId ?? 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
      'x-shopify-shop-domain': 'acme-india.myshopify.com', 'x-shopify-api-version': '2025-07', ...(hmac === null ? {} : { 'x-shopify-hmac-sha256': hmac }),
    },
  });
}

function wooWebhook(id: string, body: string, o: { topic?: string; delivery?: string; secret?: string } = {}) {
  return anonymous(app).request(`/api/integrations/woocommerce/${id}/webhook`, {
    method: 'POST', body,
    headers: {
      'content-type': 'application/json', 'x-wc-webhook-topic': o.topic ?? 'order.created', 'x-wc-webhook-resource': 'order', 'x-wc-webhook-event': 'created',
      'x-wc-webhook-delivery-id': o.delivery ?? '36e520ebabc2fa725092ff4a47acedf2', 'x-wc-webhook-signature': sign(o.secret ?? 'wc_hook_secret', body),
    },
  });
}

const storeOrders = () => db.selectFrom('orders').selectAll().where('shop_type', 'in', ['shopify', 'woocommerce']).execute();
const taskCount = async () => (await db.selectFrom('integration_tasks').select('id').execute()).length;

describe('Shopify order webhooks', () => {
  it('refuses a wrong or missing signature with 401 and records nothing', async () => {
    const id = await connectShopify();
    for (const o of [{ hmac: null }, { secret: 'not-the-secret' }, { hmac: 'AAAA' }]) {
      const r = await shopifyWebhook(id, SHOPIFY_ORDER, o);
      expect(r.status).toBe(401);
    }
    const unknown = await shopifyWebhook('0190c0de-0000-7000-8000-000000000000', SHOPIFY_ORDER);
    expect(unknown.status).toBe(401);
    expect(await taskCount()).toBe(0);
    await drain();
    expect(await storeOrders()).toHaveLength(0);
  });

  it('acknowledges a signed order, imports it once however often it is delivered, and maps it', async () => {
    const id = await connectShopify();
    const first = await shopifyWebhook(id, SHOPIFY_ORDER);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: true, message: 'Queued' });
    const replay = await shopifyWebhook(id, SHOPIFY_ORDER);
    expect(await replay.json()).toMatchObject({ status: true, message: 'Already received' });
    expect(await taskCount()).toBe(1);
    // The same order again under another delivery (orders/updated with nothing new, or a poll).
    await shopifyWebhook(id, SHOPIFY_ORDER, { topic: 'orders/updated', webhookId: 'another-delivery' });
    await drain();
    const orders = await storeOrders();
    expect(orders).toHaveLength(1);
    const o = orders[0]!;
    expect(o).toMatchObject({ shop_type: 'shopify', shop_order_id: '#9999', status: 'PLACED', payment_mode: 'cod', customer_phone: '9845012345', shipping_pincode: '560001', customer_name: 'Jon Snow' });
    expect(o.warehouse_id).toBeTruthy();
    // 2,499 + 399 for the lines, 99 shipping, 100 discount off: ₹2,897.
    expect(Number(o.total_paise)).toBe(289_700);
    const items = await db.selectFrom('order_items').select(['sku', 'quantity', 'final_price_paise']).where('order_id', '=', o.id).orderBy('sku').execute();
    expect(items.map((i) => i.sku)).toEqual(['CP-0001', 'CP-0007']);
  });

  it('applies a newer address before READY_TO_SHIP, ignores an older update, and flags a cancel after it', async () => {
    const id = await connectShopify();
    await shopifyWebhook(id, SHOPIFY_ORDER);
    await drain();
    const moved = { ...SHOPIFY_ORDER, updated_at: '2026-11-26T12:00:00+05:30', shipping_address: { ...SHOPIFY_ORDER.shipping_address, address1: '7 Residency Road', zip: '560025' } };
    const older = { ...SHOPIFY_ORDER, updated_at: '2026-11-26T11:00:00+05:30', shipping_address: { ...SHOPIFY_ORDER.shipping_address, address1: 'Old Street', zip: '560002' } };
    await shopifyWebhook(id, moved, { topic: 'orders/updated', webhookId: 'u-2' });
    await drain();
    await shopifyWebhook(id, older, { topic: 'orders/updated', webhookId: 'u-1' }); // arrives late
    await drain();
    let [o] = await storeOrders();
    expect(o!.shipping_pincode).toBe('560025');
    expect(JSON.parse(o!.shipping_address).address1).toBe('7 Residency Road');

    await db.updateTable('orders').set({ status: 'READY_TO_SHIP' }).where('id', '=', o!.id).execute();
    await shopifyWebhook(id, { ...moved, updated_at: '2026-11-26T13:00:00+05:30', cancelled_at: '2026-11-26T13:00:00+05:30' }, { topic: 'orders/cancelled', webhookId: 'c-1' });
    await drain();
    [o] = await storeOrders();
    expect(o!.status).toBe('READY_TO_SHIP');
    const trail = await db.selectFrom('order_trails').select('description').where('order_id', '=', o!.id).orderBy('created_at', 'desc').executeTakeFirst();
    expect(trail!.description).toBe('Shopify order #9999 cancelled in the store after it was ready to ship: not applied here, please check');
  });

  it('cancels a placed order when Shopify cancels it', async () => {
    const id = await connectShopify();
    await shopifyWebhook(id, SHOPIFY_ORDER);
    await drain();
    await shopifyWebhook(id, { ...SHOPIFY_ORDER, updated_at: '2026-11-26T13:00:00+05:30', cancelled_at: '2026-11-26T13:00:00+05:30' }, { topic: 'orders/cancelled', webhookId: 'c-1' });
    await drain();
    const [o] = await storeOrders();
    expect(o).toMatchObject({ status: 'CANCELLED', cancel_reason: 'Cancelled in Shopify' });
    expect(calls.filter((c) => c.body?.query?.includes('orderCancel'))).toHaveLength(0); // not sent back to the store it came from
  });

  it('sends an order with an unknown SKU to Missed Orders with the reason, and imports it once the SKU exists', async () => {
    const id = await connectShopify();
    const order = { ...SHOPIFY_ORDER, name: '#10001', id: 5550001, line_items: [{ ...SHOPIFY_ORDER.line_items[0], sku: 'NEW-SKU-1' }] };
    await shopifyWebhook(id, order, { webhookId: 'n-1' });
    await drain();
    expect(await storeOrders()).toHaveLength(0);
    const missed = await db.selectFrom('missed_orders').selectAll().where('shop_order_id', '=', '#10001').executeTakeFirstOrThrow();
    expect(missed).toMatchObject({ status: 'FAILED', reason: 'Unknown SKU NEW-SKU-1: add it to the catalogue and the order is imported' });

    await db.updateTable('catalogue_items').set({ sku: 'NEW-SKU-1' }).where('sku', '=', 'CP-0002').execute();
    expect(await retryMissedOrders(dbh, missed.company_id)).toBe(1);
    const orders = await storeOrders();
    expect(orders.map((o) => o.shop_order_id)).toEqual(['#10001']);
    expect((await db.selectFrom('missed_orders').select('status').where('id', '=', missed.id).executeTakeFirstOrThrow()).status).toBe('RESOLVED');
  });

  it('writes the AWB back with fulfillmentCreate on the open fulfillment order, once', async () => {
    const id = await connectShopify();
    await shopifyWebhook(id, SHOPIFY_ORDER);
    await drain();
    const [o] = await storeOrders();
    shopifyAnswer = (body) => body.query.includes('fulfillmentCreate')
      ? { status: 200, body: { data: { fulfillmentCreate: { fulfillment: { id: 'gid://shopify/Fulfillment/255858046', status: 'SUCCESS' }, userErrors: [] } } } }
      : { status: 200, body: { data: { order: { cancelledAt: null, fulfillments: [], fulfillmentOrders: { nodes: [{ id: 'gid://shopify/FulfillmentOrder/1046000778', status: 'OPEN' }, { id: 'gid://shopify/FulfillmentOrder/1046000779', status: 'CLOSED' }] } } } } };
    await db.updateTable('orders').set({ tracking_number: 'SD12345678901', shipper: 'Delhivery' }).where('id', '=', o!.id).execute();
    const r = await seller.json(`/api/orders/${o!.id}/ready-to-ship`, { method: 'PATCH' });
    expect(r.status).toBe(200);
    await drain();
    const create = calls.filter((c) => c.body?.query?.includes('fulfillmentCreate'));
    expect(create).toHaveLength(1);
    expect(create[0]!.path).toBe('/admin/api/2025-07/graphql.json');
    expect(create[0]!.body.variables.fulfillment).toEqual({
      lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/1046000778' }], notifyCustomer: true,
      trackingInfo: { company: 'Delhivery', number: 'SD12345678901', url: `${config.publicUrl}/track/SD12345678901` },
    });
    const task = await db.selectFrom('integration_tasks').selectAll().where('kind', '=', 'shopify.fulfil').executeTakeFirstOrThrow();
    expect(task).toMatchObject({ status: 'done', subject_id: o!.id });
  });

  it('shows a refused write-back on the order as a failed task, and retries it when asked', async () => {
    const id = await connectShopify();
    await shopifyWebhook(id, SHOPIFY_ORDER);
    await drain();
    const [o] = await storeOrders();
    shopifyAnswer = () => ({ status: 200, body: { data: { order: { cancelledAt: null, fulfillments: [], fulfillmentOrders: { nodes: [{ id: 'gid://shopify/FulfillmentOrder/1', status: 'CLOSED' }] } } } } });
    await db.updateTable('orders').set({ tracking_number: 'SD12345678902', shipper: 'Delhivery' }).where('id', '=', o!.id).execute();
    await seller.json(`/api/orders/${o!.id}/ready-to-ship`, { method: 'PATCH' });
    await drain();
    const failed = await seller.json('/api/integrations/tasks?status=failed');
    expect(failed.body.tasks).toEqual([expect.objectContaining({ kind: 'shopify.fulfil', subjectId: o!.id, lastError: 'Shopify has no open fulfillment order for this order (fulfilled or cancelled in Shopify)' })]);
    const retried = await seller.json(`/api/integrations/tasks/${failed.body.tasks[0].id}/retry`, { method: 'POST' });
    expect(retried.body.task.status).toBe('pending');
  });

  it('"Test connection" says what Shopify answered', async () => {
    const id = await connectShopify();
    shopifyAnswer = () => ({ status: 200, body: { data: { shop: { name: 'Acme India', myshopifyDomain: 'acme-india.myshopify.com' } } } });
    const ok = await seller.json(`/api/integrations/connections/${id}/test`, { method: 'POST' });
    expect(ok.body).toMatchObject({ ok: true, message: 'Connected to Acme India (acme-india.myshopify.com)' });
    await seller.json(`/api/integrations/connections/${id}`, { method: 'PATCH', body: { secrets: { accessToken: 'shpat_wrong' } } });
    const bad = await seller.json(`/api/integrations/connections/${id}/test`, { method: 'POST' });
    expect(bad.body).toMatchObject({ ok: false, message: 'Shopify refused the access token (401)' });
  });
});

describe('WooCommerce order webhooks', () => {
  it('answers the ping, ignores drafts, refuses a bad signature and imports a signed order once', async () => {
    const id = await connectWoo();
    const ping = await anonymous(app).request(`/api/integrations/woocommerce/${id}/webhook`, {
      method: 'POST', body: 'webhook_id=3', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-wc-webhook-signature': sign('wc_hook_secret', 'webhook_id=3') },
    });
    expect(ping.status).toBe(200);
    const body = JSON.stringify(WOO_ORDER);
    expect((await wooWebhook(id, body, { secret: 'wrong' })).status).toBe(401);
    await wooWebhook(id, JSON.stringify({ ...WOO_ORDER, id: 728, number: '728', status: 'checkout-draft' }), { delivery: 'd-draft' });
    expect((await wooWebhook(id, body)).status).toBe(200);
    expect((await wooWebhook(id, body)).status).toBe(200);
    await drain();
    const orders = await storeOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ shop_type: 'woocommerce', shop_order_id: '#727', payment_mode: 'cod', shipping_pincode: '700016', customer_phone: '9830012345' });
    expect(Number(orders[0]!.total_paise)).toBe(84_900);
  });

  it('writes the shipment back as a customer note and status completed', async () => {
    const id = await connectWoo();
    await wooWebhook(id, JSON.stringify(WOO_ORDER));
    await drain();
    const [o] = await storeOrders();
    await db.updateTable('orders').set({ tracking_number: 'SD99999999901', shipper: 'Delhivery' }).where('id', '=', o!.id).execute();
    await seller.json(`/api/orders/${o!.id}/ready-to-ship`, { method: 'PATCH' });
    await drain();
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => ({ method: c.method, path: c.path, body: c.body }));
    expect(writes).toEqual([
      { method: 'POST', path: '/wp-json/wc/v3/orders/727/notes', body: { note: `Your order has shipped with Delhivery. AWB SD99999999901. Track it at ${config.publicUrl}/track/SD99999999901`, customer_note: true } },
      { method: 'PUT', path: '/wp-json/wc/v3/orders/727', body: { status: 'completed' } },
    ]);
  });

  it('"Test connection" says what WooCommerce answered', async () => {
    const id = await connectWoo();
    const ok = await seller.json(`/api/integrations/connections/${id}/test`, { method: 'POST' });
    expect(ok.body).toMatchObject({ ok: true, message: 'Connected: the store has 12 orders' });
    await seller.json(`/api/integrations/connections/${id}`, { method: 'PATCH', body: { secrets: { consumerSecret: 'cs_wrong' } } });
    const bad = await seller.json(`/api/integrations/connections/${id}/test`, { method: 'POST' });
    expect(bad.body).toMatchObject({ ok: false, message: 'WooCommerce answered 401: Sorry, you cannot list resources.' });
  });
});

/**
 * Shopify's webhook subscriptions as the GraphQL Admin API 2025-07 keeps them: webhookSubscriptions(topics:)
 * lists the app's own, webhookSubscriptionCreate(topic:, webhookSubscription: {callbackUrl, format}) makes one
 * (docs/integrations/shopify.md). Other queries answer as `other` says.
 */
function shopifyWithSubscriptions(subs: { id: string; topic: string; callbackUrl: string }[], other: (body: any) => { status: number; body: unknown } = () => ({ status: 500, body: {} })) {
  return (body: any) => {
    if (body.query.includes('webhookSubscriptions(')) {
      const topics: string[] = body.variables.topics ?? [];
      const nodes = subs.filter((s) => !topics.length || topics.includes(s.topic)).map((s) => ({ id: s.id, topic: s.topic, endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: s.callbackUrl } }));
      return { status: 200, body: { data: { webhookSubscriptions: { nodes } } } };
    }
    if (body.query.includes('webhookSubscriptionCreate(')) {
      const { topic, webhookSubscription } = body.variables;
      if (!String(webhookSubscription.callbackUrl).startsWith('https://')) {
        return { status: 200, body: { data: { webhookSubscriptionCreate: { webhookSubscription: null, userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message: 'Address protocol http:// is not supported' }] } } } };
      }
      const made = { id: `gid://shopify/WebhookSubscription/${9000 + subs.length}`, topic, callbackUrl: webhookSubscription.callbackUrl };
      subs.push(made);
      return { status: 200, body: { data: { webhookSubscriptionCreate: { webhookSubscription: { id: made.id, topic }, userErrors: [] } } } };
    }
    return other(body);
  };
}

describe('webhooks registered at the store by ShipDesk', () => {
  const PUBLIC = 'https://ship.acme.in';
  beforeEach(async () => {
    ({ app, db, dbh } = await makeTestApp({ orders: 0, config: { publicUrl: PUBLIC } }));
    seller = await signInDemo(app, 'seller');
  });
  const webhooksOf = async (id: string) => (await seller.json(`/api/integrations/connections/${id}/sync`)).body.sync.webhooks;

  it('subscribes a new Shopify store to its order topics once, however often it is saved or tested', async () => {
    // Another app's (or an old) subscription to another address is not ours.
    const subs = [{ id: 'gid://shopify/WebhookSubscription/1', topic: 'ORDERS_CREATE', callbackUrl: 'https://elsewhere.example/hook' }];
    shopifyAnswer = shopifyWithSubscriptions(subs, () => ({ status: 200, body: { data: { shop: { name: 'Acme India', myshopifyDomain: 'acme-india.myshopify.com' } } } }));
    const id = await connectShopify();
    const url = `${PUBLIC}/api/integrations/shopify/${id}/webhook`;
    const creates = () => calls.filter((c) => c.body?.query?.includes('webhookSubscriptionCreate('));
    expect(creates().map((c) => c.body.variables)).toEqual([
      { topic: 'ORDERS_CREATE', webhookSubscription: { callbackUrl: url, format: 'JSON' } },
      { topic: 'ORDERS_UPDATED', webhookSubscription: { callbackUrl: url, format: 'JSON' } },
      { topic: 'ORDERS_CANCELLED', webhookSubscription: { callbackUrl: url, format: 'JSON' } },
    ]);
    expect(creates()[0]!.path).toBe('/admin/api/2025-07/graphql.json');
    expect(await webhooksOf(id)).toMatchObject({ state: 'registered', message: 'Webhooks registered at the store: orders/create, orders/updated, orders/cancelled (3 added now)' });

    const test = await seller.json(`/api/integrations/connections/${id}/test`, { method: 'POST' });
    expect(test.body.ok).toBe(true);
    await seller.json(`/api/integrations/connections/${id}`, { method: 'PATCH', body: { label: 'Acme (renamed)' } });
    expect(creates()).toHaveLength(3);
    expect(subs.filter((s) => s.callbackUrl === url).map((s) => s.topic).sort()).toEqual(['ORDERS_CANCELLED', 'ORDERS_CREATE', 'ORDERS_UPDATED']);
    expect((await webhooksOf(id)).message).toBe('Webhooks registered at the store: orders/create, orders/updated, orders/cancelled (all already there)');
  });

  it("says on the connection what Shopify refused, and registers after a fix", async () => {
    const subs: { id: string; topic: string; callbackUrl: string }[] = [];
    shopifyAnswer = shopifyWithSubscriptions(subs);
    const r = await seller.json('/api/integrations/connections', {
      method: 'POST', body: { kind: 'shopify', label: 'Wrong token', baseUrl: storeUrl, settings: { shopDomain: 'acme-india.myshopify.com' }, secrets: { accessToken: 'shpat_wrong', clientSecret: 'shpss_secret' } },
    });
    expect(r.status).toBe(201); // the store is saved all the same
    const id = r.body.connection.id;
    expect(await webhooksOf(id)).toMatchObject({ state: 'failed', message: 'Webhooks not registered: Shopify refused the access token (401)' });
    expect(subs).toHaveLength(0);
    await seller.json(`/api/integrations/connections/${id}`, { method: 'PATCH', body: { secrets: { accessToken: 'shpat_right' } } });
    expect((await webhooksOf(id)).state).toBe('registered');
    expect(subs).toHaveLength(3);
  });

  it('creates the two WooCommerce order webhooks with the secret, and on a new secret updates them instead of adding more', async () => {
    const id = await connectWoo();
    const url = `${PUBLIC}/api/integrations/woocommerce/${id}/webhook`;
    expect(calls.filter((c) => c.path.startsWith('/wp-json/wc/v3/webhooks')).map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /wp-json/wc/v3/webhooks?per_page=100', 'POST /wp-json/wc/v3/webhooks', 'POST /wp-json/wc/v3/webhooks',
    ]);
    expect(wooHooks.map(({ topic, delivery_url, secret, status }) => ({ topic, delivery_url, secret, status }))).toEqual([
      { topic: 'order.created', delivery_url: url, secret: 'wc_hook_secret', status: 'active' },
      { topic: 'order.updated', delivery_url: url, secret: 'wc_hook_secret', status: 'active' },
    ]);
    expect((await webhooksOf(id)).message).toBe('Webhooks registered at the store: order.created, order.updated (2 added now)');

    wooHooks[1]!.status = 'disabled'; // WooCommerce disables a webhook after 5 failed deliveries
    await seller.json(`/api/integrations/connections/${id}`, { method: 'PATCH', body: { secrets: { webhookSecret: 'wc_new_secret' } } });
    expect(wooHooks).toHaveLength(2);
    expect(wooHooks.map((h) => `${h.topic} ${h.status} ${h.secret}`)).toEqual(['order.created active wc_new_secret', 'order.updated active wc_new_secret']);
    expect((await webhooksOf(id)).message).toBe('Webhooks registered at the store: order.created, order.updated (all already there)');
  });

  it('waits out Shopify\'s cost throttle, and says so on the card when Shopify does not answer in time', async () => {
    const subs: { id: string; topic: string; callbackUrl: string }[] = [];
    shopifyAnswer = () => ({ status: 503, body: {} });
    const id = await connectShopify(); // Shopify was down while the store was connected: registered below
    expect((await webhooksOf(id)).state).toBe('failed');
    let throttled = 0;
    const answer = shopifyWithSubscriptions(subs);
    shopifyAnswer = (body) => (body.query.includes('webhookSubscriptions(') && throttled++ === 0
      ? { status: 200, body: { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }], extensions: { cost: { requestedQueryCost: 12, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2, restoreRate: 100 } } } } }
      : answer(body));
    const waits: number[] = [];
    const https = { ...config, publicUrl: PUBLIC };
    const done = await registerStoreWebhooks(dbh, https, log, id, { retries: 1, sleep: async (ms) => { waits.push(ms); } });
    expect(done).toMatchObject({ state: 'registered' });
    expect(waits).toEqual([1000]); // (12 - 2) / 100 s, at least a second
    expect(subs).toHaveLength(3);

    await seller.json(`/api/integrations/connections/${id}`, { method: 'PATCH', body: { secrets: { accessToken: 'shpat_slow' } } });
    const slow = await registerStoreWebhooks(dbh, https, log, id, { retries: 0, timeoutMs: 1000 });
    expect(slow).toMatchObject({ state: 'failed', message: 'Webhooks not registered: shopify did not answer within 1 s' });
    expect(await webhooksOf(id)).toMatchObject({ state: 'failed', message: 'Webhooks not registered: shopify did not answer within 1 s' });
  });

  it("says what WooCommerce answered when it refuses the key", async () => {
    const r = await seller.json('/api/integrations/connections', {
      method: 'POST', body: { kind: 'woocommerce', label: 'Bad key', baseUrl: storeUrl, settings: { siteUrl: 'https://shop.example.in' }, secrets: { consumerKey: 'ck_right', consumerSecret: 'cs_wrong', webhookSecret: 'wc_hook_secret' } },
    });
    expect(await webhooksOf(r.body.connection.id)).toMatchObject({ state: 'failed', message: 'Webhooks not registered: WooCommerce answered 401: Sorry, you cannot list resources.' });
    expect(wooHooks).toHaveLength(0);
  });
});

describe('a server without a public https address', () => {
  it('asks no store to register webhooks and says so on the connection', async () => {
    // The suite's app runs at PUBLIC_URL http://127.0.0.1:8080 (the default).
    const id = await connectWoo();
    expect(calls.filter((c) => c.path.startsWith('/wp-json/wc/v3/webhooks'))).toHaveLength(0);
    const w = (await seller.json(`/api/integrations/connections/${id}/sync`)).body.sync.webhooks;
    expect(w).toMatchObject({ state: 'no_public_url', message: noPublicUrlMessage('http://127.0.0.1:8080') });
    expect(w.message).toBe("Webhooks not registered: this server's address (PUBLIC_URL) is http://127.0.0.1:8080, not a public https address the store can call. Orders still come in by polling every 10 minutes.");
  });
});
