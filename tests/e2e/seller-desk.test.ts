// On a 1366 x 768 laptop: the orders page lands on the work (sections beside the table with their
// counts, status tabs with theirs, what is in force as removable chips), bulk actions wait for a selection,
// and an order marked ready to ship is printed and put on the manifest from the dialog that shipped it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BULK_DEFS } from '../../domain/bulk/types';
import { DEMO_COMPANIES } from '../../db/seed';
import { makeGstin } from '../../domain/gstin';
import { downloaded, sellerOnOrders, signInUI, shot } from './browser';
import { VALID_BULK_ORDER_ROW } from './seller-helpers';
import { fileServerAndBrowser } from './setup';

const run = fileServerAndBrowser({ orders: 300 });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-desk-'));
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

const sellerPage = () => sellerOnOrders(run.browser, run.server.url);
async function waitForList(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('[data-testid="orders-table-wrap"][data-busy="false"]').waitFor();
}
const countIn = (label: string | null) => Number(/\(([\d,]+)\)/.exec(label ?? '')?.[1]?.replace(/,/g, '') ?? NaN);
const total = async (page: Page) => Number((await page.getByTestId('orders-total').textContent())!.replace(/[^0-9]/g, ''));
const statuses = async (page: Page) => (await page.getByTestId('order-status').allTextContents()).map((s) => s.toLowerCase());

