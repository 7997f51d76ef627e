// A seller approves an RTO from the orders screens (part 1 §2, §4): the list
// and the order slider offer "Approve RTO" on an RTO_DELIVERED order, opening
// the returns station's dialog (same rules and messages, photo optional);
// afterwards the order is RTO_PROCESSED on the server and the slider offers
// the read-only RTO/DTO details instead.
import { describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../db/seed';
import { signInUI } from './browser';
import { serverDb } from './floor-helpers';
import { fileServerAndBrowser } from './setup';

const run = fileServerAndBrowser({ orders: 400 });

function orderIn(status: string) {
  const db = serverDb(run.server.dir);
  try {
    return db.prepare('select id, shop_order_id as shopOrderId from orders where company_id = ? and status = ? order by id limit 1').get(DEMO_COMPANIES[0].id, status) as { id: string; shopOrderId: string };
  } finally {
    db.close();
  }
}

function serverState(orderId: string) {
  const db = serverDb(run.server.dir);
  try {
    const { status } = db.prepare('select status from orders where id = ?').get(orderId) as { status: string };
    const rows = db.prepare('select wsin, missing_quantity as missing, damage_quantity as damaged, actor_name as actor from return_items where order_id = ? order by wsin').all(orderId) as { wsin: string; missing: number; damaged: number; actor: string }[];
    return { status, rows };
  } finally {
    db.close();
  }
}

describe('return approval from the orders screens', () => {
  it('a seller approves an RTO from the order slider; the slider then offers the read-only details', async () => {
    const order = orderIn('RTO_DELIVERED');
    expect(order).toBeDefined();
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    try {
      await signInUI(page, run.server.url, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
      await page.waitForURL(/\/orders/);
      // The returns station is in a seller's navigation too.
      await page.getByRole('link', { name: 'Returns', exact: true }).waitFor();

      await page.goto(`${run.server.url}/orders?tab=returns&q=${encodeURIComponent(order.shopOrderId)}`);
      const row = page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
      await row.waitFor({ timeout: 30_000 });
      // The list offers the action on the row.
      await row.getByRole('button', { name: 'Approve RTO' }).waitFor();

      await row.getByTestId('order-link').click();
      const slider = page.getByTestId('order-info');
      await slider.waitFor();
      await slider.getByRole('button', { name: 'Approve RTO' }).click();
      const dialog = page.getByRole('dialog', { name: 'Approval for RTO' });
      await dialog.getByTestId('return-lines').waitFor();
      const line = dialog.getByTestId('return-lines').locator('tbody tr').first();
      const wsin = (await line.getAttribute('data-wsin'))!;
      // The same rules as the station: no more than the units that came back.
      const max = Number(await line.locator('td[data-label="Units"]').textContent());
      await dialog.getByRole('textbox', { name: `Missing quantity of ${wsin}` }).fill(String(max + 1));
      // Checked as typed: the line's own message at once, and Approve waits for counts it can send.
      await dialog.getByText(`Missing quantity must be a number from 0 to ${max}`).waitFor();
      await expect(dialog.getByTestId('approve-return').isDisabled()).resolves.toBe(true);
      expect(serverState(order.id).status).toBe('RTO_DELIVERED');

      await dialog.getByRole('textbox', { name: `Missing quantity of ${wsin}` }).fill('0');
      await dialog.getByRole('button', { name: `Damaged quantity of ${wsin}: one more` }).click();
      await dialog.getByTestId('approve-return').click();
      await page.getByText('RTO approved', { exact: true }).waitFor({ timeout: 30_000 });
      await dialog.waitFor({ state: 'detached' });

      await expect.poll(() => serverState(order.id).status).toBe('RTO_PROCESSED');
      const state = serverState(order.id);
      expect(state.rows.find((r) => r.wsin === wsin)).toMatchObject({ missing: 0, damaged: 1 });

      // The slider reloads: the approve action is gone, the read-only details are offered.
      const details = slider.getByRole('button', { name: 'RTO/DTO Details' });
      await details.waitFor({ timeout: 15_000 });
      await expect(slider.getByRole('button', { name: 'Approve RTO' }).count()).resolves.toBe(0);
      await details.click();
      const read = page.getByRole('dialog', { name: 'Approval for RTO' });
      await read.getByTestId('return-details').waitFor();
      await expect(read.locator(`tr[data-wsin="${wsin}"] [data-testid="details-damaged"]`).textContent()).resolves.toBe('1');
      await expect(read.getByTestId('approve-return').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the seeded processed returns show their rows in the read-only details', async () => {
    const order = orderIn('DTO_PROCESSED');
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    try {
      await signInUI(page, run.server.url, 'seller@shipdesk.in', 'Seller@1234', 'Seller');
      await page.waitForURL(/\/orders/);
      await page.goto(`${run.server.url}/orders?tab=returns&order=${order.id}`);
      const slider = page.getByTestId('order-info');
      await slider.getByRole('button', { name: 'RTO/DTO Details' }).click();
      const read = page.getByRole('dialog', { name: 'Approval for RTO' });
      await read.getByTestId('return-details').waitFor();
      expect(await read.getByTestId('return-details').locator('tbody tr').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
