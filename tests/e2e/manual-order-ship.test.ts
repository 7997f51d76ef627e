// Issue 12: a seller creates a B2C manual order (Ship from pre-filled, then
// chosen), ships it, downloads its label and invoice, and a warehouse user
// packs it at the 360 px packing station of that warehouse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readPdf } from '../../edge-api/documents/pdf-test-utils';
import { launch, signInUI } from './browser';
import { pageApi, scanAllUnits, type PackingOrderAnswer } from './floor-helpers';
import { startServer } from './server';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
const RUN = Date.now().toString(36).toUpperCase();
const ORDER_ID = `B2C-E2E-${RUN}`;
let orderId = '';
let awb = '';

beforeAll(async () => {
  server = await startServer({ orders: 60 });
  browser = await launch();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tb = (root: Page | ReturnType<Page['locator']>, name: string) => root.getByRole('textbox', { name, exact: true });

describe('a B2C manual order goes somewhere', () => {
  it('is created with a ship-from warehouse, shipped, and its label and invoice download', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await signInUI(page, server.url, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.waitForURL(/\/orders/);
    await page.goto(`${server.url}/orders/new`);
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
    await page.screenshot({ path: '/tmp/i12-manual-order.png', fullPage: true });

    const created = page.waitForResponse((r) => r.url().endsWith('/api/orders/manual') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create Order' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    orderId = (await res.json()).data.id;
    await page.waitForURL(/\/orders$/);

    const api = await pageApi(page, server.url);
    const headers = { 'x-xsrf-token': api.session.xsrfToken as string };
    const shipped = await page.request.patch(`${server.url}/api/orders/${orderId}/ready-to-ship`, { headers });
    expect(shipped.status()).toBe(200);
    const order = (await shipped.json()).data;
    awb = order.awb ?? order.trackingNumber ?? order.tracking_number;
    expect(awb).toBeTruthy();

    const label = await page.request.post(`${server.url}/api/download/label`, { headers, data: { orderId: [orderId] } });
    expect(label.status()).toBe(200);
    const [labelPage] = await readPdf(Buffer.from(await label.body()));
    expect(labelPage.text).toContain(awb);
    expect(labelPage.text).toContain(ORDER_ID);

    const invoice = await page.request.post(`${server.url}/api/download/invoice`, { headers, data: { orderId: [orderId] } });
    expect(invoice.status()).toBe(200);
    const [invoicePage] = await readPdf(Buffer.from(await invoice.body()));
    expect(invoicePage.text).toMatch(/Invoice No\.: \S+/);
    expect(invoicePage.text).toContain(`Order ID: ${ORDER_ID}`);
    expect(invoicePage.text).toMatch(/Invoice Total ₹[\d,]+\.\d\d/);
    await context.close();
  });

  it('is packed by the Bhiwandi warehouse user at the 360 px station', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signInUI(page, server.url, 'warehouse@shipdesk.in', 'Warehouse@1234', 'Warehouse');
    await page.waitForURL(/\/fulfillment/);
    const api = await pageApi(page, server.url);
    const found = await api.post<{ data: PackingOrderAnswer }>(`/api/order/packaging-metadata/find/${awb}`, { selectedCompanyIds: api.session.selectedCompanyIds ?? [] });
    expect(found.status).toBe(200);
    await page.getByTestId('awb-input').fill(awb);
    await page.getByTestId('awb-input').press('Enter');
    await page.getByTestId('items-to-scan').waitFor({ timeout: 30_000 });
    await scanAllUnits(page, found.body.data);
    await expect.poll(() => page.getByTestId('pack-status').textContent(), { timeout: 30_000 }).toBe('Packed');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: '/tmp/i12-station.png' });
    await context.close();
  });
});
