// Settings > Couriers at 1366x768: a seller connects a Delhivery account
// (credentials write-only), names the pickup location of a warehouse, pauses
// it, asks for a pickup, and never sees the credentials again.
import { describe, expect, it } from 'vitest';
import { signInUI, shot } from './browser';
import { fileServerAndBrowser } from './setup';

const run = fileServerAndBrowser({ orders: 20 });

const TOKEN = 'dl-secret-api-token-7781';
const PUSH = 'dl-push-token-0123456789';

describe('Settings > Couriers', () => {
  it('connects Delhivery with its staging host and a pickup location, shows which credentials are set but never them, and pauses it', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await signInUI(page, run.server.url, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.waitForURL(/\/orders/);
    await page.goto(`${run.server.url}/settings/couriers`);
    await page.getByText('No courier account connected yet: bookings go to the demo couriers.').waitFor();

    await page.getByRole('textbox', { name: 'Name' }).fill('Delhivery Okhla');
    await page.getByRole('combobox', { name: 'API host' }).click();
    await page.getByRole('option', { name: 'Staging (staging-express.delhivery.com)' }).click();
    await page.getByLabel('API token', { exact: true }).fill(TOKEN);
    await page.getByLabel('Tracking push token (x-api-key)', { exact: true }).fill(PUSH);
    const firstPickup = page.getByRole('textbox', { name: /^Pickup location for / }).first();
    await firstPickup.fill('OKHLA SURFACE');
    await page.getByRole('textbox', { name: 'Default pickup location (for a warehouse without one)' }).fill('OKHLA SURFACE');
    await page.getByRole('button', { name: 'Connect' }).click();

    const card = page.getByRole('region', { name: 'Delhivery connection Delhivery Okhla' }).or(page.getByLabel('Delhivery connection Delhivery Okhla'));
    await card.waitFor();
    await card.getByText('Credentials set: API token, Tracking push token (x-api-key)').waitFor();
    await card.getByText('https://staging-express.delhivery.com').waitFor();
    expect(await card.getByText(/\/api\/webhooks\/courier\/[0-9a-f-]{36}/).count()).toBe(1);
    expect(await card.getByRole('textbox', { name: /^Pickup location for / }).first().inputValue()).toBe('OKHLA SURFACE');
    const html = await page.content();
    expect(html).not.toContain(TOKEN);
    expect(html).not.toContain(PUSH);
    const api = await (await page.request.get(`${run.server.url}/api/integrations/connections?kind=delhivery`)).text();
    expect(api).not.toContain(TOKEN);
    expect(api).not.toContain(PUSH);
    await shot(page, 'couriers-connected');

    // A pickup with nothing booked yet from this warehouse: the refusal in words, nothing asked of Delhivery.
    await card.getByRole('button', { name: 'Request pickup' }).click();
    await card.getByText('No parcel of this warehouse is waiting for this courier').waitFor();

    await card.getByRole('switch').click();
    await card.getByText('Paused', { exact: true }).waitFor();
    await card.getByText('Paused: no new bookings').waitFor();
    await shot(page, 'couriers-paused', { fullPage: true });
    await context.close();
  });
});
