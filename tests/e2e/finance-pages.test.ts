// Finance's desk in a browser: every page of its navigation loads at a 1366x768 laptop and a
// 360 px phone, a page it may not open says why, the remittance charts keep their legend in
// order, and a courier's billed weights imported as finance show the discrepancy with its
// evidence and the disputes-by-courier chart. Screenshots go to $SHOTS when it is set, to be looked at.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_LOGINS } from '../../db/seed-data';
import { navFor } from '../../web/features/shell/nav';
import { signInUI, shot } from './browser';
import { fileServerAndBrowser } from './setup';

const run = fileServerAndBrowser({ orders: 300 });
const FIN = DEMO_LOGINS.find((l) => l.role === 'finance')!;
const SELLER = DEMO_LOGINS.find((l) => l.role === 'seller')!;
/** A 24×24 orange PNG: the parcel photo. */
const PARCEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR42mP40KNBFcQwatCoQaMGjRo0atCoQQNvEAAydLEuLGOGcQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
}, 120_000);

async function signedIn(width: number, height: number, login: { email: string; password: string }, app: string) {
  const context = await run.browser.newContext({ viewport: { width, height }, hasTouch: width < 500, isMobile: width < 500 });
  const page = await context.newPage();
  await signInUI(page, run.server.url, login.email, login.password, app as 'Admin');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 90_000 });
  return { context, page };
}

/** The page's heading shows, no skeleton is left and no error alert says it failed to load. */
async function loaded(page: Page, heading: string) {
  await page.getByRole('heading', { name: heading, level: 2 }).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => {});
  await expect.poll(() => page.locator('.mantine-Skeleton-root').count(), { timeout: 30_000 }).toBe(0);
  expect(await page.getByText(/Could not load|not allowed/i).count()).toBe(0);
}

const HEADINGS: Record<string, string> = { '/invoices': 'Invoices', '/remittance': 'COD remittance', '/weights': 'Weight disputes', '/finance': 'Brands CSV' };

it('every page of the finance navigation loads at 1366 px and at 360 px; a page it may not open says why', async () => {
  expect(navFor('finance').map((n) => n.to)).toEqual(['/invoices', '/remittance', '/weights', '/finance']);
  for (const [w, h] of [[1366, 768], [360, 640]]) {
    const { context, page } = await signedIn(w, h, FIN, 'Finance');
    for (const item of navFor('finance')) {
      await page.goto(`${run.server.url}${item.to}`);
      await loaded(page, HEADINGS[item.to]);
      await shot(page, `finance${item.to.replace('/', '-')}-${w}`, { fullPage: w < 500 });
    }
    // Seller work is not in its navigation, and opening it anyway says why.
    await page.goto(`${run.server.url}/orders`);
    await page.getByText(/not allowed|is for/i).first().waitFor({ timeout: 30_000 });
    await shot(page, `finance-orders-refused-${w}`);
    await context.close();
  }
}, 300_000);

it('a seller sees weight disputes and its tolerance, and is told COD remittance is for finance', async () => {
  const { context, page } = await signedIn(1366, 768, SELLER, 'Seller');
  const nav = page.getByRole('navigation');
  await expect.poll(() => nav.getByRole('link').allTextContents(), { timeout: 30_000 }).toContain('Weight disputes');
  expect(await nav.getByRole('link').allTextContents()).not.toContain('COD remittance');
  await page.goto(`${run.server.url}/weights`);
  await loaded(page, 'Weight disputes');
  await page.getByRole('textbox', { name: 'Accept up to (grams)' }).waitFor();
  await page.goto(`${run.server.url}/remittance`);
  await page.getByText('COD remittance is for finance and admin users.').waitFor({ timeout: 30_000 });
  await context.close();
}, 180_000);

