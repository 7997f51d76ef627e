// Polling a store for the orders its webhooks missed: the first backfill with
// progress, "Sync now" from the cursor, a store that throttles (429 with
// Retry-After; Shopify's THROTTLED cost error) or times out, and a poll after
// a webhook never making a second order. The stores are local servers
// answering as Shopify's GraphQL Admin API (orders, ordersCount) and
// WooCommerce's REST API v3 (GET orders?modified_after=&page=) document.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../edge-api/app';
import { CHANNEL_SYNC_JOB, channelSyncJob, enqueueDueChannelSyncs } from '../../edge-api/integrations/channels/sync';
import { seedDemoChannel } from '../../edge-api/integrations/channels/demo';
import { TASK_HANDLERS } from '../../edge-api/integrations/handlers';
import { drainTasks } from '../../edge-api/integrations/tasks';
import { drainJobs } from '../../edge-api/jobs/runner';
import { anonymous, makeTestApp, signIn, signInDemo, type Agent, type TestApp } from './helpers';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/channels/${name}`, import.meta.url), 'utf8');
const SHOPIFY_WEBHOOK_ORDER = JSON.parse(fixture('shopify-order.json'));
const SHOPIFY_PAGE = JSON.parse(fixture('shopify-orders-page.json'));
const NODE = SHOPIFY_PAGE.data.orders.nodes[0];
const WOO_ORDER = JSON.parse(fixture('woocommerce-order.json'));

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** n Shopify orders updated over the last hours, each its own name and id. */
const shopifyNodes = (n: number) => Array.from({ length: n }, (_, i) => ({
  ...NODE, id: `gid://shopify/Order/${7000 + i}`, name: `#${7000 + i}`, updatedAt: ago((n - i) * HOUR),
}));

type Call = { path: string; body: any; query: URLSearchParams };
let calls: Call[] = [];
let shopifyStore: any[] = [];
let wooStore: any[] = [];
/** What the store does with the next calls: answer, refuse (429), throttle (THROTTLED), or never answer. */
let trouble: ('429' | 'throttled' | 'hang' | 'answer')[] = [];

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const url = new URL(req.url!, 'http://store');
    const body = raw && url.pathname !== '/admin/oauth/access_token' ? JSON.parse(raw) : null;
    calls.push({ path: url.pathname, body: url.pathname === '/admin/oauth/access_token' ? null : body, query: url.searchParams });
    const next = trouble.shift();
    if (next === 'hang') return; // never answers
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(json));
    if (next === '429') return send(429, { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' }, { 'retry-after': '1.0' });
    if (url.pathname === '/admin/oauth/access_token') {
      // The client credentials grant of a Dev Dashboard app (form encoded), as Shopify documents it.
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== 'dev-client-id' || form.get('client_secret') !== 'shpss_secret') {
        return send(400, { error: 'invalid_client', error_description: 'Client authentication failed' });
      }
      return send(200, { access_token: 'shpat_granted', scope: 'read_orders,write_orders,write_fulfillments', expires_in: 86399 });
    }
    if (url.pathname === '/admin/api/2025-07/graphql.json') {
      if (req.headers['x-shopify-access-token'] !== 'shpat_right' && req.headers['x-shopify-access-token'] !== 'shpat_granted') return send(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
      if (next === 'throttled') {
        return send(200, {
          errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
          extensions: { cost: { requestedQueryCost: 542, actualQueryCost: null, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 442, restoreRate: 100 } } },
        });
      }
      // Shopify's search syntax as the poll sends it: updated_at:>='ISO'.
      const since = /updated_at:>='([^']+)'/.exec(body.variables.query)?.[1];
      const matching = shopifyStore.filter((o) => !since || Date.parse(o.updatedAt) >= Date.parse(since)).sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt));
      if (body.query.includes('ordersCount')) return send(200, { data: { ordersCount: { count: matching.length } } });
      const start = body.variables.after ? Number(Buffer.from(body.variables.after, 'base64').toString()) : 0;
      const nodes = matching.slice(start, start + body.variables.first);
      const end = start + nodes.length;
      return send(200, { data: { orders: { pageInfo: { hasNextPage: end < matching.length, endCursor: nodes.length ? Buffer.from(String(end)).toString('base64') : null }, nodes } }, extensions: SHOPIFY_PAGE.extensions });
    }
    if (url.pathname === '/wp-json/wc/v3/orders') {
      if (req.headers.authorization !== `Basic ${Buffer.from('ck_right:cs_right').toString('base64')}`) return send(401, { code: 'woocommerce_rest_cannot_view', message: 'Sorry, you cannot list resources.', data: { status: 401 } });
      const after = url.searchParams.get('modified_after');
      const gmt = url.searchParams.get('dates_are_gmt') === 'true';
      const matching = wooStore.filter((o) => !after || Date.parse(`${o.date_modified_gmt}Z`) > Date.parse(`${after}${gmt ? 'Z' : ''}`))
        .sort((a, b) => Date.parse(a.date_modified_gmt) - Date.parse(b.date_modified_gmt));
      const per = Number(url.searchParams.get('per_page') ?? 10);
      const page = Number(url.searchParams.get('page') ?? 1);
      return send(200, matching.slice((page - 1) * per, page * per), { 'x-wp-total': String(matching.length), 'x-wp-totalpages': String(Math.max(1, Math.ceil(matching.length / per))) });
    }
    send(404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
  });
});
let storeUrl = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  storeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => {
  server.closeAllConnections();
  server.close(() => r());
}));

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let dbh: Awaited<ReturnType<typeof makeTestApp>>['dbh'];
let seller: Agent;
const config = defaultConfig({ dataDir: `/tmp/shipdesk-test-${process.pid}` });
const log = pino({ level: 'silent' });
// The store calls as the server makes them, with a short time limit and no sleeping between tries beyond what the store asks.
const HANDLERS = { [CHANNEL_SYNC_JOB]: channelSyncJob({ timeoutMs: 500, retries: 1, baseDelayMs: 1 }) };
const runJobs = () => drainJobs(dbh, config, log, HANDLERS);

