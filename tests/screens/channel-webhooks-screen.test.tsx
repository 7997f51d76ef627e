// @vitest-environment jsdom
// Settings > Channels says on each store's card whether its order webhooks are
// registered at the store: a Shopify store (a local server answering as the
// GraphQL Admin API's webhookSubscriptions and webhookSubscriptionCreate
// document) got them when it was connected; a WooCommerce store whose key the
// store refused did not, and the card says what the store answered.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, signInDemo, type Agent, type TestApp } from '../api/helpers';
import { cleanup, renderInApp } from '../../web/test/renderInApp';

const subs: { topic: string; callbackUrl: string }[] = [];
const store = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url!.startsWith('/wp-json/')) return send(401, { code: 'woocommerce_rest_cannot_view', message: 'Sorry, you cannot list resources.', data: { status: 401 } });
    if (req.headers['x-shopify-access-token'] !== 'shpat_screen') return send(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    const { query, variables } = JSON.parse(raw) as { query: string; variables: any };
    if (query.includes('webhookSubscriptions(')) {
      return send(200, { data: { webhookSubscriptions: { nodes: subs.map((s, i) => ({ id: `gid://shopify/WebhookSubscription/${i + 1}`, topic: s.topic, endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: s.callbackUrl } })) } } });
    }
    if (query.includes('webhookSubscriptionCreate(')) {
      subs.push({ topic: variables.topic, callbackUrl: variables.webhookSubscription.callbackUrl });
      return send(200, { data: { webhookSubscriptionCreate: { webhookSubscription: { id: `gid://shopify/WebhookSubscription/${subs.length}`, topic: variables.topic }, userErrors: [] } } });
    }
    return send(200, { data: { ordersCount: { count: 0 }, orders: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] } } });
  });
});

let app: TestApp;
let seller: Agent;
beforeAll(async () => {
  await new Promise<void>((r) => store.listen(0, '127.0.0.1', r));
  const storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
  ({ app } = await makeTestApp({ orders: 0, config: { publicUrl: 'https://ship.acme.in' } }));
  seller = await signInDemo(app, 'seller');
  // Connected before the page renders: the page's own fetches are answered in-process, the store's calls here are real.
  const shop = await seller.json('/api/integrations/connections', {
    method: 'POST', body: { kind: 'shopify', label: 'Acme Shopify', baseUrl: storeUrl, settings: { shopDomain: 'acme-india.myshopify.com' }, secrets: { accessToken: 'shpat_screen', clientSecret: 'shpss_screen' } },
  });
  expect(shop.status).toBe(201);
  const woo = await seller.json('/api/integrations/connections', {
    method: 'POST', body: { kind: 'woocommerce', label: 'Acme Woo', baseUrl: storeUrl, settings: { siteUrl: 'https://shop.acme.in' }, secrets: { consumerKey: 'ck_x', consumerSecret: 'cs_x', webhookSecret: 'wc_secret' } },
  });
  expect(woo.status).toBe(201);
}, 120_000);
afterEach(() => cleanup());
afterAll(() => new Promise<void>((r) => store.close(() => r())));

describe('webhooks on the store cards (jsdom, real API)', () => {
  it('shows the Shopify store registered and the WooCommerce store not, with what the store answered', async () => {
    await renderInApp('/settings/channels', { app, agent: seller });
    const shop = await screen.findByLabelText('Shopify connection Acme Shopify', {}, { timeout: 20_000 });
    const shopLine = await within(shop).findByLabelText('Webhooks at the store');
    expect(within(shopLine).getByText('Webhooks registered')).toBeTruthy();
    expect(shopLine.textContent).toMatch(/^Webhooks registeredorders\/create, orders\/updated, orders\/cancelled \(3 added now\) · checked /);
    expect(subs.map((s) => s.topic)).toEqual(['ORDERS_CREATE', 'ORDERS_UPDATED', 'ORDERS_CANCELLED']);

    const woo = await screen.findByLabelText('WooCommerce connection Acme Woo');
    const wooLine = await within(woo).findByLabelText('Webhooks at the store');
    expect(within(wooLine).getByText('Webhooks not registered')).toBeTruthy();
    expect(wooLine.textContent).toContain('WooCommerce answered 401: Sorry, you cannot list resources.');
  }, 90_000);
});
