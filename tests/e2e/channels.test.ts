// Settings > Channels in the browser: a seller connects a Shopify store (a
// local server answering as Shopify's GraphQL Admin API documents), the first
// backfill runs and says so, "Test connection" says what the store answered,
// and a signed orders/create webhook brings an order into the orders list. The
// card says the webhooks are not registered: this server has no https address.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInUI, shot } from './browser';
import { fileServerAndBrowser } from './setup';

const ORDER = JSON.parse(fs.readFileSync(new URL('../fixtures/channels/shopify-order.json', import.meta.url), 'utf8'));

// The store: "Test connection" reads the shop; the backfill finds no orders in the last days.
const store = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url !== '/admin/api/2025-07/graphql.json' || req.headers['x-shopify-access-token'] !== 'shpat_e2e_token') return send(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    const { query } = JSON.parse(raw) as { query: string };
    if (query.includes('shop {')) return send(200, { data: { shop: { name: 'Acme India', myshopifyDomain: 'acme-india.myshopify.com' } } });
    if (query.includes('ordersCount')) return send(200, { data: { ordersCount: { count: 0 } } });
    return send(200, { data: { orders: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] } } });
  });
});

const run = fileServerAndBrowser({ orders: 100 });
let storeUrl = '';
beforeAll(async () => {
  await new Promise<void>((r) => store.listen(0, '127.0.0.1', r));
  storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise<void>((r) => store.close(() => r()));
});

async function sellerPage(): Promise<Page> {
  const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signInUI(page, run.server.url, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
  await page.waitForURL(/\/orders/);
  return page;
}

describe('Settings > Channels', () => {
  it('connects a Shopify store, backfills it, and a signed webhook brings its order into the orders list', async () => {
    const page = await sellerPage();
    await page.goto(`${run.server.url}/settings/channels`);
    await page.getByRole('heading', { name: 'Channels', exact: true }).waitFor();
    // The demo store is marked as such, and cannot be synced.
    const demo = page.getByLabel('Shopify connection Demo Shopify store');
    await demo.getByText('Demo: not a real store').waitFor();
    expect(await demo.getByRole('button', { name: 'Sync now' }).isDisabled()).toBe(true);
    await shot(page, 'channels-demo');

    // Connect a store: the form's fields as a seller fills them.
    await page.getByLabel('Name', { exact: true }).fill('Acme Shopify');
    await page.getByLabel('Shop domain').fill('acme-india.myshopify.com');
    await page.getByLabel('Access token (app made in the admin)').fill('shpat_e2e_token');
    await page.getByLabel('Client secret (signs webhooks)').fill('shpss_e2e_secret');
    await page.getByLabel('API base URL (optional: a sandbox or test server)').fill(storeUrl);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const card = page.getByLabel('Shopify connection Acme Shopify');
    await card.waitFor();
    // The first backfill ran against the store (nothing in its last days) and says so.
    await card.getByText(/^Last sync .*: No new or changed orders$/).waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Test connection' }).click();
    await card.getByText('OK: Connected to Acme India (acme-india.myshopify.com)').waitFor();
    // This server's address is plain http: no store can call it, so nothing was registered and the card says why.
    const hooks = card.getByLabel('Webhooks at the store');
    await hooks.getByText('Webhooks not registered').waitFor();
    expect(await hooks.textContent()).toContain("This server's address (PUBLIC_URL) is http://");
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'channels-connected');

    // "Import past orders": the days are asked for (1 to 60), then the sync runs and says what it found.
    await card.getByRole('button', { name: 'Import past orders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import past orders from Acme Shopify' });
    await dialog.getByLabel('Days').fill('');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText('Please enter 1 to 60 days').waitFor();
    await shot(page, 'channels-import-past');
    await dialog.getByLabel('Days').fill('30');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText(/^Last sync .*: No new or changed orders$/).waitFor({ timeout: 30_000 });

    // The store sends orders/create, signed with the client secret, to the webhook URL shown on the card.
    const hookUrl = (await card.locator('code').first().textContent())!;
    expect(hookUrl).toMatch(new RegExp(`^${run.server.url}/api/integrations/shopify/[0-9a-f-]{36}/webhook$`));
    const body = JSON.stringify(ORDER);
    const ack = await fetch(hookUrl, {
      method: 'POST', body,
      headers: {
        'content-type': 'application/json', 'x-shopify-topic': 'orders/create', 'x-shopify-webhook-id': 'e2e-delivery-1', 'x-shopify-shop-domain': 'acme-india.myshopify.com',
        'x-shopify-hmac-sha256': createHmac('sha256', 'shpss_e2e_secret').update(body).digest('base64'),
      },
    });
    expect(ack.status).toBe(200);

    // The orders list shows it (the server's task worker imports it within seconds).
    await page.goto(`${run.server.url}/orders?q=${encodeURIComponent('#9999')}`);
    const row = page.getByTestId('order-row').filter({ hasText: '#9999' });
    await expect.poll(async () => {
      if (await row.count()) return true;
      await page.reload();
      await page.getByTestId('order-row').first().or(page.getByText(/no orders/i).first()).waitFor({ timeout: 10_000 }).catch(() => undefined);
      return (await row.count()) > 0;
    }, { timeout: 30_000, interval: 1000 }).toBe(true);
    expect(await row.first().textContent()).toContain('Jon Snow');
    await shot(page, 'orders-with-store-order');
  }, 120_000);
});
