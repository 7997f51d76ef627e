import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, signInUI } from './browser';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launch({ serviceWorkers: 'allow' });
});
afterAll(async () => browser?.close());

describe('the app shell', () => {
  it('signs up a company, signs in, sees the shell, and signs out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const tb = (name: string) => page.getByRole('textbox', { name, exact: true });
    await page.goto(`${baseURL}/signup?kind=company`);
    await page.getByRole('button', { name: 'Signup' }).click();
    await expect(page.getByText('Please enter your Company Name!').first().isVisible()).resolves.toBe(true);

    await tb('Company Name').fill('Malabar Spice Traders');
    await tb('Email').fill('owner@malabarspice.in');
    await tb('Phone').fill('9847012345');
    await tb('Website').fill('www.malabarspice.in');
    await tb('PAN').fill('ABCPM1234K');
    await tb('GST').fill('32ABCPM1234K1Z5');
    await tb('PoC').fill('Anil Menon');
    await tb('PoC Phone').fill('9847098765');
    await tb('Address Line 1').fill('14, Broadway');
    await tb('Address Line 2').fill('Ernakulam');
    await tb('City').fill('Kochi');
    await page.getByLabel('State').first().click();
    await page.getByLabel('State').first().fill('Kerala');
    await page.getByRole('option', { name: 'Kerala' }).click();
    await tb('Pincode').fill('682031');
    await tb('Password').fill('Pepper@2026');
    await tb('Confirm Password').fill('Pepper@2025');
    await page.getByRole('button', { name: 'Signup' }).click();
    await page.getByText('The two passwords that you entered do not match!').waitFor();
    await tb('Confirm Password').fill('Pepper@2026');
    await page.getByRole('button', { name: 'Signup' }).click();
    await page.waitForURL(/\/login/);

    await signInUI(page, baseURL, 'owner@malabarspice.in', 'Pepper@2026', 'Seller');
    await page.waitForURL(/\/orders/);
    await expect(page.getByTestId('role-badge').textContent()).resolves.toBe('Seller');
    await expect(page.getByRole('link', { name: 'Catalogue' }).isVisible()).resolves.toBe(true);
    // admin-only areas are not offered to a seller
    await expect(page.getByRole('link', { name: 'Mail outbox' }).count()).resolves.toBe(0);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await page.goto(`${baseURL}/orders`);
    await page.waitForURL(/\/login/);
    await context.close();
  });

  it('signs in as a warehouse user and switches company', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInUI(page, baseURL, 'warehouse@shipdesk.in', 'Warehouse@1234', 'Warehouse');
    await page.waitForURL(/\/fulfillment/);
    await expect(page.getByTestId('role-badge').textContent()).resolves.toBe('Warehouse');
    const session = async () => (await page.request.get(`${baseURL}/api/auth/session`)).json();
    const before = await session();
    expect(before.selectedCompanyIds).toEqual([before.companyData[0].id]);
    const switcher = page.getByTestId('company-switcher');
    await switcher.click();
    await page.getByRole('option', { name: before.companyData[1].name }).click();
    await expect.poll(async () => (await session()).selectedCompanyIds).toEqual([before.companyData[0].id, before.companyData[1].id]);
    await context.close();
  });

  it('wrong credentials show the server message', async () => {
    const page = await browser.newPage();
    await signInUI(page, baseURL, 'seller@shipdesk.in', 'wrong-password', 'Seller');
    await page.getByText('Invalid email or password').waitFor();
    await page.close();
  });

  it('reloads the installed shell with the network off', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInUI(page, baseURL, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.waitForURL(/\/orders/);
    // the service worker has taken control and precached the shell
    await page.waitForFunction(async () => {
      const reg = await navigator.serviceWorker.ready;
      return !!reg.active && (await caches.keys()).length > 0;
    }, null, { timeout: 30_000 });
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30_000 });
    const manifest = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'));
    expect(manifest).toBe('/manifest.webmanifest');
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('role-badge').waitFor();
    await expect(page.getByText('Offline', { exact: true }).first().isVisible()).resolves.toBe(true);
    await context.setOffline(false);
    await context.close();
  });

  it('the "Installed on this device" notice leaves even while the pointer rests on it, and what lay under it can be pressed', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await signInUI(page, baseURL, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
    await page.waitForURL(/\/orders/);
    const notice = page.locator('.mantine-Notification-root', { hasText: 'Installed on this device' });
    await notice.waitFor({ timeout: 30_000 });
    const box = (await notice.boundingBox())!;
    // A pointer parked on the notice pauses its own 4 s close (Mantine's hover pause).
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const shownAt = Date.now();
    await notice.waitFor({ state: 'detached', timeout: 20_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);
    await page.getByRole('button', { name: 'Bulk Order Upload' }).click();
    await page.getByRole('dialog', { name: 'Bulk Order Upload' }).waitFor();
    await context.close();
  });
});
