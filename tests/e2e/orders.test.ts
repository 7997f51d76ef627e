import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInUI } from './browser';
import { fileServerAndBrowser } from './setup';

// Its own server: this suite marks orders ready to ship and cancels them.
const run = fileServerAndBrowser({ orders: 600 });

const rows = (page: Page) => page.getByTestId('order-row');
const statuses = async (page: Page) => (await page.getByTestId('order-status').allTextContents()).map((s) => s.toLowerCase());
const amounts = async (page: Page) =>
  (await page.getByTestId('order-amount').allTextContents()).map((s) => Number(s.replace(/[^0-9.]/g, '')));
const firstIds = async (page: Page) => page.locator('[data-testid="order-row"]').evaluateAll((els) => els.slice(0, 5).map((e) => e.getAttribute('data-order-id')));

async function waitForList(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('[data-testid="orders-table-wrap"][data-busy="false"]').waitFor();
}

describe('orders workspace', () => {
  it('filters by section and with the F shortcut, pages, sorts, bulk-marks ready to ship and cancels an order', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1680, height: 1000 } });
    const page = await context.newPage();
    await signInUI(page, run.server.url, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.waitForURL(/\/orders/);
    await rows(page).first().waitFor();

    // Sidebar sections with their counts, e.g. 'All (150)'.
    await expect.poll(() => page.getByTestId('section-all').textContent()).toMatch(/^All \(\d+\)$/);
    await expect.poll(() => page.getByTestId('section-missed').textContent()).toMatch(/^Missed Orders \(\d+\)$/);
    // Sections: Returns shows only return statuses, and the choice is in the URL.
    await page.getByTestId('section-returns').click();
    await page.waitForURL(/tab=returns/);
    await waitForList(page);
    await expect.poll(async () => (await statuses(page)).every((s) => /^(rto|dto) (in transit|delivered|out for delivery|processed)$/.test(s))).toBe(true);
    await page.getByTestId('section-all').click();
    await page.waitForURL(/tab=all/);
    await waitForList(page);

    // Paging by cursor and back.
    const total = Number((await page.getByTestId('orders-total').textContent())!.replace(/[^0-9]/g, ''));
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '20', exact: true }).click();
    await waitForList(page);
    const page1 = await firstIds(page);
    await expect(page.getByTestId('page-label').textContent()).resolves.toBe(`Page 1 of ${Math.ceil(total / 20)}`);
    await page.getByTestId('page-next').click();
    await page.waitForURL(/pn=2/);
    await waitForList(page);
    await expect(page.getByTestId('page-label').textContent()).resolves.toBe(`Page 2 of ${Math.ceil(total / 20)}`);
    expect(await firstIds(page)).not.toEqual(page1);
    await page.getByTestId('page-prev').click();
    await waitForList(page);
    expect(await firstIds(page)).toEqual(page1);

    // Sorting by amount, largest first.
    await page.getByTestId('sort-totalPaise').click();
    await page.waitForURL(/sortField=totalPaise/);
    await waitForList(page);
    await expect.poll(async () => {
      const sorted = await amounts(page);
      return sorted.length > 1 && sorted.every((x, i) => i === 0 || sorted[i - 1] >= x);
    }).toBe(true);

    // Select a row, then a filter change clears the selection.
    await rows(page).first().getByRole('checkbox').check();
    await expect(page.getByTestId('selection-count').textContent()).resolves.toBe('1 selected');

    // F opens the filter drawer (not while typing in a field).
    await page.getByRole('textbox', { name: 'Search orders' }).click();
    await page.keyboard.type('f');
    await expect(page.getByTestId('filter-drawer').isVisible()).resolves.toBe(false);
    await page.getByRole('textbox', { name: 'Search orders' }).fill('');
    await page.getByRole('heading', { name: 'Orders', exact: true }).click();
    await page.keyboard.press('f');
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    await drawer.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'placed', exact: true }).click();
    await drawer.getByRole('heading', { name: 'Filters' }).click(); // closes the dropdown
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/status=PLACED/);
    await waitForList(page);
    await expect.poll(async () => [...new Set(await statuses(page))]).toEqual(['placed']);
    await expect(page.getByTestId('selection-count').textContent()).resolves.toBe('None selected');
    await expect(page.getByTestId('filter-tags').textContent()).resolves.toContain('Status: placed');

    // Bulk "Mark Ready To Ship" on two selected orders, with live progress, then the list reloads.
    const picked = await page.locator('[data-testid="order-row"]').evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute('data-order-id')!));
    for (const id of picked) await page.locator(`[data-order-id="${id}"]`).getByRole('checkbox').check();
    await expect(page.getByTestId('selection-count').textContent()).resolves.toBe('2 selected');
    await page.getByRole('button', { name: 'Mark Ready To Ship' }).click();
    await page.getByTestId('job-progress').waitFor();
    await page.getByText('2 of 2 orders marked ready to ship').waitFor({ timeout: 30_000 });
    await page.getByTestId('job-progress').waitFor({ state: 'detached' });
    await waitForList(page);
    for (const id of picked) expect(await page.locator(`[data-order-id="${id}"]`).count()).toBe(0);
    const after = await page.request.get(`${run.server.url}/api/orders/${picked[0]}`);
    expect((await after.json()).data.status).toBe('READY_TO_SHIP');

    // Open an order from the list and cancel it from the slider.
    await page.getByTestId('order-link').first().click();
    const slider = page.getByTestId('order-info');
    await slider.waitFor();
    await expect(page.getByTestId('order-info-status').textContent()).resolves.toBe('placed');
    await slider.getByRole('button', { name: 'Cancel Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
    await dialog.getByRole('textbox', { name: 'Reason for cancellation' }).fill('Customer asked to cancel on the phone');
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByText('Order cancelled').first().waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="order-info-status"]')?.textContent === 'cancelled');
    await expect(slider.getByText('Order cancelled: Customer asked to cancel on the phone').isVisible()).resolves.toBe(true);
    await expect(slider.getByText('Ritika Sharma').first().isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('keeps the section and filter in session storage, and shows the empty state', async () => {
    const context = await run.browser.newContext();
    const page = await context.newPage();
    await signInUI(page, run.server.url, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.waitForURL(/\/orders/);
    await page.goto(`${run.server.url}/orders?tab=ndr&q=NO-SUCH-ORDER`);
    await page.getByText('Nothing to display here').waitFor();
    // Coming back to /orders without params restores both.
    await page.goto(`${run.server.url}/orders`);
    await page.waitForURL(/tab=ndr/);
    await page.waitForURL(/q=NO-SUCH-ORDER/);
    await page.getByText('Nothing to display here').waitFor();
    await context.close();
  });

  it('on a 1366px laptop puts the sections beside the table, which fits without sideways scrolling', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await signInUI(page, run.server.url, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.waitForURL(/\/orders/);
    await rows(page).first().waitFor();
    await expect.poll(() => page.getByTestId('section-all').textContent()).toMatch(/^All \(\d+\)$/);
    const nav = await page.getByRole('navigation', { name: 'Order sections' }).boundingBox();
    const table = await page.getByTestId('orders-table').boundingBox();
    const wrap = await page.getByTestId('orders-table-wrap').boundingBox();
    expect(nav!.x + nav!.width).toBeLessThanOrEqual(table!.x);
    expect(table!.width).toBeLessThanOrEqual(wrap!.width + 1);
    const last = await page.getByTestId('sort-updatedAt').boundingBox();
    expect(last!.x + last!.width).toBeLessThanOrEqual(1366);
    await page.getByTestId('section-returns').click();
    await page.waitForURL(/tab=returns/);
    await waitForList(page);
    await expect.poll(async () => (await statuses(page)).every((s) => /^(rto|dto) (in transit|delivered|out for delivery|processed)$/.test(s))).toBe(true);
    await context.close();
  });

  it('below 1000px shows the sections as tabs above the table', async () => {
    const context = await run.browser.newContext({ viewport: { width: 900, height: 1000 } });
    const page = await context.newPage();
    await signInUI(page, run.server.url, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.waitForURL(/\/orders/);
    await page.getByRole('tab', { name: /^All \(\d+\)$/ }).first().waitFor();
    await page.getByRole('tab', { name: /^Returns \(\d+\)$/ }).click();
    await page.waitForURL(/tab=returns/);
    await waitForList(page);
    await expect.poll(async () => (await statuses(page)).every((s) => /^(rto|dto) (in transit|delivered|out for delivery|processed)$/.test(s))).toBe(true);
    await context.close();
  });
});
