// A seller reloads /orders with the network gone: the list last loaded comes
// from the device, read-only, under "Offline - showing data from <time>";
// actions that need the server are disabled with the reason; an order opened
// before opens again; nothing claims "Ready to work offline". Back online, the
// screen refreshes by itself.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { deviceSaved, signInUI } from './browser';
import { fileServer, persistentProfiles } from './setup';

const run = fileServer({ orders: 300 });
const profiles = persistentProfiles();
let context: BrowserContext;
beforeAll(async () => {
  ({ context } = await profiles.fresh());
}, 120_000);

const rowIds = (page: Page) => page.locator('[data-testid="order-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')));

describe('seller screens offline', () => {
  it('shows the cached orders list and an opened order read-only, with the server actions disabled, and refreshes when back online', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInUI(page, run.server.url, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.waitForURL(/\/orders/);
    await page.getByTestId('order-row').first().waitFor({ timeout: 30_000 });
    // The service worker has the shell, so a reload works without a network.
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active, null, { timeout: 60_000 });
    const online = await rowIds(page);
    expect(online.length).toBeGreaterThan(0);
    // Open an order, as a seller would, then close it.
    await page.getByTestId('order-link').first().click();
    await page.getByTestId('order-info').waitFor();
    const shopOrderId = (await page.getByTestId('order-slider').getByText(/^Order /).first().textContent())!;
    await page.getByRole('button', { name: 'Close order' }).click();
    await deviceSaved(page); // the device saves what was loaded in the background

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-banner').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('offline-banner').textContent()).resolves.toMatch(/Offline - showing data from \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
    await page.getByTestId('order-row').first().waitFor();
    expect(await rowIds(page)).toEqual(online);
    await expect(page.getByText('Sorry, Failed to load data').count()).resolves.toBe(0);
    await expect(page.getByText('Ready to work offline').count()).resolves.toBe(0);
    // Creating an order needs the server: disabled, and the reason is on screen.
    await expect(page.getByRole('button', { name: 'Create Order' }).isDisabled()).resolves.toBe(true);
    await page.getByTestId('offline-reason').first().waitFor();
    await expect(page.getByTestId('offline-reason').first().textContent()).resolves.toBe('Needs the network: you are offline.');

    // The order opened before opens again from the device, its actions disabled.
    await page.getByTestId('order-link').first().click();
    const slider = page.getByTestId('order-slider');
    await slider.getByText(shopOrderId).waitFor();
    await page.getByTestId('order-info').waitFor();
    const actions = page.getByTestId('order-info').getByTestId('order-actions').getByRole('button');
    const n = await actions.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) expect(await actions.nth(i).isDisabled()).toBe(true);
    await page.getByTestId('order-info').getByTestId('offline-reason').waitFor();
    await page.getByRole('button', { name: 'Close order' }).click();

    // Online again: the banner goes, actions come back and the list is fetched afresh by itself.
    const refetched = page.waitForResponse((r) => r.url().includes('/api/orders?') && r.status() === 200, { timeout: 30_000 });
    await context.setOffline(false);
    await refetched;
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    await expect(page.getByRole('button', { name: 'Create Order' }).isDisabled()).resolves.toBe(false);
  });
});
