import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

function check() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium (.ci/run does it)`);
}

export async function launch(extraArgs: string[] = [], opts: LaunchOptions = {}): Promise<Browser> {
  check();
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs], ...opts });
}

/** A persistent profile (IndexedDB and the service worker survive a browser restart). */
export async function launchPersistent(dir?: string, extraArgs: string[] = []): Promise<{ context: BrowserContext; dir: string }> {
  check();
  const userDir = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sd-profile-'));
  const context = await chromium.launchPersistentContext(userDir, { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
  return { context, dir: userDir };
}

export async function signInUI(page: Page, baseURL: string, email: string, password: string, app: 'Seller' | 'Warehouse' | 'Admin' = 'Seller') {
  await page.goto(`${baseURL}/login`);
  await page.getByText(app, { exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Waits until what the page loaded is kept on the device (web/pwa/queryPersistence.ts marks
 * <html data-query-cache> "saving" from a loaded query until its write ends), instead of a fixed sleep.
 */
export async function deviceSaved(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.queryCache === 'saved', null, { timeout: 30_000 });
}
