// The floor on a warehouse tablet, portrait 800 x 1280 and landscape 1280 x 800:
// the packing screen puts the order card, the verdict and the scan field beside
// the order's lines (the lower half is not left blank), the inventory is a
// table (a screenful of products, not phone cards), and nothing in the header
// lies under the sync status pill. Screenshots go to $SHOTS when it is set.
import { describe, expect, it } from 'vitest';
import { signInUI, shot } from './browser';
import { codeOf, ordersToPack, wedgeScan } from './floor-helpers';
import { fitProblems } from './handheld-helpers';
import { fileServerAndBrowser } from './setup';

const run = fileServerAndBrowser({ orders: 400 });


type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const viewport of [
  { width: 800, height: 1280 },
  { width: 1280, height: 800 },
]) {
  describe(`the floor on a ${viewport.width} x ${viewport.height} tablet`, () => {
    it('packing: the order card and the verdict beside the lines; the header badge clear of the status pill', async () => {
      const context = await run.browser.newContext({ viewport, hasTouch: true });
      try {
        const page = await context.newPage();
        await signInUI(page, run.server.url, 'warehouse@shipdesk.in', 'Warehouse@1234', 'Warehouse');
        await page.waitForURL(/\/fulfillment/);
        await page.getByTestId('pack-row').first().waitFor({ timeout: 30_000 });

        const badge = (await page.getByTestId('role-badge').boundingBox())!;
        const pill = (await page.getByTestId('sync-status').boundingBox())!;
        expect(overlaps(badge, pill), `role badge ${JSON.stringify(badge)} under the status pill ${JSON.stringify(pill)}`).toBe(false);
        // The whole word shows.
        expect(await page.getByTestId('role-badge').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
        await shot(page, `${viewport.width}x${viewport.height}-packing-list`);

        const [order] = await ordersToPack(page, run.server.url, 1);
        await wedgeScan(page, codeOf(order));
        await page.getByTestId('items-to-scan').waitFor();
        await wedgeScan(page, order.items_to_scan[0].wsin);
        await page.locator('[data-testid="scan-result"]:is([data-state="pass"], [data-state="packed"])').waitFor();

        const card = (await page.getByTestId('order-card').boundingBox())!;
        const verdict = (await page.getByTestId('scan-result').boundingBox())!;
        const lines = (await page.getByTestId('items-to-scan').boundingBox())!;
        // Beside, not below: the lines start right of the card and the verdict, level with the card's top.
        expect(lines.x).toBeGreaterThanOrEqual(card.x + card.width);
        expect(lines.x).toBeGreaterThanOrEqual(verdict.x + verdict.width);
        expect(Math.abs(lines.y - card.y)).toBeLessThan(40);
        expect(card.y + card.height).toBeLessThanOrEqual(viewport.height);
        await shot(page, `${viewport.width}x${viewport.height}-packing`);
        // Every control inside the screen, nothing scrolling sideways.
        expect(await fitProblems(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);

    it('inventory: a table with its column headers, more than a phone screenful of products in view', async () => {
      const context = await run.browser.newContext({ viewport, hasTouch: true });
      try {
        const page = await context.newPage();
        await signInUI(page, run.server.url, 'warehouse@shipdesk.in', 'Warehouse@1234', 'Warehouse');
        await page.waitForURL(/\/fulfillment/);
        await page.goto(`${run.server.url}/inventory`);
        await page.getByTestId('inventory-row').first().waitFor({ timeout: 30_000 });
        const table = page.getByRole('table', { name: 'Stock' });
        await expect(table.getByRole('columnheader').count()).resolves.toBeGreaterThan(2);
        // Rows in view at once (phone cards showed about 4).
        const inView = await page.getByTestId('inventory-row').evaluateAll((rows) => rows.filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length);
        expect(inView).toBeGreaterThanOrEqual(6);
        await shot(page, `${viewport.width}x${viewport.height}-inventory`);
        expect(await fitProblems(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  });
}
