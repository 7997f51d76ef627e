import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, signInUI } from './browser';
import { createManualOrder } from './seller-helpers';

// A distributor (D2R) seller adds a catalogue item with an image, creates a D2R
// order with a new store address and a margin, clones it, and finds both.
const baseURL = inject('baseURL');
const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const RUN = Date.now().toString(36).toUpperCase();
const SKU = `DN-E2E-${RUN}`;
const ORDER_ID = `DN-E2E-${RUN}-1`;
const CLONE_ID = `DN-E2E-${RUN}-2`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  context = await browser.newContext();
  page = await context.newPage();
  await signInUI(page, baseURL, 'd2r@shipdesk.in', 'Distributor@1234', 'Seller');
  await page.waitForURL(/\/orders/);
});
afterAll(async () => browser?.close());

const tb = (name: string, root: Page | ReturnType<Page['locator']> = page) => root.getByRole('textbox', { name, exact: true });

async function choose(label: string, option: string | RegExp, root: Page | ReturnType<Page['locator']> = page, typed?: string) {
  const input = root.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

describe('catalogue and manual orders', () => {
  it('adds a catalogue item with an image, after the form refused it empty', async () => {
    await page.goto(`${baseURL}/catalogs`);
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.waitForURL(/#add$/);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Item Name is required!').waitFor();
    await page.getByText('Image is required!').waitFor();

    await tb('Item Name').fill('Kesar Badam Milk Masala 100g');
    await tb('Product ID').fill(`DNP-${RUN}`);
    await tb('SKU ID').fill('DN E2E');
    await tb('Category').fill('Grocery');
    await tb('Price').fill('250');
    await tb('Length').fill('10');
    await tb('Breadth').fill('6');
    await tb('Height').fill('4');
    await tb('Weight').fill('0');
    await tb('SGST').fill('6');
    await tb('CGST').fill('6');
    await tb('IGST').fill('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('SKU ID must not contain space').waitFor();
    await page.getByText('Weight must be a non-zero number').waitFor();
    await tb('SKU ID').fill(SKU);
    await tb('Weight').fill('110');
    await page.locator('input[type=file]').setInputFiles({ name: 'masala.png', mimeType: 'image/png', buffer: PNG_1x1 });
    await page.getByTestId('catalogue-image-preview').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Catalog added successfully!').waitFor();
    // the slider opens on the saved item
    await page.getByTestId('catalogue-details').getByText(SKU).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('catalogue-details').waitFor({ state: 'detached' });

    await page.getByRole('textbox', { name: 'Search catalogue' }).fill(SKU);
    await page.getByRole('button', { name: 'Open Kesar Badam Milk Masala 100g' }).waitFor();
    await page.getByRole('button', { name: 'Open Kesar Badam Milk Masala 100g' }).click();
    const details = page.getByTestId('catalogue-details');
    await details.getByText('₹250.00').waitFor();
    await details.getByText(/UTGST 6%/).waitFor();
    const img = details.getByRole('img', { name: 'Kesar Badam Milk Masala 100g' });
    await expect(img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).resolves.toBe(true);
  });

  it('edits the item from its slider, SKU ID locked', async () => {
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/#update$/);
    await expect(tb('SKU ID').isDisabled()).resolves.toBe(true);
    await tb('Price').fill('240.50');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Catalog Updated successfully!').waitFor();
    await page.getByTestId('catalogue-details').getByText('₹240.50').waitFor();
  });

  let orderId = '';
  it('creates a D2R order with a new store address and a margin price', async () => {
    await page.goto(`${baseURL}/orders/new`);
    // D2R accounts default to D2R
    await expect(page.getByRole('radio', { name: 'D2R' }).isChecked()).resolves.toBe(true);
    // The order id starts as a free id of today (M + YYMMDD + number), which the seller may change.
    await expect.poll(() => tb('Order ID').inputValue()).toMatch(/^M\d{6}-\d{3}$/);
    await page.getByRole('button', { name: 'Create Order' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    // "Ship from" is never empty: the allocation rule fills it, so no warehouse error.
    await expect.poll(() => page.getByRole('combobox', { name: 'Ship from', exact: true }).inputValue()).not.toBe('');
    await expect(page.getByText('Please select warehouse').count()).resolves.toBe(0);

    await tb('Order ID').fill(ORDER_ID);
    await choose('Ship from', /Hoskote Fulfilment Centre/);
    await page.getByText('New store', { exact: true }).click();
    const details = page.getByRole('group', { name: 'D2R details' });
    await tb('Store Name', details).fill('Sri Venkateshwara Stores');
    await tb('Phone', details).fill('9845098450');
    await tb('Address Line 1', details).fill('Shop 7, 80 Feet Road');
    await tb('Address Line 2', details).fill('Koramangala 4th Block');
    await tb('Pincode', details).fill('560034');
    // the pincode fills state and city
    await expect.poll(() => tb('City', details).inputValue()).not.toBe('');
    await expect.poll(() => details.getByRole('combobox', { name: 'State', exact: true }).inputValue()).toBe('Karnataka');
    await details.getByRole('button', { name: 'Use as shipping address' }).click();
    const shipping = page.getByRole('group', { name: 'Shipping Address' });
    await expect(tb('First Name', shipping).inputValue()).resolves.toBe('Sri Venkateshwara Stores');

    await choose('Pricing Type', 'Margin');
    await tb('Common Margin (%)').fill('10');
    const line = page.getByTestId('order-line-0');
    await choose('Product', new RegExp(SKU), line, SKU);
    await line.getByRole('textbox', { name: 'Quantity', exact: true }).fill('4');
    // ₹240.50 less 10% = ₹216.45 a unit; Karnataka warehouse to a Karnataka store: CGST + SGST
    await page.getByTestId('line-tax-0').getByText(/₹216\.45 × 4 = ₹865\.80/).waitFor();
    await expect(page.getByTestId('total-final').textContent()).resolves.toBe('₹865.80');
    await expect(page.getByTestId('total-cgst').textContent()).resolves.toBe('₹46.38');
    await expect(page.getByTestId('total-sgst').textContent()).resolves.toBe('₹46.38');

    orderId = await createManualOrder(page);
    await page.getByText('Order created successfully!').waitFor();
  });

  it('clones the order with a new id', async () => {
    await page.goto(`${baseURL}/orders/new?cloneFrom=${orderId}&mode=clone`);
    await page.getByText(`Cloning order ${ORDER_ID}`).waitFor();
    await expect.poll(() => page.getByTestId('total-final').textContent()).toBe('₹865.80');
    await tb('Order ID').fill(CLONE_ID);
    const created = page.waitForResponse((r) => r.url().endsWith('/api/orders/manual') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create Order' }).click();
    expect((await created).status()).toBe(201);
    await page.waitForURL(/\/orders(\?.*)?$/);
    await page.getByText('Order created successfully!').waitFor();
  });

  it('finds both orders, PLACED, with the totals the server computed', async () => {
    // The /orders list screen belongs to the orders workspace; the orders are checked through its list API.
    const r = await page.request.get(`${baseURL}/api/orders?q=DN-E2E-${RUN}&pageSize=10`);
    expect(r.status()).toBe(200);
    const body = await r.json();
    const rows = (body.order ?? body.orders ?? body.data) as { shopOrderId: string; status: string; totalPaise: number; orderType: number }[];
    const mine = rows.filter((o) => o.shopOrderId.startsWith(`DN-E2E-${RUN}`)).map((o) => [o.shopOrderId, o.status, o.totalPaise]);
    expect(mine.sort()).toEqual([[ORDER_ID, 'PLACED', 86580], [CLONE_ID, 'PLACED', 86580]]);
    const one = await (await page.request.get(`${baseURL}/api/orders/${orderId}`)).json();
    expect(one.data).toMatchObject({ shopOrderId: ORDER_ID, status: 'PLACED', isD2ROrder: true });
  });

  it('asks to convert an order of more than 10 units to B2B', async () => {
    await page.goto(`${baseURL}/orders/new`);
    await page.getByRole('radiogroup', { name: 'Order Type' }).getByText('B2C', { exact: true }).click();
    await tb('Order ID').fill(`DN-E2E-${RUN}-3`);
    const shipping = page.getByRole('group', { name: 'Shipping Address' });
    await tb('First Name', shipping).fill('Rahul');
    await tb('Last Name', shipping).fill('Deshmukh');
    await tb('Phone', shipping).fill('9922001122');
    await tb('Address Line 1', shipping).fill('B-12, Shivaji Park');
    await tb('Address Line 2', shipping).fill('Dadar West');
    await tb('Pincode', shipping).fill('400028');
    await expect.poll(() => shipping.getByRole('combobox', { name: 'State', exact: true }).inputValue()).toBe('Maharashtra');
    const line = page.getByTestId('order-line-0');
    await choose('Product', /DN-0001/, line, 'DN-0001');
    await line.getByRole('textbox', { name: 'Quantity', exact: true }).fill('11');
    // GST follows the ship-from warehouse: the allocation picks Bhiwandi
    // (Maharashtra), nearest to this Mumbai buyer, so CGST + SGST, not IGST.
    await expect.poll(() => page.getByRole('combobox', { name: 'Ship from', exact: true }).inputValue()).toMatch(/Bhiwandi/);
    await page.getByTestId('total-cgst').waitFor();
    await expect(page.getByTestId('total-igst').count()).resolves.toBe(0);
    const created = page.waitForResponse((r) => r.url().endsWith('/api/orders/manual') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create Order' }).click();
    await page.getByText('Convert to B2B order?').waitFor();
    await page.getByRole('button', { name: 'Convert to B2B' }).click();
    // A B2B order needs the buyer's business name and GSTIN: the form asks for them.
    await page.getByText("A B2B order needs the buyer's business name: it is printed on the tax invoice").waitFor();
    await tb('Business Name', shipping).fill('Deshmukh Traders');
    await tb('GSTIN', shipping).fill('27AAPFU0939F1ZV'); // a Maharashtra GSTIN with a valid checksum
    await page.getByRole('button', { name: 'Create Order' }).click();
    const res = await created;
    expect(res.status(), await res.text()).toBe(201);
    await page.waitForURL(/\/orders(\?.*)?$/);
    const one = await (await page.request.get(`${baseURL}/api/orders/${(await res.json()).data.id}`)).json();
    expect(one.data).toMatchObject({ orderType: 1, isb2bOrder: true, totalPaise: 11 * 34900 });
  });

  it('maps the new store to a primary retailer, showing the orders it affects', async () => {
    await page.goto(`${baseURL}/retailers`);
    await page.getByRole('textbox', { name: 'Search' }).fill('9845098450');
    await page.getByText('Searching by phone number').waitFor();
    await page.getByRole('button', { name: 'Sri Venkateshwara Stores' }).click();
    await page.getByRole('button', { name: 'Retailer Mapping' }).click();
    const modal = page.getByRole('dialog', { name: 'Retailer Mapping' });
    // the order and its clone were placed for this store
    await modal.getByText('This mapping affects 2 orders of this retailer.').waitFor();
    await choose('Primary Retailer', /Kirana/, modal, 'Kirana');
    await modal.getByRole('button', { name: 'Create Mapping' }).click();
    // One look for the notice's title and text together: it closes by itself after 4 s, which a busy
    // machine can spend between two looks.
    await page.getByRole('alert').filter({ hasText: 'Retailer Mapping Created' }).filter({ hasText: /Sri Venkateshwara Stores is now mapped to .*Kirana/ }).waitFor();
  });
});