it('finance imports billed weights: the discrepancy shows with its evidence, and the disputes chart by courier', async () => {
  const file = new Database(path.join(run.server.dir, 'app.db'));
  // Orders of the demo seller's company, so that the seller sees the same rows.
  const sellerCompany = (file.prepare('select company_id as c from users where email = ?').get(SELLER.email) as { c: string }).c;
  const picked = file.prepare(`select id, company_id as companyId, tracking_number as awb from orders where tracking_number is not null and company_id = ? order by id limit 3`).all(sellerCompany) as { id: string; companyId: string; awb: string }[];
  const packer = file.prepare(`select id from users where role = 'warehouse' limit 1`).get() as { id: string };
  const pack = file.prepare(`update orders set packed_weight_g = 1200, packed_length_cm = 30, packed_breadth_cm = 20, packed_height_cm = 10, volumetric_weight_g = 1200, chargeable_weight_g = 1200, weighed_at = '2026-11-20T06:30:00.000Z', weighed_by = ? where id = ?`);
  for (const o of picked) pack.run(packer.id, o.id);
  file.close();
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10).split('-').reverse().join('/');
  const csv = ['Waybill,Charged Weight,Billing Date,Excess Charge', `${picked[0].awb},1.7,${today},"₹1,234.50"`, `${picked[1].awb},1.2,${today},`, `${picked[2].awb},2.5,${today},"₹90.00"`].join('\n');
  const csvPath = path.join(run.server.dir, 'delhivery-weights.csv');
  fs.writeFileSync(csvPath, csv);

  const { context, page } = await signedIn(1366, 768, FIN, 'Finance');
  await page.goto(`${run.server.url}/weights`);
  await loaded(page, 'Weight disputes');
  expect(await page.getByRole('textbox', { name: 'Billed weight', exact: true }).inputValue()).toBe('Charged Weight');
  await page.locator('input[type=file]').first().setInputFiles(csvPath);
  await page.getByRole('button', { name: 'Import billed weights' }).click();
  await expect.poll(() => page.getByTestId('weights-import-result').textContent(), { timeout: 30_000 }).toContain('3 billed weights imported; 2 to review');
  const row = page.getByTestId('weights-table').getByRole('row').filter({ hasText: picked[0].awb });
  await row.waitFor({ timeout: 15_000 });
  expect(await row.textContent()).toContain('0.500 kg');
  expect(await row.textContent()).toContain('30×20×10 cm');
  expect(await row.textContent()).toContain('no photo');
  // The rest of the evidence is behind Details: when, by whom, the volumetric weight.
  await row.getByRole('button', { name: `Evidence of ${picked[0].awb}` }).click();
  const details = page.getByTestId('weight-evidence-details');
  await details.waitFor({ timeout: 15_000 });
  expect(await details.textContent()).toContain('(volumetric 1.200 kg)');
  expect(await details.textContent()).toContain('No photo taken at packing');
  // Shown in full once its opening transition ends (a user reads it then).
  await expect.poll(() => details.evaluate((el) => getComputedStyle(el.closest('.mantine-Popover-dropdown')!).opacity), { timeout: 15_000 }).toBe('1');
  await shot(page, 'weights-evidence-details-1366');
  await page.keyboard.press('Escape');
  await details.waitFor({ state: 'hidden', timeout: 15_000 });
  await tableReadsInFull(page);

  // The packer's parcel photo of the first parcel (a proof upload of its company, as the floor makes it):
  // the discrepancy then shows it as a thumbnail, loaded through the private file route.
  // Uploaded here by an admin (finance uploads nothing).
  const admin = await signedIn(1366, 768, DEMO_LOGINS.find((l) => l.role === 'admin')!, 'Admin');
  const key = await admin.page.evaluate(async ({ companyId, bytes }) => {
    const { xsrfToken } = (await (await fetch('/api/auth/session')).json()) as { xsrfToken: string };
    const png = new Uint8Array(bytes);
    const headers = { 'content-type': 'application/json', 'x-xsrf-token': xsrfToken };
    const pre = await (await fetch('/api/uploads/presign', { method: 'POST', headers, body: JSON.stringify({ purpose: 'proof', fileName: 'parcel.png', contentType: 'image/png', size: png.length, companyId }) })).json();
    const put = await fetch(pre.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png', 'x-xsrf-token': xsrfToken }, body: png });
    if (!put.ok) throw new Error(`upload ${put.status}`);
    return pre.key as string;
  }, { companyId: picked[0].companyId, bytes: [...PARCEL_PNG] });
  await admin.context.close();
  const db2 = new Database(path.join(run.server.dir, 'app.db'));
  db2.prepare('update orders set packed_photo_key = ? where id = ?').run(key, picked[0].id);
  db2.close();
  await page.reload();
  const thumb = page.getByTestId('weights-table').getByRole('img', { name: `Parcel photo of ${picked[0].awb} at packing` });
  await thumb.waitFor({ timeout: 30_000 });
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await thumb.getAttribute('src')).toBe(`/api/files/${key}`);
  await thumb.scrollIntoViewIfNeeded();
  await shot(page, 'weights-evidence-photo-1366');
  await tableReadsInFull(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('disputes-chart').locator('.recharts-bar-rectangle').filter({ visible: true }).first().waitFor({ state: 'visible', timeout: 15_000 });
  expect(await page.getByTestId('disputes-chart').locator('[class*="legendItemName"]').allTextContents()).toEqual(['Discrepancy', 'Disputed', 'Accepted', 'Within tolerance']);
  await shot(page, 'weights-imported-1366');

  // The remittance charts: the ageing legend in the order of its buckets, and the weekly chart.
  await page.goto(`${run.server.url}/remittance`);
  await loaded(page, 'COD remittance');
  const legend = page.getByTestId('ageing-chart').locator('[class*="legendItemName"]');
  await legend.first().waitFor({ timeout: 15_000 });
  expect(await legend.allTextContents()).toEqual(['0-7 days', '8-14 days', '15-30 days', '30+ days']);
  expect(await page.getByTestId('weekly-chart').locator('[class*="legendItemName"]').allTextContents()).toEqual(['Expected', 'Received']);
  await shot(page, 'remittance-charts-1366', { fullPage: true });
  await context.close();

  // The seller sees its company's rows the same way, every column in full.
  const seller = await signedIn(1366, 768, SELLER, 'Seller');
  await seller.page.goto(`${run.server.url}/weights`);
  await loaded(seller.page, 'Weight disputes');
  await seller.page.getByTestId('weights-table').getByRole('row').filter({ hasText: picked[0].awb }).waitFor({ timeout: 15_000 });
  await tableReadsInFull(seller.page);
  await seller.page.getByTestId('weights-table').scrollIntoViewIfNeeded();
  await shot(seller.page, 'weights-seller-1366');
  await seller.context.close();
}, 300_000);

/**
 * The weights table at a laptop's width: no sideways scroll (the table is no wider than the space the page
 * gives it, nor the page wider than the window), and every status badge reads in full, not cut to "DISC…".
 */
async function tableReadsInFull(page: Page) {
  const fit = await page.getByTestId('weights-table').evaluate((table) => {
    const frame = table.parentElement!;
    const labels = [...table.querySelectorAll('[data-testid="weight-status"] .mantine-Badge-label')] as HTMLElement[];
    return {
      table: table.getBoundingClientRect().right,
      frame: frame.getBoundingClientRect().right,
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
      badges: labels.length,
      cut: labels.filter((l) => l.scrollWidth > l.clientWidth || l.getBoundingClientRect().right > l.parentElement!.getBoundingClientRect().right + 0.5).map((l) => l.textContent),
      texts: labels.map((l) => l.textContent),
    };
  });
  expect(fit.badges).toBeGreaterThan(0);
  expect(fit.cut).toEqual([]);
  expect(fit.texts).toContain('Discrepancy');
  expect(fit.table).toBeLessThanOrEqual(fit.frame + 0.5);
  expect(fit.page).toBeLessThanOrEqual(fit.window);
}
