// On a desktop (1366 x 768): a seller finds orders by the
// customer's name and works NDR and unserviceable orders and a buyer's request.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_COMPANIES } from '../../db/seed';
import { sellerOnOrders, shot } from './browser';
import { fileServerAndBrowser } from './setup';

const run = fileServerAndBrowser({ orders: 400 });
let db: Database.Database;
type Row = { id: string; shop_order_id: string; customer_name: string; status: string; tracking_number: string | null };
const company = DEMO_COMPANIES[0].id;

beforeAll(async () => {
  db = new Database(path.join(run.server.dir, 'app.db'), { fileMustExist: true });
});
afterAll(async () => {
  db?.close();
});

/** An order of the demo seller put in `status` (as the courier or the check would). */
let used = 0;
function orderAs(status: string): Row {
  const from = status === 'UNSERVICEABLE' ? 'PLACED' : 'IN_TRANSIT';
  const rows = db.prepare(`SELECT * FROM orders WHERE company_id = ? AND status = ? ORDER BY id`).all(company, from) as Row[];
  const o = rows[used++ % rows.length];
  db.prepare(`UPDATE orders SET status = ?, version = version + 1 WHERE id = ?`).run(status, o.id);
  return { ...o, status };
}

const sellerPage = () => sellerOnOrders(run.browser, run.server.url);

/** Types into the list's search and opens the order's slider from its row. */
async function openBySearch(page: Page, q: string, orderId: string) {
  const box = page.getByRole('textbox', { name: 'Search orders' });
  await box.fill(q);
  await box.press('Enter');
  const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
  await row.waitFor({ timeout: 15_000 });
  await row.getByTestId('order-link').click();
  const slider = page.getByTestId('order-info');
  await slider.waitFor();
  return slider;
}

describe('problem orders on a desktop', () => {
  it('finds an NDR order by the customer’s first name in small letters, requests a re-attempt, then returns it to origin', async () => {
    const o = orderAs('UNDELIVERED');
    const page = await sellerPage();
    const slider = await openBySearch(page, o.customer_name.split(' ')[0].toLowerCase(), o.id);
    const actions = slider.getByTestId('problem-actions');
    await actions.getByRole('button', { name: 'Request Re-attempt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Re-attempt' });
    await dialog.getByText('4 pm to 8 pm').click();
    await dialog.getByRole('button', { name: 'Request Re-attempt' }).click();
    await page.getByText('Re-attempt requested').first().waitFor();
    await slider.getByText(/Re-attempt requested for .+, 4 pm to 8 pm/).first().waitFor();
    for (const b of await actions.getByRole('button').all()) {
      const box = await b.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
    }
    await shot(page, 'tracking-ndr-actions');

    await actions.getByRole('button', { name: 'Return to Origin' }).click();
    await page.getByRole('dialog', { name: 'Return to Origin' }).getByRole('button', { name: 'Return to Origin' }).click();
    await page.getByText('Return to origin requested').first().waitFor();
    await expect.poll(() => page.getByTestId('order-info-status').textContent()).toBe('RTO in transit');
    await page.context().close();
  });

  it('changes the courier of an unserviceable order and cancels another', async () => {
    const a = orderAs('UNSERVICEABLE');
    const page = await sellerPage();
    let slider = await openBySearch(page, a.shop_order_id, a.id);
    const actions = slider.getByTestId('problem-actions');
    await expect(actions.getByRole('button').allTextContents()).resolves.toEqual(['Re-check Serviceability', 'Change Courier', 'Cancel Order']);
    await actions.getByRole('button', { name: 'Change Courier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Courier' });
    await dialog.getByRole('combobox', { name: 'Courier' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Change Courier' }).click();
    await page.getByText(/^Courier changed/).first().waitFor();
    await slider.getByText(/^Courier changed to /).first().waitFor();
    await page.keyboard.press('Escape');

    const b = orderAs('UNSERVICEABLE');
    slider = await openBySearch(page, b.shop_order_id, b.id);
    await slider.getByTestId('problem-actions').getByRole('button', { name: 'Cancel Order' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Order' });
    await cancel.getByRole('textbox', { name: 'Reason for cancellation' }).fill('Buyer cannot be reached at any address');
    await cancel.getByRole('button', { name: 'Cancel Order' }).click();
    await expect.poll(() => page.getByTestId('order-info-status').textContent()).toBe('cancelled');
    expect((db.prepare('SELECT status, cancel_reason FROM orders WHERE id = ?').get(b.id) as { status: string }).status).toBe('CANCELLED');
    await page.context().close();
  });

  it('accepts a buyer’s request from the User Requests popup', async () => {
    const o = orderAs('UNDELIVERED');
    const id = 'ffffffff-0000-7000-8000-00000000e2e1'; // the newest id: first in the list
    db.prepare(`INSERT INTO customer_requests (id, order_id, company_id, kind, payload, status, created_at) VALUES (?, ?, ?, 'address', ?, 'OPEN', ?)`)
      .run(id, o.id, company, JSON.stringify({ landmark: 'Opposite the water tank', phone: '9812312345' }), new Date().toISOString());
    const page = await sellerPage();
    await page.goto(`${run.server.url}/orders?tab=user-requests`);
    await page.getByTestId('customer-requests').waitFor();
    const box = page.getByRole('textbox', { name: 'Search orders' });
    if (await box.count()) await box.fill('');
    await page.getByTestId('customer-requests').getByRole('button', { name: o.customer_name }).first().click();
    const modal = page.getByRole('dialog', { name: 'Customer request (NDR)' });
    await modal.getByTestId('request-decision').waitFor();
    await modal.getByRole('button', { name: 'Accept and Apply' }).click();
    await page.getByText('Request accepted and applied').first().waitFor();
    await expect.poll(() => (db.prepare('SELECT status FROM customer_requests WHERE id = ?').get(id) as { status: string }).status).toBe('ACCEPTED');
    expect((db.prepare('SELECT customer_phone FROM orders WHERE id = ?').get(o.id) as { customer_phone: string }).customer_phone).toBe('9812312345');
    await page.context().close();
  });
});