beforeEach(async () => {
  ({ app, db, dbh } = await makeTestApp({ orders: 0 }));
  seller = await signInDemo(app, 'seller');
  calls = [];
  trouble = [];
  shopifyStore = [];
  wooStore = [];
});

async function connect(kind: 'shopify' | 'woocommerce', backfillDays?: number) {
  const body = kind === 'shopify'
    ? { kind, label: 'My Shopify', baseUrl: storeUrl, settings: { shopDomain: 'acme-india.myshopify.com', ...(backfillDays ? { backfillDays } : {}) }, secrets: { accessToken: 'shpat_right', clientSecret: 'shpss_secret' } }
    : { kind, label: 'My Woo', baseUrl: storeUrl, settings: { siteUrl: 'https://shop.example.in', ...(backfillDays ? { backfillDays } : {}) }, secrets: { consumerKey: 'ck_right', consumerSecret: 'cs_right', webhookSecret: 'wc_hook_secret' } };
  const r = await seller.json('/api/integrations/connections', { method: 'POST', body });
  expect(r.status).toBe(201);
  return r.body.connection.id as string;
}

const syncState = async (id: string) => (await seller.json(`/api/integrations/connections/${id}/sync`)).body.sync;
const storeOrders = () => db.selectFrom('orders').select(['id', 'shop_order_id', 'shop_type', 'status', 'shipping_pincode']).where('shop_type', 'in', ['shopify', 'woocommerce']).orderBy('shop_order_id').execute();
const ordersQueries = () => calls.filter((c) => c.body?.query?.includes('OrdersSince'));

