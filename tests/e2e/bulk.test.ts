import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { BULK_DEFS } from '../../domain/bulk/types';
import { signInUI, shot } from './browser';
import { VALID_BULK_ORDER_ROW } from './seller-helpers';
import { fileServerAndBrowser } from './setup';

// A seller uploads an orders .xlsx with two bad rows through the orders page's
// 'Bulk Order Upload' modal, fixes them in the grid, submits and finds the
// orders; an admin uploads a COD remittance .csv that marks orders PAID.
const RUN = Date.now().toString(36).toUpperCase();
const run = fileServerAndBrowser({ orders: 300 });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bulk-'));

afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function newPage(email: string, password: string, app: 'Seller' | 'Admin'): Promise<Page> {
  const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
  // This device has seen "Installed on this device" (shell.test.ts tests it): the notice shows top right, over
  // the preview's Submit, whenever the service worker finishes installing, and a press can land on it.
  await context.addInitScript(() => localStorage.setItem('sd.installedNoticeSeen', '1'));
  const page = await context.newPage();
  await signInUI(page, run.server.url, email, password, app);
  await page.waitForURL(/\/orders/);
  return page;
}

/** Closes the toasts a user would close (e.g. 'Installed on this device') so they do not cover the page's buttons. */
async function closeToasts(page: Page) {
  for (const b of await page.locator('.mantine-Notification-root button').all()) await b.click().catch(() => undefined);
}

const cell = (page: Page, col: string, row: number) => page.getByRole('textbox', { name: `${col} row ${row}`, exact: true });

