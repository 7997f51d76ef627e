// A seller creates a B2C manual order (Ship from pre-filled, then
// chosen), ships it, downloads its label and invoice, and a warehouse user
// packs it at the 360 px packing station of that warehouse.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readPdf } from '../../edge-api/documents/pdf-test-utils';
import { downloaded, signInUI, shot } from './browser';
import { createManualOrder } from './seller-helpers';
import { pageApi, scanAllUnits, type PackingOrderAnswer } from './floor-helpers';
import { fileServerAndBrowser } from './setup';

const run = fileServerAndBrowser({ orders: 60 });
const RUN = Date.now().toString(36).toUpperCase();
const ORDER_ID = `B2C-E2E-${RUN}`;
let orderId = '';
let awb = '';


const tb = (root: Page | ReturnType<Page['locator']>, name: string) => root.getByRole('textbox', { name, exact: true });

describe('a B2C manual order goes somewhere', () => {
  it('is created with a ship-from warehouse, shipped, and its label and invoice download', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await signInUI(page, run.server.url, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.waitForURL(/\/orders/);
    await page.goto(`${run.server.url}/orders/new`);
    // Order type 0 is labelled B2C and is the default.
    await expect.poll(() => page.getByRole('radiogroup', { name: 'Order Type' }).getByRole('radio', { name: 'B2C' }).isChecked()).toBe(true);
    await tb(page, 'Order ID').fill(ORDER_ID);
    const shipping = page.getByRole('group', { name: 'Shipping Address' });
    await tb(shipping, 'First Name').fill('Rahul');
    await tb(shipping, 'Last Name').fill('Deshmukh');
    // Pasted with the country code and spaces: kept as its 10 digits.
    await tb(shipping, 'Phone').fill('+91 99220 01122');
    await tb(shipping, 'Phone').blur();
    await expect.poll(() => tb(shipping, 'Phone').inputValue()).toBe('9922001122');
    await tb(shipping, 'Address Line 1').fill('B-12, Shivaji Park');
    await tb(shipping, 'Address Line 2').fill('Dadar West');
    await tb(shipping, 'Pincode').fill('400028');
    await expect.poll(() => shipping.getByRole('combobox', { name: 'State', exact: true }).inputValue()).toBe('Maharashtra');
    const line = page.getByTestId('order-line-0');
    const product = line.getByRole('combobox', { name: 'Product', exact: true });
    await product.click();
    await product.fill('CP-0001');
    await page.getByRole('option', { name: /CP-0001/ }).first().click();
    await line.getByRole('textbox', { name: 'Quantity', exact: true }).fill('1');

    // "Ship from" is pre-filled by the allocation rule, and the seller may change it.
    const shipFrom = page.getByRole('combobox', { name: 'Ship from', exact: true });
    await expect.poll(() => shipFrom.inputValue(), { timeout: 15_000 }).not.toBe('');
    await shipFrom.click();
    await page.getByRole('option', { name: /Bhiwandi/ }).click();
    await expect.poll(() => shipFrom.inputValue()).toContain('Bhiwandi');
    await shot(page, 'manual-order', { fullPage: true });

    orderId = await createManualOrder(page);

    // The seller finds the order by its Order ID and opens it in the slider.
    const searchBox = page.getByRole('textbox', { name: 'Search orders', exact: true });
    await searchBox.fill(ORDER_ID);
    await searchBox.press('Enter');
    const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(1);
    await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('placed');
    await row.getByTestId('order-link').filter({ hasText: ORDER_ID }).click();
    const slider = page.getByRole('dialog', { name: `Order ${ORDER_ID}` });
    await slider.getByTestId('order-info').waitFor({ timeout: 30_000 });
    await expect.poll(() => slider.getByTestId('order-info-status').textContent()).toBe('placed');

    // READY TO SHIP: every courier with its price and delivery date, the default picked; the seller picks another one and confirms.
    await slider.getByTestId('order-actions').getByRole('button', { name: 'READY TO SHIP', exact: true }).click();
    const rts = page.getByRole('dialog', { name: 'READY TO SHIP' });
    const couriers = rts.getByRole('radiogroup');
    await couriers.waitFor({ timeout: 30_000 });
    const quotes = rts.locator('[data-testid^="quote-"]');
    const quoteRows = await quotes.count();
    expect(quoteRows).toBeGreaterThan(1);
    const serviceable: { checked: boolean; isDefault: boolean }[] = [];
    for (let i = 0; i < quoteRows; i++) {
      const radio = quotes.nth(i).getByRole('radio');
      if (await radio.isDisabled()) continue;
      const cells = quotes.nth(i).getByRole('cell');
      // Price and estimated delivery date of a courier that can take it.
      await expect.poll(() => cells.nth(1).textContent()).toMatch(/^₹\d+\.\d\d$/);
      await expect.poll(() => cells.nth(2).textContent()).toMatch(/^\d{4}-\d\d-\d\d/);
      serviceable.push({ checked: await radio.isChecked(), isDefault: (await cells.nth(0).textContent())?.includes('Default') ?? false });
    }
    expect(serviceable.length).toBeGreaterThan(1);
    // Exactly one courier is picked to begin with: the default one.
    expect(serviceable.filter((q) => q.checked)).toEqual([{ checked: true, isDefault: true }]);
    // Pinned by its test id: a filter on "not checked" would stop matching it once it is picked.
    const otherId = await quotes.filter({ has: page.getByRole('radio', { checked: false, disabled: false }) }).first().getAttribute('data-testid');
    const other = rts.getByTestId(otherId ?? '');
    const otherName = (await other.locator('label').first().textContent())?.trim() ?? '';
    expect(otherName).not.toBe('');
    await other.getByRole('radio').check();
    await expect.poll(() => other.getByRole('radio').isChecked()).toBe(true);
    await shot(page, 'ready-to-ship');
    await rts.getByRole('button', { name: 'Confirm and ship' }).click();
    const booked = rts.getByTestId('courier-booked');
    await booked.waitFor({ timeout: 30_000 });
    expect(await booked.textContent()).toContain(`Booked with ${otherName}`);
    awb = ((await rts.getByTestId('booked-awb').textContent()) ?? '').trim();
    expect(awb).toMatch(/^\S{6,}$/);
    await rts.getByRole('button', { name: 'Close', exact: true }).click();
    await rts.waitFor({ state: 'hidden' });

    // The slider now shows the order ready to ship with that courier, AWB and an invoice of the Bhiwandi warehouse's series.
    await expect.poll(() => slider.getByTestId('order-info-status').textContent(), { timeout: 15_000 }).toBe('ready to ship');
    const field = (label: string) => slider.getByText(label, { exact: true }).first().locator('xpath=following-sibling::*[1]');
    await expect.poll(() => field('AWB').textContent(), { timeout: 15_000 }).toBe(awb);
    await expect.poll(() => field('Courier').textContent()).toBe(otherName);
    await expect.poll(() => field('Invoice').textContent(), { timeout: 15_000 }).toMatch(/^BHW1-B2C-\S+$/);
    const invoiceNumber = (await field('Invoice').textContent()) ?? '';
    await slider.getByRole('button', { name: 'Close order' }).click();
    await slider.waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(awb);

    // Label and invoice through the Documents menu of the selection.
    await row.getByRole('checkbox', { name: `Select order ${ORDER_ID}` }).check();
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe('1 selected');
    const downloadVia = async (item: 'Download Labels' | 'Download Invoices') => {
      await page.getByTestId('download-menu').click();
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('menuitem', { name: item }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const bytes = await downloaded(download);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      return readPdf(bytes);
    };

    const [labelPage] = await downloadVia('Download Labels');
    expect(labelPage.text).toContain(awb);
    expect(labelPage.text).toContain(ORDER_ID);

    const [invoicePage] = await downloadVia('Download Invoices');
    expect(invoicePage.text).toContain(`Invoice No.: ${invoiceNumber}`);
    expect(invoicePage.text).toContain(`Order ID: ${ORDER_ID}`);
    expect(invoicePage.text).toMatch(/Invoice Total ₹[\d,]+\.\d\d/);
    await context.close();
  });

  it('is packed by the Bhiwandi warehouse user at the 360 px station', async () => {
    const context = await run.browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signInUI(page, run.server.url, 'warehouse@shipdesk.in', 'Warehouse@1234', 'Warehouse');
    await page.waitForURL(/\/fulfillment/);
    const api = await pageApi(page, run.server.url);
    const found = await api.post<{ data: PackingOrderAnswer }>(`/api/order/packaging-metadata/find/${awb}`, { selectedCompanyIds: api.session.selectedCompanyIds ?? [] });
    expect(found.status).toBe(200);
    await page.getByTestId('awb-input').fill(awb);
    await page.getByTestId('awb-input').press('Enter');
    await page.getByTestId('items-to-scan').waitFor({ timeout: 30_000 });
    await scanAllUnits(page, found.body.data);
    await expect.poll(() => page.getByTestId('pack-status').textContent(), { timeout: 30_000 }).toBe('Packed');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await shot(page, 'station');
    await context.close();
  });
});
