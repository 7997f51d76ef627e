import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInUI, shot } from './browser';
import { fileServerAndBrowser } from './setup';

// Its own server: this suite changes preferences and ships an order.
const run = fileServerAndBrowser({ orders: 300 });

async function signedIn(email: string, password: string, app: 'Seller' | 'Admin') {
  const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signInUI(page, run.server.url, email, password, app);
  await page.waitForURL(/\/orders/);
  return page;
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A PLACED order of the seller without an AWB yet. */
async function placedOrderWithoutAwb(page: Page) {
  const list = await (await page.request.get(`${run.server.url}/api/orders?tab=all&status=PLACED&pageSize=50`)).json();
  for (const o of list.order as { id: string }[]) {
    const d = (await (await page.request.get(`${run.server.url}/api/orders/${o.id}`)).json()).data;
    if (!d.trackingNumber) return d as { id: string; weightG: number; shopOrderId: string };
  }
  throw new Error('no PLACED order without an AWB');
}

describe('preferences and courier choice', () => {
  it('a seller sets the courier order, an admin the weight limit, and the seller ships with the chosen courier', async () => {
    const seller = await signedIn('seller@shipdesk.in', 'Seller@1234', 'Seller');
    const order = await placedOrderWithoutAwb(seller);

    // Seller: the courier order; the weight limit is shown but only an admin may change it.
    await seller.goto(`${run.server.url}/settings/preferences`);
    await seller.getByText('Labels and invoices').waitFor();
    expect(await seller.getByRole('textbox', { name: 'Maximum weight for white label (g)' }).isDisabled()).toBe(true);
    await seller.getByRole('switch', { name: 'Print item labels' }).check();
    await pick(seller, 'Third-party provider 1 courier', 'Blue Dart');
    await pick(seller, 'Third-party provider 2 courier', 'Delhivery');
    await seller.getByRole('button', { name: 'Save preferences' }).click();
    await seller.getByText('Preferences saved').first().waitFor();

    // Admin: choose the company first, then the weight limit.
    const admin = await signedIn('admin@shipdesk.in', 'Admin@1234', 'Admin');
    await admin.goto(`${run.server.url}/settings/preferences`);
    await admin.getByText('Choose a company to see its preferences.').waitFor();
    await admin.getByRole('combobox', { name: 'Company', exact: true }).fill('Chai');
    await admin.getByRole('option', { name: 'Chai Point Retail Pvt Ltd' }).click();
    const weight = admin.getByRole('textbox', { name: 'Maximum weight for white label (g)' });
    await weight.waitFor();
    expect(await weight.isDisabled()).toBe(false);
    await expect.poll(() => admin.getByRole('combobox', { name: 'Third-party provider 1 courier' }).inputValue()).toBe('Blue Dart');
    const limit = order.weightG + 500;
    await weight.fill(String(limit));
    await admin.getByRole('button', { name: 'Save preferences' }).click();
    await admin.getByText('Preferences saved').first().waitFor();
    await shot(admin, 'preferences-admin');

    // The seller sees the admin's limit.
    await seller.reload();
    await expect.poll(() => seller.getByRole('textbox', { name: 'Maximum weight for white label (g)' }).inputValue()).toBe(String(limit));

    // Ship: the default is the first courier of the preference; the seller picks the second one instead.
    await seller.goto(`${run.server.url}/orders?order=${order.id}`);
    await seller.getByTestId('order-slider').getByRole('button', { name: 'READY TO SHIP' }).click();
    const bluedart = seller.getByTestId('quote-bluedart');
    await bluedart.waitFor();
    expect(await bluedart.getByRole('radio').isChecked()).toBe(true);
    await expect.poll(() => bluedart.textContent()).toContain('Default');
    const delhivery = seller.getByTestId('quote-delhivery');
    const price = (await delhivery.locator('td').nth(1).textContent())!.trim();
    expect(price).toMatch(/^₹\d+\.\d{2}$/);
    await delhivery.getByRole('radio').check();
    await shot(seller, 'courier-choice');
    await seller.getByRole('button', { name: 'Confirm and ship' }).click();
    const booked = seller.getByTestId('courier-booked');
    await booked.waitFor();
    const awb = (await seller.getByTestId('booked-awb').textContent())!.trim();
    expect(awb).toMatch(/^DL\d{11}$/);
    expect(await booked.textContent()).toContain(`Booked with Delhivery at ${price}`);
    await shot(seller, 'courier-booked');

    // What the order recorded.
    const b = (await (await seller.request.get(`${run.server.url}/api/orders/${order.id}/courier-booking`)).json()).data;
    expect(b).toMatchObject({ courierName: 'Delhivery', awb, status: 'booked' });
    expect(`₹${(b.ratePaise / 100).toFixed(2)}`).toBe(price);
    await booked.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => seller.getByTestId('order-info-status').textContent()).toMatch(/ready to ship/i);
  }, 180_000);
});
