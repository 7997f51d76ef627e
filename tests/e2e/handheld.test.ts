// The floor on a 360 x 640 touch handheld, as a packer signed in as the
// warehouse user works it with one thumb: every floor screen (packing list,
// packing screen, returns station and its approval dialog, inventory and its
// popup, sync status, header and navigation) keeps every control inside the
// screen, with 44 px targets, and nothing scrolls sideways; the packing screen
// has the work in its first screenful and one verdict per scan. The same
// screens are then checked on a 768 px tablet and a 1366 px laptop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { animationsSettled, signInUI, shot } from './browser';
import { codeOf, ordersToPack, type PackingOrderAnswer } from './floor-helpers';
import { fitProblems, inFirstScreen } from './handheld-helpers';
import { fileServerAndBrowser } from './setup';

// The service worker installs as for a user: one test checks the "Installed on this device" toast's close button.
const run = fileServerAndBrowser({ orders: 400, serviceWorkers: 'allow' });

const HANDHELD = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

async function signedIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signInUI(page, run.server.url, 'warehouse@shipdesk.in', 'Warehouse@1234', 'Warehouse');
  await page.waitForURL(/\/fulfillment/);
  await page.getByTestId('pack-row').first().waitFor({ timeout: 30_000 });
  return page;
}

/** Fails with the list of what a thumb cannot reach on this screen. */
async function expectFits(page: Page, screen: string, opts: { within?: string; minTarget?: number } = {}) {
  await shot(page, `${page.viewportSize()!.width}-${screen}`);
  const problems = await fitProblems(page, { minTarget: opts.minTarget ?? 44, within: opts.within });
  expect(problems.map((p) => `${p.what}: ${p.problem}`), `${screen} at ${page.viewportSize()!.width} px`).toEqual([]);
}

const visibleToasts = (page: Page) => page.locator('.mantine-Notification-root').count();

