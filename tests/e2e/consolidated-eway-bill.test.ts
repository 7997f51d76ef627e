// The manifest's consolidated e-way bill on a 1366x768 laptop: two shipped orders with e-way bills (the demo
// e-way bill system) and one without on this device's manifest; the seller opens "Consolidated e-way bill" from
// the manifest bar, enters the vehicle, confirms, and reads the consolidated e-way bill's number. Every button
// pressed is inside the window.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_WAREHOUSES } from '../../db/seed';
import { DEMO_LOGINS } from '../../db/seed-data';
import { signInUI, shot } from './browser';
import { fileServerAndBrowser } from './setup';
import { demoSellerGstinAndTea, signedInApi } from './seller-helpers';

const run = fileServerAndBrowser({ orders: 20 });
const SELLER = DEMO_LOGINS.find((l) => l.role === 'seller')!;

beforeAll(() => {
});

/** Presses a button after checking it lies inside the window and nothing covers its middle. */
async function press(page: Page, button: Locator) {
  const box = (await button.boundingBox())!;
  expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= 1366 && box.y + box.height <= 768, JSON.stringify(box)).toBe(true);
  const onTop = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && el.contains(hit);
  });
  expect(onTop).toBe(true);
  await button.click();
}

it("consolidates the manifest's e-way bills for one vehicle", async () => {
  const { gstin, teaId } = demoSellerGstinAndTea(run.server.dir);

  const call = await signedInApi(run.server.url, SELLER);
  expect((await call('/api/integrations/connections', 'POST', { kind: 'gst-ewb', label: 'Demo', settings: { gstin, mode: 'demo' } })).status).toBe(201);
  const orders: { id: string; shopOrderId: string; ewbNo?: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const created = await call('/api/orders/manual', 'POST', {
      id: `E2E-CEWB-${i}-${Date.now() % 100000}`, orderType: 0, pricingType: 0, paymentMethod: 'prepaid', shippingPrice: '40', whId: DEMO_WAREHOUSES[0].id,
      shippingAddress: { firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: '', address1: 'Shop 4, Linking Road', address2: 'Dadar West', zip: '400028', city: 'Mumbai', state: 'Maharashtra' },
      sameAsShipping: true, items: [{ catalogueId: teaId, quantity: 1 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await call(`/api/orders/${created.body.data.id}/ready-to-ship`, 'PATCH')).status).toBe(200);
    const order = { id: created.body.data.id as string, shopOrderId: created.body.data.shopOrderId as string, ewbNo: undefined as string | undefined };
    if (i < 2) {
      const detail = await call(`/api/orders/${order.id}`);
      const made = await call(`/api/gst/invoices/${detail.body.data.invoiceId}/ewaybill`, 'POST', { distanceKm: 48 });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      order.ewbNo = made.body.ewayBill.ewbNo;
    }
    orders.push(order);
  }
  const userId = (await call('/api/auth/session')).body.user.id as string;

  const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signInUI(page, run.server.url, SELLER.email, SELLER.password, 'Seller');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 90_000 });
  await page.evaluate(
    ([key, entries]) => localStorage.setItem(key, entries),
    [`shipdesk.manifest.${userId}`, JSON.stringify(orders.map((o) => ({ id: o.id, shopOrderId: o.shopOrderId, shipper: 'Delhivery' })))],
  );
  await page.goto(`${run.server.url}/orders`);
  const bar = page.getByTestId('manifest-bar');
  await bar.waitFor({ timeout: 30_000 });
  await shot(page, 'consolidate-bar');
  await press(page, bar.getByRole('button', { name: 'Consolidated e-way bill' }));
  const dialog = page.getByRole('dialog', { name: 'Consolidated e-way bill' });
  const form = dialog.getByRole('form', { name: 'Consolidated e-way bill' });
  await form.waitFor({ timeout: 30_000 });
  await expect.poll(() => form.getByText(`Left out, no e-way bill: ${orders[2].shopOrderId}.`).count()).toBe(1);
  await shot(page, 'consolidate-form');

  await press(page, form.getByRole('button', { name: 'Continue' }));
  await form.getByText('Please enter the vehicle number').waitFor();
  await form.getByRole('textbox', { name: 'Vehicle number' }).fill('mh04ab1234');
  await press(page, form.getByRole('button', { name: 'Continue' }));
  await form.getByText('A consolidated e-way bill for 2 e-way bills in vehicle MH04AB1234 is registered with the e-way bill system.').waitFor();
  await shot(page, 'consolidate-confirm');
  await press(page, form.getByRole('button', { name: 'Generate consolidated e-way bill' }));
  const result = dialog.getByText(/^Consolidated e-way bill \d+$/);
  await result.waitFor({ timeout: 30_000 });
  await expect.poll(() => dialog.getByText(new RegExp(`${orders[0].ewbNo}, ${orders[1].ewbNo}|${orders[1].ewbNo}, ${orders[0].ewbNo}`)).count()).toBe(1);
  await shot(page, 'consolidate-done');
  const list = await call('/api/gst/ewaybills');
  const no = (await result.textContent())!.replace('Consolidated e-way bill ', '');
  for (const o of orders.slice(0, 2)) expect(list.body.ewayBills.find((e: { ewbNo: string }) => e.ewbNo === o.ewbNo)?.consolidatedNo).toBe(no);
  await press(page, dialog.getByRole('button', { name: 'Done' }));
  await dialog.waitFor({ state: 'detached' });
  await context.close();
}, 180_000);
