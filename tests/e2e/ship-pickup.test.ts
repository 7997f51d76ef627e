// On a 1366 x 768 laptop: an order shipped with the company's live Shiprocket account (a local server answering
// as Shiprocket documents) offers "Request pickup" in the dialog that shipped it, asks Shiprocket for the
// order's warehouse and shows its answer in words; an order shipped with a demo courier offers none. The courier
// choice names the courier behind Shiprocket's price, or says its price is the rate table's when Shiprocket is down.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shiprocketServer } from '../db/courier-servers';
import { sellerOnOrders, shot } from './browser';
import { fileServerAndBrowser } from './setup';

const sr = shiprocketServer();
const run = fileServerAndBrowser({ orders: 300 });
let srUrl = '';
beforeAll(async () => {
  srUrl = await new Promise<string>((r) => sr.server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(sr.server.address() as AddressInfo).port}`)));
});
afterAll(async () => {
  sr.server.close();
});

const sellerPage = () => sellerOnOrders(run.browser, run.server.url);

/** Opens a PLACED order's READY TO SHIP dialog, picks the courier and ships; answers the dialog. */
async function ship(page: Page, order: { id: string; shopOrderId: string }, courier: string, beforeConfirm?: (rts: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.goto(`${run.server.url}/orders?order=${order.id}`);
  const slider = page.getByRole('dialog', { name: `Order ${order.shopOrderId}` });
  await slider.waitFor();
  await slider.getByRole('button', { name: 'READY TO SHIP' }).click();
  const rts = page.getByRole('dialog', { name: 'READY TO SHIP' });
  await rts.getByRole('radio', { name: courier, exact: true }).check();
  await beforeConfirm?.(rts);
  await rts.getByRole('button', { name: 'Confirm and ship' }).click();
  await rts.getByTestId('courier-booked').waitFor({ timeout: 30_000 });
  return rts;
}

describe('the ship dialog at 1366 x 768', () => {
  it("requests the pickup of a parcel shipped with the company's live Shiprocket account and shows Shiprocket's answer", async () => {
    const page = await sellerPage();
    const xsrf = (await (await page.request.get(`${run.server.url}/api/auth/session`)).json()).xsrfToken as string;
    const made = await page.request.post(`${run.server.url}/api/integrations/connections`, {
      headers: { 'x-xsrf-token': xsrf },
      data: { kind: 'shiprocket', label: 'Shiprocket', baseUrl: srUrl, settings: { defaultPickupLocation: 'Okhla Home' }, secrets: { email: 'api@seller.in', password: 'sr-pw' } },
    });
    expect(made.status()).toBe(201);
    const list = await (await page.request.get(`${run.server.url}/api/orders?tab=all&status=PLACED&pageSize=20`)).json();
    const [order, demoOrder, tableOrder] = list.order as { id: string; shopOrderId: string }[];

    // Shiprocket's price is that of the courier it will hand the parcel to, named under the price; the booking names it too.
    const rts = await ship(page, order!, 'Shiprocket', async (choice) => {
      const via = choice.getByTestId('quote-via-shiprocket');
      await expect(via.textContent()).resolves.toBe('via Ekart Logistics Surface');
      await expect(choice.getByTestId('quote-shiprocket').textContent()).resolves.toContain('₹71.25');
      const b = (await via.boundingBox())!;
      expect(b.y + b.height).toBeLessThanOrEqual(768);
      await shot(page, 'ship-choice-via');
    });
    const awb = ((await rts.getByTestId('booked-awb').textContent()) ?? '').trim();
    expect(awb).toBe(sr.st.orders.get(order!.id)!.awb);
    expect(sr.st.assigns.at(-1)).toEqual({ shipment_id: sr.st.orders.get(order!.id)!.shipmentId, courier_id: 43 });
    await rts.getByRole('button', { name: 'Request pickup' }).click();
    const form = rts.getByTestId('request-pickup');
    await form.waitFor();
    // Today, in India, written as the app writes days in inputs.
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10).split('-').reverse().join('/');
    await expect(form.getByLabel('Pickup date').inputValue()).resolves.toBe(today);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => /\/api\/integrations\/connections\/[^/]+\/pickup$/.test(r.url()) && r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Ask Shiprocket to collect' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    const result = rts.getByTestId('pickup-result');
    await result.waitFor();
    await expect(result.textContent()).resolves.toBe('Pickup is scheduled for Nov 28, 2026 between 10:00 AM to 07:00 PM');
    expect(sr.st.pickupRequests.at(-1)).toContain(sr.st.orders.get(order!.id)!.shipmentId);
    // The answer and the form stay inside the dialog and on screen.
    const box = (await rts.boundingBox())!;
    for (const el of [result, form.getByRole('button', { name: 'Ask Shiprocket to collect' })]) {
      const b = (await el.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(box.x);
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
      expect(b.y + b.height).toBeLessThanOrEqual(768);
    }
    await shot(page, 'ship-dialog-pickup');
    await rts.getByRole('button', { name: 'Close' }).click();
    // The order's panel offers the same while the parcel waits to be collected.
    const slider = page.getByRole('dialog', { name: `Order ${order!.shopOrderId}` });
    await slider.getByRole('button', { name: 'Request pickup' }).waitFor();
    await shot(page, 'order-panel-pickup');

    // A demo courier takes no pickup request from here.
    const demo = await ship(page, demoOrder!, 'Blue Dart');
    await expect(demo.getByRole('button', { name: 'Print label' }).isVisible()).resolves.toBe(true);
    await page.waitForLoadState('networkidle');
    await expect(demo.getByRole('button', { name: 'Request pickup' }).count()).resolves.toBe(0);
    await shot(page, 'ship-dialog-demo');
    await demo.getByRole('button', { name: 'Close' }).click();
    const demoSlider = page.getByRole('dialog', { name: `Order ${demoOrder!.shopOrderId}` });
    await demoSlider.getByTestId('ship-documents').waitFor();
    await page.waitForLoadState('networkidle');
    await expect(demoSlider.getByRole('button', { name: 'Request pickup' }).count()).resolves.toBe(0);

    // Shiprocket down: its rate table's price, and the choice says so beside it.
    sr.st.serviceabilityDown = true;
    await page.goto(`${run.server.url}/orders?order=${tableOrder!.id}`);
    await page.getByRole('dialog', { name: `Order ${tableOrder!.shopOrderId}` }).getByRole('button', { name: 'READY TO SHIP' }).click();
    const choice = page.getByRole('dialog', { name: 'READY TO SHIP' });
    const note = choice.getByTestId('quote-note-shiprocket');
    await note.waitFor();
    sr.st.serviceabilityDown = false;
    await expect(note.textContent()).resolves.toBe("Shiprocket did not give its price (Shiprocket answered 503); this is its rate table's price");
    await expect(choice.getByTestId('quote-via-shiprocket').count()).resolves.toBe(0);
    const nb = (await note.boundingBox())!;
    const cb = (await choice.boundingBox())!;
    expect(nb.x + nb.width).toBeLessThanOrEqual(cb.x + cb.width);
    await shot(page, 'ship-choice-table-note');
    await page.context().close();
  }, 120_000);
});
