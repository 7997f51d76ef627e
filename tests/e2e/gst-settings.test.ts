// Settings > GST on a 1366x768 laptop: the seller turns e-invoicing on with the
// company's turnover band, adds demo-sandbox credentials for a GSTIN, sees a
// B2B invoice registered (IRN and Ack No in the queue) and cancels its IRN with
// a reason after confirming.
import { beforeAll, expect, it } from 'vitest';
import { DEMO_WAREHOUSES } from '../../db/seed';
import { DEMO_LOGINS } from '../../db/seed-data';
import { makeGstin } from '../../domain/gstin';
import { signInUI, shot } from './browser';
import { fileServerAndBrowser } from './setup';
import { demoSellerGstinAndTea, signedInApi } from './seller-helpers';

const run = fileServerAndBrowser({ orders: 20 });
const SELLER = DEMO_LOGINS.find((l) => l.role === 'seller')!;

beforeAll(async () => {
}, 120_000);

it('turns e-invoicing on, adds demo credentials, sees the IRN of a B2B invoice and cancels it', async () => {
  const { gstin, teaId } = demoSellerGstinAndTea(run.server.dir);

  const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signInUI(page, run.server.url, SELLER.email, SELLER.password, 'Seller');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 90_000 });
  await page.goto(`${run.server.url}/settings/gst`);
  await page.getByRole('heading', { name: 'E-invoicing' }).waitFor({ timeout: 30_000 });
  await shot(page, 'gst-empty', { fullPage: true });

  await page.getByLabel('Aggregate turnover (previous financial year)', { exact: true }).first().click();
  await page.getByRole('option', { name: '₹5 crore to below ₹10 crore' }).click();
  await expect.poll(() => page.getByText('HSN codes on B2B invoices need at least 6 digits.').count()).toBe(1);
  await page.getByRole('switch', { name: 'Register B2B and distributor invoices with the IRP' }).check({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved').waitFor();

  const irpForm = page.getByRole('form', { name: 'IRP credentials per GSTIN' });
  await irpForm.locator('label').filter({ hasText: 'Demo sandbox' }).click();
  await irpForm.getByRole('textbox', { name: 'GSTIN' }).fill(gstin);
  await irpForm.getByRole('button', { name: 'Add GSTIN' }).click();
  await page.getByRole('cell', { name: gstin }).waitFor();

  // A B2B order ships from Bhiwandi (Maharashtra): its invoice is registered by the server's task worker.
  const call = await signedInApi(run.server.url, SELLER);
  const created = await call('/api/orders/manual', 'POST', {
    id: `E2E-EINV-${Date.now() % 100000}`, orderType: 1, pricingType: 0, paymentMethod: 'prepaid', shippingPrice: '40', whId: DEMO_WAREHOUSES[0].id,
    shippingAddress: { firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: '', address1: 'Shop 4, Linking Road', address2: 'Dadar West', zip: '400028', city: 'Mumbai', state: 'Maharashtra', gstin: makeGstin('27', 'AAPFU0939F'), companyName: 'Mumbai Retail LLP' },
    sameAsShipping: true, items: [{ catalogueId: teaId, quantity: 3 }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const shipped = await call(`/api/orders/${created.body.data.id}/ready-to-ship`, 'PATCH');
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: '27AAPFU0939F' });
  await row.getByText('Registered').waitFor({ timeout: 30_000 }).catch(async (e) => {
    await shot(page, 'gst-not-registered', { fullPage: true });
    throw e;
  });
  await expect.poll(() => row.getByText(/^[0-9a-f]{64}$/).count()).toBe(1);
  await shot(page, 'gst-registered', { fullPage: true });

  await row.getByRole('button', { name: 'Cancel IRN' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel IRN' }).click();
  await dialog.getByText('Please choose a reason').waitFor();
  await dialog.getByLabel('Reason', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Data entry mistake' }).click();
  await dialog.getByRole('textbox', { name: 'Remark' }).fill('Wrong quantity');
  await shot(page, 'gst-cancel');
  await dialog.getByRole('button', { name: 'Cancel IRN' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => page.getByRole('row').filter({ hasText: '27AAPFU0939F' }).count()).toBe(0);
  await context.close();
}, 180_000);