describe('Shopify polling', () => {
  it('backfills the last days when a store is connected, with progress, and "Sync now" reads only what changed since', async () => {
    shopifyStore = [...shopifyNodes(23), { ...NODE, id: 'gid://shopify/Order/1', name: '#1', updatedAt: ago(10 * 24 * HOUR) }];
    const id = await connect('shopify', 3);
    // Connecting queued the first sync; the screen sees it waiting.
    const queued = await syncState(id);
    expect(queued.job).toMatchObject({ kind: 'channels.sync', status: 'queued' });
    await runJobs();

    const orders = await storeOrders();
    expect(orders).toHaveLength(23); // #1 was updated 10 days ago: outside the 3-day backfill
    expect(orders.every((o) => o.shop_type === 'shopify' && o.status === 'PLACED')).toBe(true);
    const done = await syncState(id);
    expect(done.job).toMatchObject({ status: 'done', progress: 23, total: 23 });
    expect(done.lastResult).toBe('23 orders read: 23 new, 0 updated');
    expect(done.cursor).toBe(shopifyStore[22].updatedAt);
    // Three pages of 10, each asked with the previous page's endCursor.
    expect(ordersQueries().map((c) => c.body.variables.after === null)).toEqual([true, false, false]);
    const sentSince = /updated_at:>='([^']+)'/.exec(ordersQueries()[0]!.body.variables.query)![1]!;
    expect(Date.now() - Date.parse(sentSince)).toBeGreaterThanOrEqual(3 * 24 * HOUR);
    expect(Date.now() - Date.parse(sentSince)).toBeLessThan(3 * 24 * HOUR + 10 * 60_000);

    // A new order and an address change in the store; "Sync now" asks from the cursor, not 3 days back.
    calls = [];
    shopifyStore.push({ ...NODE, id: 'gid://shopify/Order/8000', name: '#8000', updatedAt: ago(60_000) });
    shopifyStore[22] = { ...shopifyStore[22], updatedAt: ago(30_000), shippingAddress: { ...NODE.shippingAddress, address1: '7 Residency Road', zip: '560025' } };
    const now = await seller.json(`/api/integrations/connections/${id}/sync`, { method: 'POST', body: {} });
    expect(now.status).toBe(202);
    expect(now.body.sync.job.status).toBe('queued');
    await runJobs();
    const since = Date.parse(/updated_at:>='([^']+)'/.exec(ordersQueries()[0]!.body.variables.query)![1]!);
    expect(since).toBeGreaterThan(Date.now() - 5 * HOUR);
    const after = await storeOrders();
    expect(after).toHaveLength(24);
    expect(after.find((o) => o.shop_order_id === '#7022')!.shipping_pincode).toBe('560025');
    expect((await syncState(id)).lastResult).toBe('2 orders read: 1 new, 1 updated');
  });

  it('never makes a second order when a poll reads an order a webhook brought', async () => {
    const id = await connect('shopify');
    await runJobs(); // the empty first backfill
    const body = JSON.stringify(SHOPIFY_WEBHOOK_ORDER);
    const hook = await anonymous(app).request(`/api/integrations/shopify/${id}/webhook`, {
      method: 'POST', body,
      headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/create', 'x-shopify-webhook-id': 'w-1', 'x-shopify-hmac-sha256': createHmac('sha256', 'shpss_secret').update(body).digest('base64') },
    });
    expect(hook.status).toBe(200);
    await drainTasks(dbh, config, log, TASK_HANDLERS);
    expect(await storeOrders()).toHaveLength(1);

    shopifyStore = [{ ...NODE, updatedAt: ago(60_000) }]; // the same order (#9999) as the poll reads it
    await seller.json(`/api/integrations/connections/${id}/sync`, { method: 'POST', body: { days: 2 } });
    await runJobs();
    const orders = await storeOrders();
    expect(orders.map((o) => o.shop_order_id)).toEqual(['#9999']);
    expect((await syncState(id)).lastResult).toBe('1 order read: 0 new, 0 updated');
  });

  it('waits out a 429 with Retry-After and Shopify\'s THROTTLED cost error, then imports everything', async () => {
    shopifyStore = shopifyNodes(12);
    const id = await connect('shopify');
    trouble = ['429', 'answer', 'throttled']; // ordersCount refused once, then the first orders page throttled once
    await runJobs();
    expect((await syncState(id)).job.error).toBeNull();
    expect(await storeOrders()).toHaveLength(12);
    expect((await syncState(id)).job).toMatchObject({ status: 'done', progress: 12, total: 12 });
    // Each refused call was sent again: count, count, page 1 (throttled), page 1, page 2.
    expect(calls.map((c) => (c.body.query.includes('ordersCount') ? 'count' : c.body.variables.after ? 'page 2' : 'page 1'))).toEqual(['count', 'count', 'page 1', 'page 1', 'page 2']);
  });

  it('reports a store that does not answer, keeps the cursor, and the next sync imports', async () => {
    shopifyStore = shopifyNodes(3);
    const id = await connect('shopify');
    trouble = ['hang', 'hang'];
    await runJobs();
    const failed = await syncState(id);
    expect(failed.job).toMatchObject({ status: 'failed', error: 'shopify did not answer within 1 s' });
    expect(failed.lastResult).toBe('Failed: shopify did not answer within 1 s');
    expect(failed.cursor).toBeNull();
    expect(await storeOrders()).toHaveLength(0);

    await seller.json(`/api/integrations/connections/${id}/sync`, { method: 'POST', body: {} });
    await runJobs();
    expect(await storeOrders()).toHaveLength(3);
    expect((await syncState(id)).lastResult).toBe('3 orders read: 3 new, 0 updated');
  });

  it('says "Sync now" is refused for a paused store and another company\'s store is not found', async () => {
    const id = await connect('shopify');
    await runJobs();
    const other = await signIn(app, 'd2r@shipdesk.in', 'Distributor@1234');
    expect((await other.json(`/api/integrations/connections/${id}/sync`, { method: 'POST', body: {} })).status).toBe(404);
    expect((await other.json(`/api/integrations/connections/${id}/sync`)).status).toBe(404);
    expect((await seller.json(`/api/integrations/connections/${id}/sync`, { method: 'POST', body: { days: 61 } })).body.message).toBe('Please enter 1 to 60 days');
    await seller.json(`/api/integrations/connections/${id}`, { method: 'PATCH', body: { status: 'disabled' } });
    const paused = await seller.json(`/api/integrations/connections/${id}/sync`, { method: 'POST', body: {} });
    expect(paused.status).toBe(400);
    expect(paused.body.message).toBe('The connection is paused: resume it to sync');
  });
});

