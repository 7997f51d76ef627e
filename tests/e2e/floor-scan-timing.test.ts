// Scans typed into the floor's scan fields on a 360 x 640 touch handheld at
// every key timing a scanner makes (5, 25 and 45 ms a key, a 60 ms stall, the
// page busy for 100 ms) and 0, 150 and 300 ms between scans: on the packing
// station every unit counts once and the order ends packed, on the returns
// station the return AWB opens its approval, and in inventory a scanned WSIN
// opens its row; the field is empty after each scan.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { signInUI } from './browser';
import { BETWEEN_SCANS_MS, codeOf, ordersToPack, SCANNER_TIMINGS, typeScan, units, WAREHOUSE, type PackingOrderAnswer } from './floor-helpers';
import { fileServerAndBrowser } from './setup';

const run = fileServerAndBrowser({ orders: 400 });
let context: BrowserContext;
let page: Page;
const HANDHELD = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

beforeAll(async () => {
  context = await run.browser.newContext(HANDHELD);
  page = await context.newPage();
  await signInUI(page, run.server.url, ...WAREHOUSE);
  await page.waitForURL(/\/fulfillment/);
  await page.getByTestId('pack-row').first().waitFor({ timeout: 30_000 });
}, 180_000);

const fieldValue = (testId: string) => page.getByTestId(testId).inputValue();

describe('scans typed at every timing are taken whole', () => {
  it('packing station: the AWB opens its order, every unit counts once, the order ends packed, nothing stays in the field', async () => {
    // One order per key timing; its scans follow each other 0, 150 and 300 ms apart in turn.
    const combos = SCANNER_TIMINGS;
    // The orders with the most units (up to 6), so scans really run back to back.
    const orders: PackingOrderAnswer[] = (await ordersToPack(page, run.server.url, 200))
      .filter((o) => units(o) <= 6)
      .sort((a, b) => units(b) - units(a))
      .slice(0, combos.length);
    expect(orders.every((o) => units(o) >= 3)).toBe(true);
    expect(orders.length).toBe(combos.length);
    for (const [i, combo] of combos.entries()) {
      const order = orders[i];
      const label = `${combo.name}, ${codeOf(order)}`;
      await page.getByTestId('awb-input').focus();
      await typeScan(page, codeOf(order), combo.timing);
      await page.getByTestId('items-to-scan').waitFor();
      expect(await page.getByTestId('active-awb').textContent(), label).toBe(order.order.awb ?? '—');
      await page.getByTestId('wsin-input').focus();
      const wsins = order.items_to_scan.flatMap((l) => Array.from({ length: l.qty }, () => l.wsin));
      for (const [n, wsin] of wsins.entries()) {
        await typeScan(page, wsin, combo.timing);
        const between = BETWEEN_SCANS_MS[n % BETWEEN_SCANS_MS.length];
        if (between) await page.waitForTimeout(between);
      }
      const total = wsins.length;
      await expect.poll(() => page.getByTestId('order-progress').textContent(), { timeout: 15_000, message: label }).toBe(`${total} / ${total} units`);
      await expect.poll(() => page.getByTestId('scan-result').getAttribute('data-state'), { message: label }).toBe('packed');
      expect(await fieldValue('wsin-input'), label).toBe('');
      // The packed order's next AWB field: back to the list for the next order.
      await page.getByRole('button', { name: 'Back' }).tap();
      await page.getByTestId('awb-input').waitFor();
      expect(await fieldValue('awb-input'), label).toBe('');
    }
  }, 600_000);

  it('returns station: the return AWB opens its approval whole, the field empty', async () => {
    await page.goto(`${run.server.url}/returns`);
    const first = page.getByTestId('returns-list').locator('tbody tr, [data-order-id]').first();
    await first.waitFor({ timeout: 30_000 });
    const awb = (await first.locator('p').first().textContent())!.trim();
    for (const t of SCANNER_TIMINGS) {
      await page.getByTestId('return-awb-input').focus();
      await typeScan(page, awb, t.timing);
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Approval for RTO').waitFor({ timeout: 10_000 });
      expect(await fieldValue('return-awb-input'), t.name).toBe('');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  }, 300_000);

  it('inventory: a scanned WSIN opens its row, the field empty', async () => {
    await page.goto(`${run.server.url}/inventory`);
    const rows = page.getByTestId('inventory-row');
    await rows.first().waitFor({ timeout: 30_000 });
    const wsin = (await rows.first().getAttribute('data-wsin'))!;
    for (const t of SCANNER_TIMINGS) {
      await page.getByTestId('inventory-search').focus();
      await typeScan(page, wsin, t.timing);
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('popup-quantity').waitFor({ timeout: 10_000 });
      expect(await dialog.getByRole('heading').first().textContent(), t.name).toContain(wsin);
      expect(await fieldValue('inventory-search'), t.name).toBe('');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  }, 300_000);
});