describe('bulk uploads in the browser', () => {
  it('without file state the preview sends the user to /', async () => {
    const page = await newPage('seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.goto(`${run.server.url}/bulk/orders`);
    await page.waitForURL((u) => !u.pathname.startsWith('/bulk'));
    expect(new URL(page.url()).pathname).not.toMatch(/^\/bulk/);
    await page.context().close();
  });

  it('orders .xlsx: two bad rows are marked, fixed in the grid, submitted, and the orders are in /orders', async () => {
    const cols = BULK_DEFS.orders.columns.map((c) => c.key);
    const base = VALID_BULK_ORDER_ROW;
    const data: Record<string, string | number>[] = [
      { ...base, id: `E2E-${RUN}-1` },
      { ...base, id: `E2E-${RUN}-2`, sku: 'CP-0002', paymentMethod: 'cod' },
      { ...base, id: `E2E-${RUN}-3`, pincode: '4000' },
      { ...base, id: `E2E-${RUN}-4`, city: 'Mu' },
    ];
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Orders');
    ws.addRow(cols);
    for (const d of data) ws.addRow(cols.map((k) => d[k] ?? ''));
    const file = path.join(tmp, 'orders.xlsx');
    await wb.xlsx.writeFile(file);

    const page = await newPage('seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.getByRole('button', { name: 'Bulk Order Upload' }).click();
    const modal = page.getByRole('dialog', { name: 'Bulk Order Upload' });
    await modal.getByText('sample excel template').waitFor();
    await modal.getByText('a maximum of 100 rows are allowed at a time', { exact: false }).waitFor();
    await shot(page, 'bulk-orders-modal');
    await modal.locator('input[type=file]').setInputFiles(file);
    await page.waitForURL(/\/bulk\/orders$/);

    await page.getByText('Please fix errors to proceed.').waitFor();
    await expect.poll(() => cell(page, 'pincode', 3).getAttribute('aria-invalid')).toBe('true');
    expect(await cell(page, 'city', 4).getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('bulk-error-list').getByText('Row 3 · pincode: Pincode must be exactly 6 digits').waitFor();
    await page.getByTestId('bulk-error-list').getByText('Row 4 · city: city must be at least 3 characters').waitFor();
    await closeToasts(page);
    await shot(page, 'bulk-orders-preview');

    await cell(page, 'pincode', 3).fill('400002');
    expect(await cell(page, 'pincode', 3).getAttribute('aria-invalid')).toBeNull();
    await page.getByText('Please fix errors to proceed.').waitFor();
    // The error list above Submit has dropped the fixed row (and kept the other) before Submit is pressed.
    await expect.poll(() => page.getByTestId('bulk-error-list').getByText('Row 3 · pincode', { exact: false }).count()).toBe(0);
    await page.getByTestId('bulk-error-list').getByText('Row 4 · city: city must be at least 3 characters').waitFor();
    await page.getByTestId('bulk-submit').click();
    await page.getByText('Please clear all errors').waitFor();

    // Leaving with edits asks first; staying keeps the edits.
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => { resolve(d.message()); void d.dismiss(); }));
    await page.getByRole('link', { name: 'Inventory' }).click();
    expect(await asked).toBe('Are you sure you want to leave? All your changes will be lost.');
    expect(new URL(page.url()).pathname).toBe('/bulk/orders');
    expect(await cell(page, 'pincode', 3).inputValue()).toBe('400002');

    await cell(page, 'city', 4).fill('Mumbai');
    await page.getByText('Please fix errors to proceed.').waitFor({ state: 'detached' });
    const clicked = Date.now();
    await page.getByTestId('bulk-submit').click();
    const result = page.getByTestId('bulk-result');
    await result.getByText('4 rows uploaded successfully, 0 rows with errors.').waitFor({ timeout: 30_000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(2000);
    await shot(page, 'bulk-orders-result');

    await page.goto(`${run.server.url}/orders?q=E2E-${RUN}`);
    for (const n of [1, 2, 3, 4]) await page.getByText(`E2E-${RUN}-${n}`, { exact: true }).first().waitFor();
    await page.context().close();
  }, 120_000);

  it('leaving the preview asks while rows are not uploaded: an unsent file, and the rows a partial result sent back', async () => {
    const cols = BULK_DEFS.orders.columns.map((c) => c.key);
    const base: Record<string, string> = {
      length: '20', breadth: '15', height: '10', weight: '500', paymentMethod: 'cod', itemName: 'Chai', itemQuantity: '1', discount: '0', sku: 'CP-0001',
      name: 'Ravi Kumar', phone: '9876543211', line1: '45 Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016', isb2bOrder: 'no', isD2ROrder: 'no',
    };
    const rows: Record<string, string>[] = [{ ...base, id: `LEAVE-${RUN}-1` }, { ...base, id: `LEAVE-${RUN}-2`, sku: 'NO-SUCH-SKU' }];
    const file = path.join(tmp, 'leave.csv');
    fs.writeFileSync(file, `${cols.join(',')}\r\n${rows.map((r) => cols.map((k) => r[k] ?? '').join(',')).join('\r\n')}\r\n`);
    const leaveAsks = async () => {
      // The click returns only once the question is answered, so answer it from a listener.
      const asked = new Promise<string>((resolve, reject) => {
        const none = setTimeout(() => reject(new Error('leaving did not ask')), 10_000);
        page.once('dialog', (d) => { clearTimeout(none); resolve(d.message()); void d.dismiss(); });
      });
      await page.getByRole('link', { name: 'Inventory' }).click();
      expect(await asked).toBe('Are you sure you want to leave? All your changes will be lost.');
      expect(new URL(page.url()).pathname).toBe('/bulk/orders');
    };

    const page = await newPage('seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.goto(`${run.server.url}/bulk`);
    await page.getByTestId('bulk-type-orders').locator('input[type=file]').setInputFiles(file);
    await page.waitForURL(/\/bulk\/orders$/);
    await expect.poll(() => cell(page, 'id', 2).inputValue()).toBe(`LEAVE-${RUN}-2`);
    await closeToasts(page);
    // Nothing edited, nothing sent yet: the file's rows would be lost.
    await leaveAsks();

    await page.getByTestId('bulk-submit').click();
    const result = page.getByTestId('bulk-result');
    await result.getByText('1 rows uploaded successfully, 1 rows with errors.').waitFor({ timeout: 30_000 });
    await page.getByTestId('bulk-error-list').getByText(/^Row 2 · sku: /).waitFor();
    // The row the server refused is still to fix: leaving asks.
    await leaveAsks();
    expect(await cell(page, 'sku', 2).inputValue()).toBe('NO-SUCH-SKU');

    // Once every row is uploaded, the user leaves without a question.
    await cell(page, 'sku', 2).fill('CP-0002');
    await page.getByTestId('bulk-submit').click();
    await result.getByText('1 rows uploaded successfully, 0 rows with errors.').waitFor({ timeout: 30_000 });
    let askedAgain = false;
    page.once('dialog', (d) => { askedAgain = true; void d.dismiss(); });
    await page.getByRole('link', { name: 'Inventory' }).click();
    await page.waitForURL(/\/inventory$/);
    expect(askedAgain).toBe(false);
    await page.context().close();
  }, 120_000);

  it('COD remittance .csv marks delivered COD orders PAID', async () => {
    const db = new Database(path.join(run.server.dir, 'app.db'), { readonly: true });
    const orders = db.prepare(`SELECT id, tracking_number AS awb, total_paise FROM orders WHERE status = 'DELIVERED' AND payment_mode = 'cod'
      AND tracking_number IS NOT NULL AND (remittance_status IS NULL OR remittance_status != 'PAID') LIMIT 2`).all() as { id: string; awb: string; total_paise: number }[];
    db.close();
    expect(orders).toHaveLength(2);
    const csv = `\uFEFFawb,codAmount,remittanceStatus\r\n${orders.map((o) => `${o.awb},${(o.total_paise / 100).toFixed(2)},PAID`).join('\r\n')}\r\n`;
    const file = path.join(tmp, 'cod.csv');
    fs.writeFileSync(file, csv);

    const page = await newPage('admin@shipdesk.in', 'Admin@1234', 'Admin');
    await page.goto(`${run.server.url}/bulk`);
    const card = page.getByTestId('bulk-type-cod-remittance');
    await card.getByText('Sample template (.xlsx)').waitFor();
    await closeToasts(page);
    await shot(page, 'bulk-page-admin');
    await card.locator('input[type=file]').setInputFiles(file);
    await page.waitForURL(/\/bulk\/cod-remittance$/);
    await expect.poll(() => cell(page, 'awb', 1).inputValue()).toBe(orders[0].awb);
    await closeToasts(page);
    await page.getByTestId('bulk-submit').click();
    await page.getByTestId('bulk-result').getByText('2 rows uploaded successfully, 0 rows with errors.').waitFor({ timeout: 30_000 });

    await page.goto(`${run.server.url}/orders?order=${orders[0].id}`);
    await expect.poll(() => page.getByTestId('cod-remittance').first().textContent(), { timeout: 20_000 }).toBe('PAID');
    const after = new Database(path.join(run.server.dir, 'app.db'), { readonly: true });
    const statuses = after.prepare(`SELECT remittance_status FROM orders WHERE id IN (?, ?)`).all(orders[0].id, orders[1].id) as { remittance_status: string }[];
    after.close();
    expect(statuses.map((s) => s.remittance_status)).toEqual(['PAID', 'PAID']);
    await page.context().close();
  }, 120_000);
});