describe('the orders page at 1366 x 768', () => {
  it('lands on the New tab, the work to do, and keeps a tab chosen or a section named in the address', async () => {
    const page = await sellerPage();
    await page.waitForURL(/status=PLACED(%2C|,)PROCESSED/);
    const tabNew = page.getByTestId('status-tab-new');
    await expect.poll(() => tabNew.getAttribute('aria-selected')).toBe('true');
    await waitForList(page);
    await expect.poll(async () => total(page)).toBe(countIn(await tabNew.textContent()));
    expect((await statuses(page)).every((s) => /^(placed|processed)$/.test(s))).toBe(true);
    // The sidebar's section is still All (the spec's key 1).
    await expect(page.getByTestId('section-all').getAttribute('aria-current')).resolves.toBe('page');
    await shot(page, 'orders-landing-new');

    // All, once chosen, stays chosen on a reload.
    await page.getByTestId('status-tab-all').click();
    await page.waitForURL(/tab=all/);
    await page.reload();
    await waitForList(page);
    await expect.poll(() => page.getByTestId('status-tab-all').getAttribute('aria-selected')).toBe('true');
    expect(page.url()).not.toContain('status=');
    await expect.poll(async () => total(page)).toBe(countIn(await page.getByTestId('status-tab-all').textContent()));

    // The address's tab: a section by name or by its key opens as named.
    await page.goto(`${run.server.url}/orders?tab=all`);
    await waitForList(page);
    await expect.poll(() => page.getByTestId('status-tab-all').getAttribute('aria-selected')).toBe('true');
    await page.goto(`${run.server.url}/orders?tab=2`);
    await expect.poll(() => page.getByTestId('section-missed').getAttribute('aria-current')).toBe('page');
    await page.context().close();
  });

  it('shows the sections in a sidebar with counts and status tabs whose counts are the lists they open', async () => {
    const page = await sellerPage();
    const nav = page.getByRole('navigation', { name: 'Order sections' });
    for (const name of ['All', 'Missed Orders', 'Unserviceable', 'Returns', 'NDRs', 'User Requests (NDR)']) {
      await expect.poll(() => nav.getByRole('button', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')} \\(\\d+\\)`) }).count()).toBe(1);
    }
    const tabs = page.getByTestId('status-tabs');
    await expect.poll(async () => (await tabs.getByRole('tab').allTextContents()).map((t) => t.replace(/ \([\d,]+\)$/, ''))).toEqual([
      'New', 'Ready To Ship', 'In Transit', 'NDR', 'Delivered', 'RTO', 'All',
    ]);
    await shot(page, 'orders-sidebar-1366');

    // Each tab's count is the number of orders its list then holds, of its statuses.
    const expected: [string, RegExp][] = [
      ['new', /^(placed|processed)$/],
      ['transit', /^(shipped|in transit|out for delivery)$/],
      ['delivered', /^delivered$/],
    ];
    for (const [tab, status] of expected) {
      const t = page.getByTestId(`status-tab-${tab}`);
      const n = countIn(await t.textContent());
      await t.click();
      await waitForList(page);
      await expect.poll(() => total(page)).toBe(n);
      expect((await statuses(page)).every((s) => status.test(s))).toBe(true);
      await expect(t.getAttribute('aria-selected')).resolves.toBe('true');
    }
    // The tab in force is a chip; removing it is the 'All' tab again.
    await expect(page.getByTestId('filter-tags').textContent()).resolves.toContain('Status: Delivered');
    await page.getByRole('button', { name: 'Remove filter Status: Delivered' }).click();
    await waitForList(page);
    await expect(page.getByTestId('status-tab-all').getAttribute('aria-selected')).resolves.toBe('true');
    await expect.poll(async () => total(page)).toBe(countIn(await page.getByTestId('status-tab-all').textContent()));
    await page.context().close();
  });

  it('never carries a search into another section, and shows the section as a chip that leads back to All', async () => {
    const page = await sellerPage();
    const box = page.getByRole('textbox', { name: 'Search orders' });
    await box.fill('NO-SUCH-ORDER');
    await box.press('Enter');
    await page.waitForURL(/q=NO-SUCH-ORDER/);
    await page.getByText('Nothing to display here').waitFor();
    await expect(page.getByTestId('filter-tags').textContent()).resolves.toContain('Search: NO-SUCH-ORDER');

    const ndrs = page.getByTestId('section-ndr');
    const ndrCount = countIn(await ndrs.textContent());
    await ndrs.click();
    await page.waitForURL(/tab=ndr/);
    await waitForList(page);
    expect(page.url()).not.toContain('q=');
    await expect(box.inputValue()).resolves.toBe('');
    await expect(page.getByTestId('section-chip').textContent()).resolves.toBe('Section: NDRs');
    await expect(page.getByTestId('filter-tags').textContent()).resolves.not.toContain('Search:');
    await expect.poll(() => total(page)).toBe(ndrCount);
    await shot(page, 'orders-ndr-section-chip');

    await page.getByRole('button', { name: 'Leave section NDRs' }).click();
    await page.waitForURL(/tab=all/);
    await expect(page.getByTestId('section-chip').count()).resolves.toBe(0);
    await expect(page.getByTestId('section-all').getAttribute('aria-current')).resolves.toBe('page');
    await page.context().close();
  });

  it('keeps the bulk actions disabled until rows are ticked, then names how many they act on', async () => {
    const page = await sellerPage();
    await page.getByTestId('status-tab-new').click();
    await waitForList(page);
    const rts = page.getByRole('button', { name: /^Mark Ready To Ship/ });
    const cancel = page.getByRole('button', { name: /^Cancel Placed Orders/ });
    await expect(rts.isDisabled()).resolves.toBe(true);
    await expect(cancel.isDisabled()).resolves.toBe(true);
    const rows = page.getByTestId('order-row');
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await expect(rts.isEnabled()).resolves.toBe(true);
    await expect(rts.textContent()).resolves.toContain('(2)');
    await expect(cancel.textContent()).resolves.toContain('(2)');
    await page.context().close();
  });

  it('ships an order and, from the same dialog, prints its label and invoice and puts it on the manifest', async () => {
    const page = await sellerPage();
    const list = await (await page.request.get(`${run.server.url}/api/orders?tab=all&status=PLACED&pageSize=20`)).json();
    const order = (list.order as { id: string; shopOrderId: string }[])[0];
    await page.goto(`${run.server.url}/orders?order=${order.id}`);
    const slider = page.getByRole('dialog', { name: `Order ${order.shopOrderId}` });
    await slider.waitFor();
    await expect(slider.getByTestId('ship-documents').count()).resolves.toBe(0); // nothing to print before it has an AWB
    await slider.getByRole('button', { name: 'READY TO SHIP' }).click();
    const rts = page.getByRole('dialog', { name: 'READY TO SHIP' });
    await rts.getByRole('button', { name: 'Confirm and ship' }).click();
    const booked = rts.getByTestId('courier-booked');
    await booked.waitFor({ timeout: 30_000 });
    const awb = ((await rts.getByTestId('booked-awb').textContent()) ?? '').trim();
    expect(awb).toMatch(/^\S{6,}$/);
    // The whole message is on screen (no line cut short), with the next steps under it.
    const alert = await booked.getByRole('alert').boundingBox();
    const box = await rts.boundingBox();
    expect(alert!.x + alert!.width).toBeLessThanOrEqual(box!.x + box!.width);
    const edd = rts.getByTestId('booked-edd');
    if (await edd.count()) await expect(edd.textContent()).resolves.toMatch(/^Expected delivery: \d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
    await shot(page, 'ship-dialog');

    // Print label: the label PDF of this order opens in a new tab, to print from there.
    const [labelTab, labelAnswer] = await Promise.all([
      page.context().waitForEvent('page'),
      page.waitForResponse((r) => r.url().endsWith('/api/download/label') && r.request().method() === 'POST'),
      rts.getByRole('button', { name: 'Print label' }).click(),
    ]);
    expect(labelAnswer.status()).toBe(200);
    expect(labelAnswer.headers()['content-type']).toContain('application/pdf');
    expect(JSON.parse(labelAnswer.request().postData() ?? '{}').orderId).toEqual([order.id]);
    await expect.poll(() => labelTab.url()).toMatch(/^blob:/);
    await labelTab.close();

    const [invoiceTab, invoiceAnswer] = await Promise.all([
      page.context().waitForEvent('page'),
      page.waitForResponse((r) => r.url().endsWith('/api/download/invoice') && r.request().method() === 'POST'),
      rts.getByRole('button', { name: 'Print invoice' }).click(),
    ]);
    expect(invoiceAnswer.status()).toBe(200);
    expect(invoiceAnswer.headers()['content-type']).toContain('application/pdf');
    await expect.poll(() => invoiceTab.url()).toMatch(/^blob:/);
    await invoiceTab.close();

    // Add to manifest: the orders page's manifest bar counts it, and prints the manifest of its orders.
    await rts.getByRole('button', { name: 'Add to manifest' }).click();
    await expect(rts.getByTestId('manifest-toggle').textContent()).resolves.toContain('On the manifest (1)');
    await rts.getByRole('button', { name: 'Close', exact: true }).click();
    await rts.waitFor({ state: 'hidden' });
    // The order panel offers the same once the order has its AWB.
    const docs = slider.getByTestId('ship-documents');
    await docs.waitFor({ timeout: 15_000 });
    await expect(docs.getByRole('button', { name: 'Print label' }).isVisible()).resolves.toBe(true);
    await expect(docs.getByTestId('manifest-toggle').textContent()).resolves.toContain('On the manifest (1)');
    await slider.getByRole('button', { name: 'Close order' }).click();
    await slider.waitFor({ state: 'hidden' });

    const bar = page.getByTestId('manifest-bar');
    await expect(bar.textContent()).resolves.toContain('Manifest: 1 order');
    const [manifestTab, manifestAnswer] = await Promise.all([
      page.context().waitForEvent('page'),
      page.waitForResponse((r) => r.url().includes('/api/download/shipping-manifest')),
      bar.getByRole('button', { name: 'Print manifest' }).click(),
    ]);
    expect(manifestAnswer.status()).toBe(200);
    expect(new URL(manifestAnswer.url()).searchParams.get('orderIds')).toBe(order.id);
    await expect.poll(() => manifestTab.url()).toMatch(/^blob:/);
    await manifestTab.close();
    await shot(page, 'manifest-bar');
    // A new manifest after the pickup, confirmed first.
    await bar.getByRole('button', { name: 'New manifest' }).click();
    await page.getByRole('dialog', { name: 'Start a new manifest' }).getByRole('button', { name: 'Start a new manifest' }).click();
    await bar.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('bulk preview: every error marked in its row, a rows-with-errors filter, and an error list that goes to its cell', async () => {
    const cols = BULK_DEFS.orders.columns.map((c) => c.key);
    const base = VALID_BULK_ORDER_ROW;
    const run = Date.now().toString(36).toUpperCase();
    const data: Record<string, string | number>[] = Array.from({ length: 40 }, (_, i) => ({ ...base, id: `DESK-${run}-${i + 1}` }));
    data[4] = { ...data[4], pincode: '4000' };
    data[33] = { ...data[33], city: 'Mu', pincode: '12' };
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Orders');
    ws.addRow(cols);
    for (const d of data) ws.addRow(cols.map((k) => d[k] ?? ''));
    const file = path.join(tmp, 'orders.xlsx');
    await wb.xlsx.writeFile(file);

    const page = await sellerPage();
    await page.getByRole('button', { name: 'Bulk Order Upload' }).click();
    const modal = page.getByRole('dialog', { name: 'Bulk Order Upload' });
    await modal.locator('input[type=file]').setInputFiles(file);
    await page.waitForURL(/\/bulk\/orders$/);
    await page.getByText('Please fix errors to proceed.').waitFor();

    // Row 5's error is in a column off screen; the row itself says it has one, where the row starts.
    const grid = page.getByTestId('bulk-grid');
    const row5 = grid.locator('[role="row"][data-row="5"]');
    await expect(row5.getByTestId('row-errors').textContent()).resolves.toBe('1 error');
    const marker = await row5.getByTestId('row-errors').boundingBox();
    const gridBox = await grid.boundingBox();
    expect(marker!.x).toBeGreaterThanOrEqual(gridBox!.x);
    expect(marker!.x + marker!.width).toBeLessThanOrEqual(gridBox!.x + gridBox!.width);
    await expect(grid.locator('[role="row"][data-row="1"]').getByTestId('row-errors').count()).resolves.toBe(0);

    // The filter shows the two rows with errors and no other.
    const filter = page.getByRole('switch', { name: 'Rows with errors only (2)' });
    await filter.check();
    await expect.poll(async () => grid.locator('[role="row"][data-row]').evaluateAll((els) => els.map((e) => e.getAttribute('data-row')))).toEqual(['5', '34']);
    await expect(grid.locator('[role="row"][data-row="34"]').getByTestId('row-errors').textContent()).resolves.toBe('2 errors');
    await shot(page, 'bulk-errors-only');
    await filter.uncheck();

    // An error in the list goes to its cell: row 34, far down and to the right, is scrolled into view with its input focused.
    const item = page.getByTestId('bulk-error-list').getByRole('button', { name: /^Row 34 · pincode: / });
    await item.click();
    const input = page.getByRole('textbox', { name: 'pincode row 34', exact: true });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await input.boundingBox();
    const g = await grid.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(g!.y);
    expect(box!.y + box!.height).toBeLessThanOrEqual(g!.y + g!.height);
    expect(box!.x).toBeGreaterThanOrEqual(g!.x + 64 - 1); // not under the sticky row numbers
    expect(box!.x + box!.width).toBeLessThanOrEqual(g!.x + g!.width);
    await shot(page, 'bulk-error-jump');
    // Typing fixes it there.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('400002');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBeNull();
    await page.context().close();
  });

  it('NDR workspace: reason, attempts and respond-by per row; a re-attempt shows pending; rows without actions say why', async () => {
    const db = new Database(path.join(run.server.dir, 'app.db'), { fileMustExist: true });
    const company = DEMO_COMPANIES[0].id;
    const transit = db.prepare(`SELECT id, shop_order_id FROM orders WHERE company_id = ? AND status = 'IN_TRANSIT' ORDER BY id DESC LIMIT 2`).all(company) as { id: string; shop_order_id: string }[];
    const [undelivered, rtoUndelivered] = transit;
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const fail = (id: string, status: string, reason: string) => {
      db.prepare(`UPDATE orders SET status = ?, version = version + 1 WHERE id = ?`).run(status, id);
      db.prepare(`INSERT INTO order_trails (id, order_id, status, description, city, is_return, source, created_at) VALUES (?, ?, ?, ?, 'Pune', 0, 'carrier', ?)`)
        .run(`ffffffff-0000-7000-8000-${id.slice(-12)}`, id, status, reason, at);
    };
    fail(undelivered.id, 'UNDELIVERED', 'Consignee refused: wants open delivery');
    fail(rtoUndelivered.id, 'RTO_UNDELIVERED', 'Warehouse closed on arrival');
    db.close();

    const page = await sellerPage();
    await page.getByTestId('section-ndr').click();
    await page.waitForURL(/tab=ndr/);
    await waitForList(page);
    const row = page.locator(`[data-testid="order-row"][data-order-id="${undelivered.id}"]`);
    await expect.poll(() => row.getByTestId('ndr-reason').textContent()).toBe('Consignee refused: wants open delivery');
    await expect(row.getByTestId('ndr-attempts').textContent()).resolves.toMatch(/^1 attempt · last \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d\d [ap]m$/);
    await expect(row.getByTestId('ndr-respond-by').textContent()).resolves.toMatch(/^Respond by \d{1,2} [A-Z][a-z]{2} \d{4}, /);
    const rto = page.locator(`[data-testid="order-row"][data-order-id="${rtoUndelivered.id}"]`);
    await expect(rto.getByTestId('ndr-no-action').textContent()).resolves.toBe('On its way back to you: the courier could not deliver the return and tries again itself.');
    await expect(rto.getByRole('button', { name: /Re-attempt|Address or Phone|Return to Origin/ }).count()).resolves.toBe(0);
    // Orders waiting for the seller come before those without actions.
    const order = await page.getByTestId('order-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-order-id')));
    expect(order.indexOf(undelivered.id)).toBeLessThan(order.indexOf(rtoUndelivered.id));
    await shot(page, 'ndr-workspace');

    // A re-attempt asked from the row: the row shows it pending and no longer offers it.
    await row.getByRole('button', { name: 'Request Re-attempt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Re-attempt' });
    await dialog.getByRole('button', { name: 'Request Re-attempt' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByTestId('ndr-pending').textContent(), { timeout: 15_000 }).toBe('Re-attempt requested · waiting for the courier');
    await expect(row.getByRole('button', { name: 'Request Re-attempt' }).count()).resolves.toBe(0);
    await expect(row.getByTestId('ndr-respond-by').count()).resolves.toBe(0);
    await expect(row.getByRole('button', { name: 'Return to Origin' }).isVisible()).resolves.toBe(true);
    // The order panel says the same.
    await row.getByTestId('order-link').click();
    const slider = page.getByTestId('order-info');
    await expect.poll(() => slider.getByTestId('ndr-pending').textContent()).toBe('Re-attempt requested · waiting for the courier');
    await shot(page, 'ndr-pending');
    await page.context().close();
  });

  it('manual order form: B2C without B2B fields, items in the first screen, a suggested order id checked unique, dates as DD/MM/YYYY', async () => {
    const page = await sellerPage();
    await page.goto(`${run.server.url}/orders/new`);
    const id = page.getByRole('textbox', { name: 'Order ID' });
    await expect.poll(() => id.inputValue()).toMatch(/^M\d{6}-\d{3}$/);
    // B2C: none of the B2B fields.
    await expect(page.getByRole('radio', { name: 'B2C' }).isChecked()).resolves.toBe(true);
    for (const label of ['Purchase Order Number', 'Terms of Payment', 'Due Date', 'E-way Bill Number']) {
      await expect(page.getByRole('textbox', { name: label }).count()).resolves.toBe(0);
    }
    await expect(page.getByRole('combobox', { name: 'Pricing Type' }).count()).resolves.toBe(0);
    // The first product line is in the first screen.
    const line = page.getByTestId('order-line-0');
    const box = await line.boundingBox();
    expect(box!.y + 40).toBeLessThanOrEqual(768);
    // The order date is typed day first.
    const date = page.getByRole('textbox', { name: 'Order Date' });
    await expect(date.getAttribute('placeholder')).resolves.toBe('DD/MM/YYYY');
    await shot(page, 'manual-order-b2c');

    // An id the company has already: said when the field is left.
    const taken = (await (await page.request.get(`${run.server.url}/api/orders?tab=all&pageSize=20`)).json()).order[0].shopOrderId as string;
    await id.fill(taken);
    await id.press('Tab');
    await page.getByText(`Order ID ${taken} already exists`).waitFor();

    // B2B: its fields in their own section.
    await page.getByText('B2B', { exact: true }).click();
    const business = page.getByRole('group', { name: 'B2B details' });
    await business.getByRole('textbox', { name: 'Purchase Order Number' }).waitFor();
    await expect(business.getByRole('textbox', { name: 'Due Date' }).getAttribute('placeholder')).resolves.toBe('DD/MM/YYYY');
    await shot(page, 'manual-order-b2b', { fullPage: true });
    await page.context().close();
  });

  it('catalogue item without an image: the edit form says so and takes one in place, then saves the new price', async () => {
    const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const db = new Database(path.join(run.server.dir, 'app.db'), { fileMustExist: true });
    const item = db.prepare(`SELECT id, product_title FROM catalogue_items WHERE company_id = ? AND shop_type = 'manual' ORDER BY id LIMIT 1`).get(DEMO_COMPANIES[0].id) as { id: string; product_title: string };
    db.prepare(`UPDATE catalogue_items SET image_urls = '[]' WHERE id = ?`).run(item.id); // as the bulk sheet leaves it
    db.close();

    const page = await sellerPage();
    await page.goto(`${run.server.url}/catalogs?item=${item.id}#update`);
    const form = page.getByRole('form', { name: 'Edit catalogue item' });
    await form.getByTestId('catalogue-needs-image').waitFor();
    await form.getByRole('textbox', { name: 'Price', exact: true }).fill('321.50');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Image is required!').waitFor();
    await shot(page, 'catalogue-needs-image');

    await form.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG_1x1 });
    await form.getByTestId('catalogue-image-preview').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Catalog Updated successfully!').waitFor();
    await page.getByTestId('catalogue-details').getByText('₹321.50').waitFor();
    const saved = await (await page.request.get(`${run.server.url}/api/catalogue/${item.id}`)).json();
    expect(saved.data.imageUrls).toHaveLength(1);
    await page.context().close();
  });

  it('audit log: an admin action in words, who, when in India time, the order linked, and each changed field before and after', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await signInUI(page, run.server.url, 'admin@shipdesk.in', 'Admin@1234', 'Admin');
    await page.waitForURL(/\/orders/);
    const list = await (await page.request.get(`${run.server.url}/api/orders?tab=all&status=PLACED&pageSize=20&companyId=${DEMO_COMPANIES[0].id}`)).json();
    const order = (list.order as { id: string; shopOrderId: string }[]).at(-1)!;
    const xsrf = (await (await page.request.get(`${run.server.url}/api/auth/session`)).json()).xsrfToken as string;
    const cancel = await page.request.patch(`${run.server.url}/api/orders/${order.id}/cancel`, { data: { reason: 'Buyer ordered twice' }, headers: { 'x-xsrf-token': xsrf } });
    expect(cancel.status()).toBe(200);
    // Writes to other kinds of record: a company's preferences, a state GSTIN, a warehouse, a promoter.
    const write = async (method: 'put' | 'post', url: string, data: unknown) => expect((await page.request[method](`${run.server.url}${url}`, { data, headers: { 'x-xsrf-token': xsrf } })).ok()).toBe(true);
    await write('post', '/api/ums/profile/preferences', {
      companyId: DEMO_COMPANIES[2].id, printItemLabel: true, hideCustomerPhoneOnLabel: false, courierProvider1: null, courierProvider2: null, maxWeightWhiteLabelG: 4700, returnToOtherWarehouse: false,
    });
    await write('put', '/api/ums/invoices/gstins', { companyId: DEMO_COMPANIES[1].id, state: 'Kerala', gstin: makeGstin('32', 'AAPFU0939F'), address: { line1: '12 MG Road', city: 'Kochi', pincode: '682016' } });
    await write('post', '/api/admin/create-warehouse', { name: 'Sanand Hub', code: 'AMD1', email: 'amd1@example.com', phone: '9876543210', address: { line1: 'Plot 4', city: 'Sanand', state: 'Gujarat', pincode: '382110' } });
    await write('post', '/api/admin/promoter', { name: 'Ravi Kulkarni', phone: '9876500411', retailers: [{ firstName: 'Sunil', lastName: 'Traders', phone: '9876500412', GSTIN: '' }] });
    // A last-mile cluster, and a courier connection whose token is replaced.
    await write('post', '/api/admin/create-cluster', { name: 'Kalaburagi', city: 'Kalaburagi', pincodes: ['585102', '585101'] });
    const newToken = 'dl-rotated-token-e2e-77a1';
    const connection = await page.request.post(`${run.server.url}/api/integrations/connections`, {
      data: { kind: 'delhivery', label: 'Delhivery Okhla', companyId: DEMO_COMPANIES[0].id, baseUrl: 'http://127.0.0.1:9', settings: {}, secrets: { token: 'dl-live-token-e2e-31c9' } },
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(connection.status()).toBe(201);
    const connectionId = (await connection.json()).connection.id as string;
    expect((await page.request.patch(`${run.server.url}/api/integrations/connections/${connectionId}`, { data: { secrets: { token: newToken } }, headers: { 'x-xsrf-token': xsrf } })).ok()).toBe(true);

    await page.goto(`${run.server.url}/admin/audit-log`);
    const table = page.getByTestId('audit-log-table');
    const warehouse = table.getByRole('row').filter({ hasText: 'Warehouse Sanand Hub (AMD1)' });
    await warehouse.waitFor();
    await expect(warehouse.getByTestId('audit-action').textContent()).resolves.toBe('Created a warehouse');
    await expect(warehouse.getByTestId('audit-changes').textContent()).resolves.toContain('Address: city: empty → Sanand');
    const gstin = table.getByRole('row').filter({ hasText: 'GSTIN Kerala (32)' });
    await expect(gstin.getByTestId('audit-changes').textContent()).resolves.toContain('Registered address: city: empty → Kochi');
    await expect(table.getByRole('row').filter({ hasText: 'Promoter Ravi Kulkarni (9876500411)' }).getByTestId('audit-action').textContent()).resolves.toBe('Added a promoter');
    const cluster = table.getByRole('row').filter({ hasText: 'Cluster Kalaburagi (Kalaburagi)' });
    await expect(cluster.getByTestId('audit-action').textContent()).resolves.toBe('Created a cluster');
    await expect(cluster.getByTestId('audit-changes').textContent()).resolves.toContain('Pincodes: empty → 585101, 585102');
    const rotated = table.getByRole('row').filter({ hasText: 'Changed a connection' });
    await expect(rotated.getByTestId('audit-changes').textContent()).resolves.toBe('Credentials: token: changed (not shown)');
    await expect(table.textContent()).resolves.not.toContain(newToken);
    await shot(page, 'audit-log-cluster');
    const row = table.getByRole('row').filter({ hasText: `Order ${order.shopOrderId}` }).first();
    await row.waitFor();
    await expect(row.getByTestId('audit-action').textContent()).resolves.toBe('Cancelled the order');
    await expect(row.textContent()).resolves.toMatch(/\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d\d [ap]m/);
    await expect(row.getByTestId('audit-changes').textContent()).resolves.toContain('Status: PLACED → CANCELLED');
    await expect(row.getByTestId('audit-changes').textContent()).resolves.toContain('Cancellation reason: empty → Buyer ordered twice');
    await shot(page, 'audit-log');
    // The order is linked: it opens in the orders page.
    await row.getByTestId('audit-record').click();
    await page.waitForURL(new RegExp(`/orders\\?.*order=${order.id}`));
    // A company's entry opens its preferences, with the company chosen.
    await page.goto(`${run.server.url}/admin/audit-log`);
    await table.getByRole('row').filter({ hasText: `Company ${DEMO_COMPANIES[2].name}` }).getByTestId('audit-record').click();
    await page.waitForURL(new RegExp(`/settings/preferences\\?company=${DEMO_COMPANIES[2].id}`));
    await expect.poll(() => page.getByRole('combobox', { name: 'Company', exact: true }).inputValue()).toBe(DEMO_COMPANIES[2].name);
    // A cluster's entry opens Clusters.
    await page.goto(`${run.server.url}/admin/audit-log`);
    await table.getByRole('row').filter({ hasText: 'Cluster Kalaburagi (Kalaburagi)' }).getByTestId('audit-record').click();
    await page.waitForURL(/\/admin\/clusters$/);
    await page.getByTestId('clusters-table').getByText('Kalaburagi', { exact: true }).first().waitFor();
    await context.close();
  });

  it('missed orders: searched, limited to a date range and downloaded as shown', async () => {
    const page = await sellerPage();
    const all = (await (await page.request.get(`${run.server.url}/api/missed-orders?page=1&pageSize=50`)).json()).order as { shopOrderId: string }[];
    expect(all.length).toBeGreaterThan(1);
    const wanted = all[0].shopOrderId;
    await page.getByTestId('section-missed').click();
    await page.waitForURL(/tab=missed/);
    const box = page.getByRole('textbox', { name: 'Search missed orders' });
    await box.fill(wanted);
    await box.press('Enter');
    await page.waitForURL(new RegExp(`q=${encodeURIComponent(wanted)}`));
    const table = page.getByRole('table', { name: 'Missed orders' });
    await expect.poll(async () => (await table.locator('tbody tr').allTextContents()).every((t) => t.includes(wanted))).toBe(true);
    await shot(page, 'missed-orders');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('missed-download').click()]);
    const csv = (await downloaded(download)).toString('utf8');
    expect(csv).toContain(wanted);
    expect(csv.trim().split('\n').length).toBe(2); // the header and the one order shown

    // A range with nothing in it: the list says so.
    await page.goto(`${run.server.url}/orders?tab=missed&from=2020-01-01&to=2020-01-02`);
    await page.getByText(/No missed orders|Nothing to display/).first().waitFor();
    await page.context().close();
  });
});
