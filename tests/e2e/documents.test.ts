import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPED_STATUSES } from '../../db/billing/backfill';
import { sampleImage } from '../../edge-api/documents/fixtures';
import { downloaded, signInUI } from './browser';
import { fileServerAndBrowser } from './setup';

const run = fileServerAndBrowser({ orders: 200 });
let files: string;

beforeAll(async () => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-e2e-docs-'));
  fs.writeFileSync(path.join(files, 'logo.png'), await sampleImage('Chai Point'));
  fs.writeFileSync(path.join(files, 'signature.png'), await sampleImage('Ritika Sharma'));
});
afterAll(async () => {
  fs.rmSync(files, { recursive: true, force: true });
});

describe('documents in the browser', () => {
  it('saves the invoicing settings with a logo and signature, then downloads a label and records a payment', async () => {
    const context = await run.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const tb = (name: string) => page.getByRole('textbox', { name, exact: true });
    await signInUI(page, run.server.url, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.waitForURL(/\/orders/);

    // A first run of the demo has an invoice for every order it seeded past ready to ship.
    const xsrf = (await (await page.request.get(`${run.server.url}/api/auth/session`)).json()).xsrfToken;
    const shippedCsv = await page.request.post(`${run.server.url}/api/download/csv/orders`, {
      headers: { 'x-xsrf-token': xsrf },
      data: { filter: { status: [...SHIPPED_STATUSES] } },
    });
    const shippedRows = Papa.parse<Record<string, string>>((await shippedCsv.text()).trim(), { header: true }).data;
    expect(shippedRows.length).toBeGreaterThan(20);
    expect(shippedRows.filter((r) => !r['Invoice Number'])).toEqual([]);
    const listed = await (await page.request.get(`${run.server.url}/api/invoices?pageSize=1`)).json();
    expect(listed.currentCount).toBe(shippedRows.length);

    // Settings > Invoicing: the spec's messages first.
    await page.goto(`${run.server.url}/settings/invoicing`);
    await tb('Registered Company Name').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please input your Brand Name.').waitFor();
    await expect(page.getByText('Please upload logo').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Please upload signature').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Please input SGST').isVisible()).resolves.toBe(true);

    await tb('Brand Name').fill('Chai Point');
    await tb('SGST (%)').fill('9');
    await tb('CGST (%)').fill('9');
    await tb('IGST (%)').fill('18');
    await tb('B2C series for BHW1').fill('CP B/');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Invoice Series must not have white space!').waitFor();
    await tb('B2C series for BHW1').fill('CPB/');
    await tb('B2B series for BHW1').fill('CPB/');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Invoice Series must be unique!').count()).resolves.toBe(2);
    await tb('B2B series for BHW1').fill('CPBB/');

    await page.getByTestId('logo-input').setInputFiles(path.join(files, 'logo.png'));
    await page.getByTestId('logo-preview').waitFor();
    await page.getByTestId('signature-input').setInputFiles(path.join(files, 'signature.png'));
    await page.getByTestId('signature-preview').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Invoicing details saved').waitFor();

    const saved = await (await page.request.get(`${run.server.url}/api/ums/invoices`)).json();
    expect(saved.userProfileDataObject).toMatchObject({ brandName: 'Chai Point', sgstPercentage: 9, utgstPercentage: 9 });
    expect(saved.userProfileDataObject.logo).toMatch(/^logo-/);
    expect(saved.userProfileDataObject.signature).toMatch(/^signature-/);
    // After a reload the form shows what was saved, images included.
    await page.reload();
    await page.getByTestId('logo-preview').waitFor();
    await expect(tb('Brand Name').inputValue()).resolves.toBe('Chai Point');

    // The demo's shipped orders were invoiced at first run in the default series; the next
    // B2C order shipped from BHW1 gets the next number of that series under the new prefix CPB/.
    const session = await (await page.request.get(`${run.server.url}/api/auth/session`)).json();
    const csv = await page.request.post(`${run.server.url}/api/download/csv/orders`, {
      headers: { 'x-xsrf-token': session.xsrfToken },
      data: { filter: { status: ['PLACED'] } },
    });
    expect(csv.status()).toBe(200);
    const rows = Papa.parse<Record<string, string>>((await csv.text()).trim(), { header: true }).data;
    // The CSV writes order type 0 (B2C) as the spec's "None".
    const placed = rows.find((r) => r.Warehouse === 'BHW1' && r['Order Type'] === 'None');
    expect(placed, 'a PLACED order shipped from BHW1').toBeDefined();
    const orderId = placed!['Internal ID'];
    const shipped = await page.request.patch(`${run.server.url}/api/orders/${orderId}/ready-to-ship`, { headers: { 'x-xsrf-token': session.xsrfToken } });
    expect(shipped.status(), await shipped.text()).toBe(200);
    const issued = await page.request.post(`${run.server.url}/api/download/invoice`, { headers: { 'x-xsrf-token': session.xsrfToken }, data: { orderId: [orderId] } });
    expect(issued.headers()['content-type']).toBe('application/pdf');
    const invoiceNumber = /filename="invoice-CPB_(\d+)\.pdf"/.exec(issued.headers()['content-disposition'] ?? '')?.[1];
    expect(invoiceNumber, issued.headers()['content-disposition']).toBeDefined();
    const number = `CPB/${invoiceNumber}`;

    await page.goto(`${run.server.url}/invoices`);
    const row = page.getByRole('row', { name: new RegExp(`${number}\\b`) });
    await row.waitFor();
    await row.getByRole('checkbox').check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Labels' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^label-.+\.pdf$/);
    const pdf = await downloaded(download);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2000);

    // The invoice slider: a partial payment leaves a balance; overpaying is refused with the balance named.
    await page.getByRole('button', { name: number, exact: true }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Record a payment').waitFor();
    await drawer.getByRole('textbox', { name: 'Amount (₹)', exact: true }).fill('1');
    await drawer.getByRole('textbox', { name: 'Reference', exact: true }).fill('UTR000111');
    await drawer.getByRole('button', { name: 'Record payment' }).click();
    await page.getByText('Payment recorded', { exact: true }).waitFor();
    await expect.poll(() => drawer.getByTestId('invoice-status').textContent()).toBe('Partially paid');
    await drawer.getByRole('textbox', { name: 'Amount (₹)', exact: true }).fill('999999');
    await drawer.getByRole('textbox', { name: 'Reference', exact: true }).fill('UTR000112');
    await drawer.getByRole('button', { name: 'Record payment' }).click();
    await drawer.getByText(/more than the balance due/).waitFor();
    await context.close();
  });
});
