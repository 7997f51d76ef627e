// The floor's offline promise where real use breaks it: two tabs sharing one
// outbox, a push the network swallows, and a session that ends while the
// packer keeps packing.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openOrder, ordersToPack, packedOnServer, pending, scanAllUnits, signInToStation, WAREHOUSE } from './floor-helpers';
import { fileServer, persistentProfiles } from './setup';
import { shot } from './browser';

const run = fileServer({ orders: 400 });

async function phone(context: BrowserContext) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize({ width: 360, height: 640 });
  return page;
}

const packedTrails = (orderId: string) => packedOnServer(run.server.dir, orderId).packedTrails;

/** Whether every tab's waiting count is the device's outbox, with something in it. */
async function showsOutbox(tabs: Page[]): Promise<boolean> {
  const n = await outboxSize(tabs[0]);
  const counts = await Promise.all(tabs.map(pending));
  return n > 0 && counts.every((c) => c === n);
}

/** Commands in the device's outbox, read from IndexedDB itself. */
const outboxSize = (page: Page) =>
  page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('shipdesk-sync-'))!.name!;
    return new Promise<number>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => {
        const count = req.result.transaction('outbox').objectStore('outbox').count();
        count.onsuccess = () => {
          req.result.close();
          resolve(count.result);
        };
        count.onerror = () => reject(count.error);
      };
    });
  });

describe('the floor offline, as packers break it', () => {
  let context: BrowserContext;
  const profiles = persistentProfiles();

  it('two tabs offline: each shows every change waiting on the device, not only its own', async () => {
    ({ context } = await profiles.fresh());
    const a = await phone(context);
    await signInToStation(a, run.server.url);
    const [first, second] = await ordersToPack(a, run.server.url, 2);
    const b = await context.newPage();
    await b.setViewportSize({ width: 360, height: 640 });
    await b.goto(`${run.server.url}/fulfillment`);
    await b.getByTestId('pack-row').first().waitFor({ timeout: 30_000 });

    await context.setOffline(true);
    await expect.poll(() => b.getByTestId('sync-status').getAttribute('data-online'), { timeout: 15_000 }).toBe('false');
    await openOrder(a, first);
    await scanAllUnits(a, first);
    // Tab B did not scan, yet the device holds A's changes: B says so. (Compared with the outbox as it is at each
    // look: A may still be adding its order's last command.)
    await expect.poll(async () => showsOutbox([b]), { timeout: 15_000 }).toBe(true);
    const afterA = await outboxSize(a);
    await openOrder(b, second);
    await scanAllUnits(b, second);
    await expect.poll(() => outboxSize(b), { timeout: 15_000 }).toBeGreaterThan(afterA);
    await expect.poll(async () => showsOutbox([a, b]), { timeout: 15_000 }).toBe(true);

    await context.setOffline(false);
    await expect.poll(() => pending(a), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => pending(b), { timeout: 30_000 }).toBe(0);
    expect([packedTrails(first.key), packedTrails(second.key)]).toEqual([1, 1]);
    await context.close();
  });

  it('a push the network swallows is given up on and sent again, without a reload or a tap', async () => {
    ({ context } = await profiles.fresh());
    const page = await phone(context);
    await signInToStation(page, run.server.url);
    const [order] = await ordersToPack(page, run.server.url, 1);
    // The first push is accepted by the network and never answered (a stalled proxy); later ones go through.
    let swallowed = 0;
    await context.route('**/api/sync/push', (route) => {
      if (swallowed++ === 0) return; // never answered
      return route.continue();
    });
    await openOrder(page, order);
    await scanAllUnits(page, order);
    await expect.poll(() => swallowed, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => packedTrails(order.key), { timeout: 90_000, interval: 1000 }).toBe(1);
    await expect.poll(() => pending(page), { timeout: 15_000 }).toBe(0);
    expect(await outboxSize(page)).toBe(0);
    await context.close();
  }, 180_000);

  it('a session that ends while packing: the status says nothing is syncing and why, and signing in again sends it all', async () => {
    ({ context } = await profiles.fresh());
    const page = await phone(context);
    await signInToStation(page, run.server.url);
    const [order] = await ordersToPack(page, run.server.url, 1);
    // Signed out on the server (expired, or signed out elsewhere); the packing screen stays open.
    await context.clearCookies();
    await openOrder(page, order);
    await scanAllUnits(page, order);
    await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-signed-out'), { timeout: 15_000 }).toBe('true');
    await page.getByText('Not syncing: sign in again', { exact: true }).waitFor();
    await shot(page, 'signed-out');
    await page.getByTestId('sync-status').click();
    const notice = page.getByTestId('sync-signed-out');
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain('stay on this device and are sent once you sign in again');
    expect(packedTrails(order.key)).toBe(0);

    await notice.getByRole('button', { name: 'Sign in again' }).click();
    await page.waitForURL(/\/login/);
    await page.getByText('Warehouse', { exact: true }).click();
    await page.getByLabel('Email').fill(WAREHOUSE[0]);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(WAREHOUSE[1]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/fulfillment/);
    await expect.poll(() => packedTrails(order.key), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-signed-out'), { timeout: 15_000 }).toBe('false');
    await context.close();
  });
});