describe('a Shopify Dev Dashboard app (client ID and secret)', () => {
  it('gets its token by the client credentials grant once, and syncs with it', async () => {
    shopifyStore = shopifyNodes(12);
    const r = await seller.json('/api/integrations/connections', {
      method: 'POST', body: { kind: 'shopify', label: 'Dev app', baseUrl: storeUrl, settings: { shopDomain: 'acme-india.myshopify.com' }, secrets: { clientId: 'dev-client-id', clientSecret: 'shpss_secret' } },
    });
    expect(r.status).toBe(201);
    expect(r.body.connection.secretsSet).toEqual(['clientId', 'clientSecret']);
    await runJobs();
    expect(await storeOrders()).toHaveLength(12);
    // ordersCount and two pages of orders, with one token asked for.
    expect(calls.filter((c) => c.path === '/admin/oauth/access_token')).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/admin/api/2025-07/graphql.json')).toHaveLength(3);
  });

  it('says so when Shopify refuses the client ID and secret, and a connection needs one of ID or token', async () => {
    const none = await seller.json('/api/integrations/connections', {
      method: 'POST', body: { kind: 'shopify', label: 'No id', baseUrl: storeUrl, settings: { shopDomain: 'acme-india.myshopify.com' }, secrets: { clientSecret: 'shpss_secret' } },
    });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ path: 'secrets.clientId', message: "Please enter the app's client ID (or an Admin API access token)" }]);
    const r = await seller.json('/api/integrations/connections', {
      method: 'POST', body: { kind: 'shopify', label: 'Dev app', baseUrl: storeUrl, settings: { shopDomain: 'acme-india.myshopify.com' }, secrets: { clientId: 'dev-client-id', clientSecret: 'not-the-secret' } },
    });
    const test = await seller.json(`/api/integrations/connections/${r.body.connection.id}/test`, { method: 'POST' });
    expect(test.body).toMatchObject({ ok: false, message: "Shopify refused the app's client ID and secret (400)" });
  });
});

describe('WooCommerce polling', () => {
  it('reads orders modified since the backfill start page by page, ignoring drafts', async () => {
    const base = Date.now() - 48 * HOUR;
    const gmt = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '');
    wooStore = Array.from({ length: 55 }, (_, i) => ({ ...WOO_ORDER, id: 900 + i, number: String(900 + i), date_modified_gmt: gmt(base + i * 60_000) }));
    wooStore.push({ ...WOO_ORDER, id: 999, number: '999', status: 'checkout-draft', date_modified_gmt: gmt(base) });
    const id = await connect('woocommerce');
    await runJobs();
    const orders = await storeOrders();
    expect(orders).toHaveLength(55);
    expect(orders.every((o) => o.shop_type === 'woocommerce')).toBe(true);
    expect((await syncState(id)).lastResult).toBe('56 orders read: 55 new, 0 updated');
    expect((await syncState(id)).job).toMatchObject({ progress: 56, total: 56 });
    const lists = calls.filter((c) => c.path === '/wp-json/wc/v3/orders');
    expect(lists.map((c) => c.query.get('page'))).toEqual(['1', '2']);
    expect(lists[0]!.query.get('dates_are_gmt')).toBe('true');
    expect(lists[0]!.query.get('orderby')).toBe('modified');
    expect(Date.now() - Date.parse(`${lists[0]!.query.get('modified_after')}Z`)).toBeGreaterThanOrEqual(7 * 24 * HOUR - 1000);
  });
});

describe('the polling timer', () => {
  it('queues one sync per real store connection, none for the demo store, and none while one waits', async () => {
    const id = await connect('shopify');
    await runJobs();
    const company = (await db.selectFrom('integration_connections').select('company_id').where('id', '=', id).executeTakeFirstOrThrow()).company_id;
    await seedDemoChannel(dbh, config, company);
    expect(await enqueueDueChannelSyncs(dbh, 60_000, Date.now())).toBe(0); // just synced
    expect(await enqueueDueChannelSyncs(dbh, 60_000, Date.now() + 120_000)).toBe(1);
    expect(await enqueueDueChannelSyncs(dbh, 60_000, Date.now() + 240_000)).toBe(0); // still queued
    const jobs = await db.selectFrom('jobs').select(['kind', 'payload']).where('kind', '=', 'channels.sync').where('status', '=', 'queued').execute();
    expect(jobs.map((j) => JSON.parse(j.payload).connectionId)).toEqual([id]);
  });
});