async function openFromNav(page: Page, label: string) {
  await page.getByRole('button', { name: 'Toggle navigation' }).tap();
  const link = page.getByRole('link', { name: label, exact: true });
  await link.waitFor();
  // The navigation slides in: measure it once it is in place.
  await expect.poll(async () => (await link.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
  await animationsSettled(page);
  await expectFits(page, `nav-${label}`);
  await link.tap();
  // The navigation slides away again: measure the next screen once it has gone.
  await expect.poll(async () => { const b = await link.boundingBox(); return !b || b.x + b.width <= 0; }).toBe(true);
}

describe('the floor on a 360 x 640 handheld', () => {
  let context: BrowserContext;
  let page: Page;
  let order: PackingOrderAnswer;
  beforeAll(async () => {
    context = await run.browser.newContext(HANDHELD);
    page = await signedIn(context);
    [order] = await ordersToPack(page, run.server.url, 1);
  }, 90_000);
  afterAll(async () => context?.close());

  it('header: role as a word, company picker, sync count as a number and the account menu with Sign out, all on screen', async () => {
    const badge = page.getByTestId('role-badge');
    await expect(badge.textContent()).resolves.toBe('Warehouse');
    const box = (await badge.boundingBox())!;
    expect(box.width).toBeGreaterThan(40);
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await expect(page.getByTestId('sync-pending-count').textContent()).resolves.toMatch(/^\d+$/);
    await expectFits(page, 'packing-list');

    await page.getByTestId('company-switcher-button').tap();
    const picker = page.getByTestId('company-switcher');
    await picker.waitFor();
    await expectFits(page, 'company-picker');
    await page.keyboard.press('Escape');

    await page.getByTestId('user-menu').tap();
    const signOut = page.getByRole('menuitem', { name: 'Sign out' });
    await signOut.waitFor();
    const r = (await signOut.boundingBox())!;
    expect(r.x).toBeGreaterThanOrEqual(0);
    expect(r.x + r.width).toBeLessThanOrEqual(360);
    await expectFits(page, 'account-menu');
    await page.keyboard.press('Escape');

    await page.getByTestId('sync-status').tap();
    await page.getByTestId('sync-details').waitFor();
    await expectFits(page, 'sync-status');
    await page.getByTestId('sync-status').tap();
  });

  it('packing list: each order a card with its Pack button on screen', async () => {
    const pack = page.getByTestId('pack-row').first().getByRole('button', { name: /^(Pack|View)$/ });
    const r = (await pack.boundingBox())!;
    expect(r.x + r.width).toBeLessThanOrEqual(360);
    expect(r.height).toBeGreaterThanOrEqual(44);
    await page.getByRole('button', { name: /^Not Packed \(\d+\)$/ }).tap();
    await page.waitForURL(/filter=2/);
    await expectFits(page, 'packing-list-not-packed');
  });

  it('packing screen: progress, verdict and scan field in the first screenful; one verdict per scan, no toast over the card', async () => {
    await page.getByTestId('awb-input').fill(codeOf(order));
    await page.getByTestId('awb-input').press('Enter');
    await page.getByTestId('items-to-scan').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const total = order.items_to_scan.reduce((n, i) => n + i.qty, 0);
    await expect(page.getByTestId('order-progress').textContent()).resolves.toBe(`0 / ${total} ${total === 1 ? 'unit' : 'units'}`);
    for (const id of ['wsin-input', 'order-progress', 'scan-hint', 'active-awb']) expect(await inFirstScreen(page, id), `${id} in the first screenful`).toBe(true);
    await expectFits(page, 'packing-screen');
    // The count of a line is whole, not cut to "0 /".
    const count = page.locator('[data-testid="scan-count"]').first();
    expect(await count.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);

    // A bad WSIN: the banner says it once; no toast repeats it.
    const field = page.getByTestId('wsin-input');
    await field.fill('NOT-IN-THIS-BOX');
    await field.press('Enter');
    await page.locator('[data-testid="scan-result"][data-state="fail"]').waitFor();
    await expect(page.getByText('Please Scan a Valid Wsin').count()).resolves.toBe(1);
    expect(await visibleToasts(page)).toBe(0);
    expect(await inFirstScreen(page, 'scan-result')).toBe(true);
    await shot(page, '360-packing-fail');

    // A good scan: the progress counts it, in the first screenful.
    await field.fill(order.items_to_scan[0].wsin);
    await field.press('Enter');
    await page.locator('[data-testid="scan-result"]:is([data-state="pass"], [data-state="packed"])').waitFor();
    await expect.poll(() => page.getByTestId('order-progress').textContent()).toBe(`1 / ${total} ${total === 1 ? 'unit' : 'units'}`);
    for (const id of ['wsin-input', 'order-progress', 'scan-result']) expect(await inFirstScreen(page, id), `${id} in the first screenful`).toBe(true);
    expect(await visibleToasts(page)).toBe(0);
    await expectFits(page, 'packing-screen-scanned');
  });

  it('an AWB that is not found goes back to the list, said once in the verdict banner', async () => {
    await page.goto(`${run.server.url}/fulfillment?t=NO-SUCH-AWB`);
    await page.waitForURL((u) => !u.search.includes('NO-SUCH-AWB'));
    await page.locator('[data-testid="scan-result"][data-state="fail"]').waitFor();
    await expect(page.getByText('No order to pack has the AWB NO-SUCH-AWB.').count()).resolves.toBe(1);
    expect(await visibleToasts(page)).toBe(0);
  });

  it('returns station and the approval dialog: Approve, the quantities, their steppers and the photo buttons on screen', async () => {
    await openFromNav(page, 'Returns');
    const first = page.getByTestId('returns-list').locator('tbody tr').first();
    await first.waitFor();
    await expectFits(page, 'returns');
    await first.getByRole('button', { name: 'Approve' }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Approval for RTO').waitFor();
    await dialog.getByTestId('return-lines').waitFor();
    await expectFits(page, 'return-dialog');
    const line = dialog.getByTestId('return-lines').locator('tbody tr').first();
    const wsin = (await line.getAttribute('data-wsin'))!;
    for (const name of [`Damaged quantity of ${wsin}: one more`, `Missing quantity of ${wsin}: one more`]) {
      const b = (await dialog.getByRole('button', { name }).boundingBox())!;
      expect(b.height).toBeGreaterThanOrEqual(44);
      expect(b.x + b.width).toBeLessThanOrEqual(360);
    }
    await dialog.getByRole('button', { name: `Damaged quantity of ${wsin}: one more` }).tap();
    await expect(dialog.getByRole('textbox', { name: `Damaged quantity of ${wsin}` }).inputValue()).resolves.toBe('1');
    for (const name of ['Take photo', 'Choose file']) {
      const b = (await line.getByRole('button', { name }).boundingBox())!;
      expect(b.x + b.width, name).toBeLessThanOrEqual(360);
    }
    await dialog.scrollIntoViewIfNeeded();
    await page.getByTestId('approve-return').scrollIntoViewIfNeeded();
    await expectFits(page, 'return-dialog-bottom');
    await dialog.getByRole('button', { name: 'Cancel' }).tap();
  });

  it('inventory and its popup: Open, Quantity and the tabs on screen', async () => {
    await openFromNav(page, 'Inventory');
    const row = page.getByTestId('inventory-row').first();
    await row.waitFor();
    for (const el of [row.getByTestId('inventory-quantity'), row.getByRole('button', { name: 'Open' })]) {
      const b = (await el.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(360);
    }
    await expectFits(page, 'inventory');
    await row.getByRole('button', { name: 'Open' }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Inventory Inbound' }).waitFor();
    await expectFits(page, 'inventory-popup');
    await dialog.getByRole('tab', { name: 'Update Scanned Stock' }).tap();
    await expectFits(page, 'inventory-popup-scanned');
  });
});

describe('a notification on a touch screen', () => {
  it('has a thumb-sized close button and stands below the header, whose buttons stay pressable (the "Installed on this device" toast, on a seller screen at 360 px)', async () => {
    const context = await run.browser.newContext(HANDHELD);
    const page = await context.newPage();
    await signInUI(page, run.server.url, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Installed on this device' });
    await toast.waitFor({ timeout: 30_000 });
    const close = (await toast.getByRole('button', { name: 'Close notification' }).boundingBox())!;
    expect(close.height).toBeGreaterThanOrEqual(44);
    expect(close.width).toBeGreaterThanOrEqual(44);
    // Over the header it hid the burger, the sync status and the user menu until it faded (some 8 s).
    const header = (await page.locator('header').first().boundingBox())!;
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    const buttons = page.locator('header').getByRole('button');
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const button of await buttons.all()) {
      const box = (await button.boundingBox())!;
      const hit = await button.evaluate((el, p) => el.contains(document.elementFromPoint(p.x, p.y)), { x: box.x + box.width / 2, y: box.y + box.height / 2 });
      expect(hit, await button.getAttribute('aria-label') ?? await button.innerText()).toBe(true);
    }
    await context.close();
  });
});

describe('the same floor screens on a tablet and a laptop', () => {
  for (const viewport of [{ width: 768, height: 1024 }, { width: 1366, height: 768 }]) {
    it(`fits ${viewport.width} px: packing list, packing screen, returns dialog, inventory`, async () => {
      const context = await run.browser.newContext({ viewport, hasTouch: viewport.width < 1000 });
      try {
        const page = await signedIn(context);
        await expectFits(page, 'packing-list', { minTarget: 0 });
        const [order] = await ordersToPack(page, run.server.url, 1);
        await page.getByTestId('awb-input').fill(codeOf(order));
        await page.getByTestId('awb-input').press('Enter');
        await page.getByTestId('items-to-scan').waitFor();
        for (const id of ['wsin-input', 'order-progress']) expect(await inFirstScreen(page, id)).toBe(true);
        await expectFits(page, 'packing-screen', { minTarget: 0 });
        await page.goto(`${run.server.url}/returns`);
        await page.getByTestId('returns-list').locator('tbody tr').first().getByRole('button', { name: 'Approve' }).click();
        await page.getByRole('dialog').getByTestId('return-lines').waitFor();
        await expectFits(page, 'return-dialog', { minTarget: 0 });
        await page.goto(`${run.server.url}/inventory`);
        await page.getByTestId('inventory-row').first().waitFor();
        await expectFits(page, 'inventory', { minTarget: 0 });
      } finally {
        await context.close();
      }
    });
  }
});
