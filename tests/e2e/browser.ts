import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Download, type LaunchOptions, type Locator, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // Headless Chromium still builds the address bar's WebUI popups for every window, that is for every
  // context a test opens: a renderer process of its own (and the browser's work to drive it) that no
  // page ever shows. Without them a context that loads the app costs about 45% less CPU (10 contexts
  // opening /orders: 24.5 CPU-s with them, 13.6 without), the largest share of the browser suite's work.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];

function check() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium (.ci/run does it)`);
}

/**
 * Whether the pages of a launched browser may install the app's service worker. Installing it
 * precaches the whole app (about 170 files) in every new context: some 1.4 s of Chromium's CPU a
 * context, a sixth of the browser suite's work. A file that tests the installed app (offline use,
 * the "Installed on this device" notice, the tracking page's offline copy, what axe sees beside the
 * notice) launches with 'allow'; the others test screens as a browser that does not install the app
 * (service workers off, as in some private windows) and launch with the default, 'block'.
 */
export type ServiceWorkers = 'allow' | 'block';

/**
 * How long a navigation (goto, reload, waitForURL, a load state) may take before it fails: 90 s, not
 * Playwright's 30 s. On a busy two-core machine a first load of the app in a new context took longer
 * than 30 s now and then, and a hook that fails skips its whole file. It only stops a hung test.
 */
const NAVIGATION_TIMEOUT_MS = 90_000;
function patient(context: BrowserContext): BrowserContext {
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  return context;
}

export async function launch(opts: { args?: string[]; serviceWorkers?: ServiceWorkers } & Omit<LaunchOptions, 'args'> = {}): Promise<Browser> {
  check();
  const { args = [], serviceWorkers = 'block', ...launchOptions } = opts;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...args], ...launchOptions });
  // Every context of this browser (browser.newPage makes one too) starts with the file's choice; a context may still say otherwise.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options: BrowserContextOptions = {}) => patient(await newContext({ serviceWorkers, ...options }));
  return browser;
}

/** A persistent profile (IndexedDB and the service worker survive a browser restart). */
export async function launchPersistent(dir?: string, extraArgs: string[] = []): Promise<{ context: BrowserContext; dir: string }> {
  check();
  const userDir = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sd-profile-'));
  const context = patient(await chromium.launchPersistentContext(userDir, { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] }));
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

/** A buyer's phone as the tracking page is checked on: 390 x 844, touch, Indian English. */
export const BUYER_PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-IN' };

/** A page in a fresh context of its own (no cookies or storage shared with other pages). */
export async function pageInNewContext(browser: Browser, options: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

/** The demo seller signed in at 1366 x 768, on the orders list with its rows shown. */
export async function sellerOnOrders(browser: Browser, baseURL: string): Promise<Page> {
  const { page } = await pageInNewContext(browser, { viewport: { width: 1366, height: 768 } });
  await signInUI(page, baseURL, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
  await page.waitForURL(/\/orders/);
  await page.getByTestId('order-row').first().waitFor();
  return page;
}

/**
 * Until the page has painted twice and no CSS transition or animation runs (Mantine's fades and slides, a
 * notification sliding in), instead of a fixed sleep: a transition a render has just asked for starts by
 * the second frame. At most 3 s (an endless animation, such as a loader, is not waited out).
 */
export async function animationsSettled(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 3000 }).catch(() => {});
}

/**
 * A screenshot for a person to look at, kept only when SHOTS names a folder (`SHOTS=/tmp/shots npm run test:e2e`):
 * no test reads one, and each costs Chromium a paint and a PNG encode (some seventy a run).
 */
export async function shot(target: Page | Locator, name: string, opts: { fullPage?: boolean } = {}) {
  const dir = process.env.SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await ('goto' in target ? target.screenshot({ path: file, ...opts }) : target.screenshot({ path: file }));
}

/** A download's bytes, read from the browser's stream (which works as well for a browser connected to over the network, where a download has no local path). */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
