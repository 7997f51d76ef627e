// The seller's other pages without a network. The catalogue,
// the invoices and Settings > Invoicing show what this device loaded last under
// the offline banner (not an error), and every action that needs the server is
// disabled with the reason beside it. Back online, the actions come back.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { deviceSaved, signInUI } from './browser';
import { fileServer, persistentProfiles } from './setup';

const run = fileServer({ orders: 200 });
const profiles = persistentProfiles();
let context: BrowserContext;
beforeAll(async () => {
  ({ context } = await profiles.fresh());
}, 120_000);

const catalogueItems = (page: Page) =>
  page.getByRole('table', { name: 'Catalogue items' }).getByRole('button', { name: /^Open / }).evaluateAll((b) => b.map((x) => x.getAttribute('aria-label')));
const gstinRows = (page: Page) => page.getByTestId('gstin-row').evaluateAll((r) => r.map((x) => x.textContent));
const NEEDS_NETWORK = 'Needs the network: you are offline.';

async function expectOfflineBanner(page: Page) {
  await page.getByTestId('offline-banner').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId('offline-banner').textContent(), { timeout: 10_000 }).toMatch(/Offline - showing data from \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
}

describe('seller pages offline', () => {
  it('catalogue, invoices and invoicing settings: cached data, no error, server actions disabled with the reason', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInUI(page, run.server.url, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.waitForURL(/\/orders/);
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active, null, { timeout: 60_000 });

    // Online: load each page once, as the seller would.
    await page.goto(`${run.server.url}/catalogs`);
    await page.getByRole('table', { name: 'Catalogue items' }).getByRole('button', { name: /^Open / }).first().waitFor({ timeout: 30_000 });
    const items = await catalogueItems(page);
    expect(items.length).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Sync Catalogue' }).isDisabled()).resolves.toBe(false);
    await deviceSaved(page); // the device saves what was loaded in the background

    await page.goto(`${run.server.url}/invoices`);
    await page.getByRole('table', { name: 'Invoices' }).waitFor();
    await expect(page.getByRole('button', { name: 'Export CSV' }).isDisabled()).resolves.toBe(false);
    await deviceSaved(page);

    await page.goto(`${run.server.url}/settings/invoicing`);
    await page.getByTestId('gstin-row').first().waitFor({ timeout: 30_000 });
    const gstins = await gstinRows(page);
    await deviceSaved(page); // the device saves what was loaded in the background

    await context.setOffline(true);

    await page.reload();
    await expectOfflineBanner(page);
    await page.getByTestId('gstin-row').first().waitFor();
    expect(await gstinRows(page)).toEqual(gstins);
    await expect(page.getByText('Server Error').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Add GSTIN' }).isDisabled()).resolves.toBe(true);
    for (const b of await page.getByRole('button', { name: /^Remove .* GSTIN$/ }).all()) expect(await b.isDisabled()).toBe(true);
    await expect(page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('offline-reason').first().textContent()).resolves.toBe(NEEDS_NETWORK);

    await page.goto(`${run.server.url}/catalogs`);
    await expectOfflineBanner(page);
    await page.getByRole('table', { name: 'Catalogue items' }).getByRole('button', { name: /^Open / }).first().waitFor();
    expect(await catalogueItems(page)).toEqual(items);
    await expect(page.getByText('Server Error').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Sync Catalogue/ }).isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('offline-reason').first().textContent()).resolves.toBe(NEEDS_NETWORK);

    await page.goto(`${run.server.url}/invoices`);
    await expectOfflineBanner(page);
    await page.getByRole('table', { name: 'Invoices' }).waitFor();
    await expect(page.getByTestId('invoices-error').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Export CSV' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('offline-reason').first().textContent()).resolves.toBe(NEEDS_NETWORK);

    // Online again: the banner goes and the actions come back by themselves.
    await context.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Export CSV' }).isDisabled()).resolves.toBe(false);
  });

  it('fits the GSTIN settings in a 360 px wide screen', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${run.server.url}/settings/invoicing`);
    await page.getByTestId('gstin-row').first().waitFor({ timeout: 30_000 });
    const save = await page.getByRole('button', { name: 'Add GSTIN' }).boundingBox();
    const input = await page.getByRole('form', { name: 'Add a GSTIN' }).getByRole('textbox', { name: 'GSTIN', exact: true }).boundingBox();
    const section = await page.getByRole('region', { name: 'GSTIN per state' }).boundingBox();
    for (const b of [section, save, input]) {
      expect(b).not.toBeNull();
      expect(b!.x).toBeGreaterThanOrEqual(0);
      expect(b!.x + b!.width).toBeLessThanOrEqual(360);
    }
  });
});
