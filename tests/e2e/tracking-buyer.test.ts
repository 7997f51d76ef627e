// On a phone (390 x 844): the buyer's page shows no internal note (§1),
// says when a parcel is delayed (§2), is all Hindi in Hindi (§3), forgives a
// pasted AWB and shows an open NDR request after a reload (§4), names the seller (§7).
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BUYER_PHONE, pageInNewContext, shot } from './browser';
import { fileServerAndBrowser } from './setup';

type OrderRow = { id: string; tracking_number: string; status: string; shop_order_id: string; customer_phone: string; shipper: string | null; company_id: string };

const run = fileServerAndBrowser({ orders: 300 });
let db: Database.Database;
const order = (where: string, offset = 0) =>
  db.prepare(`SELECT * FROM orders WHERE tracking_number IS NOT NULL AND ${where} ORDER BY id LIMIT 1 OFFSET ?`).get(offset) as OrderRow;
let seq = 0;
const trail = (orderId: string, status: string, description: string, at = new Date().toISOString(), source = 'user', city: string | null = null) =>
  db
    .prepare(`INSERT INTO order_trails (id, order_id, status, description, city, is_return, source, actor_id, actor_name, event_id, created_at) VALUES (?, ?, ?, ?, ?, 0, ?, NULL, 'Seller Person', NULL, ?)`)
    .run(`e2e13-${++seq}-${Date.now()}`, orderId, status, description, city, source, at);
const bump = (orderId: string) => db.prepare(`UPDATE orders SET version = version + 1, updated_at = ? WHERE id = ?`).run(new Date().toISOString(), orderId);

beforeAll(async () => {
  db = new Database(path.join(run.server.dir, 'app.db'), { fileMustExist: true });
  // Sellers who name themselves and their goods in Hindi (and give a phone, no e-mail, as help contact), so the
  // Hindi page can be held to "no Latin word but the AWB, courier and order id": names are shown as the seller wrote them.
  db.prepare(`UPDATE companies SET name = 'चाय पॉइंट खुदरा', email = ''`).run();
  db.prepare(`UPDATE invoicing_profiles SET brand_name = NULL`).run();
  db.prepare(`UPDATE order_items SET title = 'मसाला चाय पत्ती'`).run();
});
afterAll(async () => {
  db?.close();
});

const phonePage = () => pageInNewContext(run.browser, BUYER_PHONE);
/** Everything a person reads on the page (including the timeline's modal tables, which are not open). */
const pageText = (page: Page) => page.evaluate(() => document.body.innerText);

describe('the buyer’s tracking page on a phone', () => {
  it('shows none of the seller’s internal notes, cancel reasons, invoices, weights or warehouse changes', async () => {
    const o = order(`status = 'DELIVERED'`, 2);
    const later = new Date().toISOString();
    const secrets = ['Order cancelled: SECRET margin too low', 'Invoice T0/6 issued', 'Weight changed from 500 g to 1200 g', 'Warehouse changed to Hidden Godown', 'Credit note CN-77 generated for ₹499.00', 'Private note: reseller'];
    for (const s of secrets) trail(o.id, 'DELIVERED', s, later, 'user', 'Secretabad');
    bump(o.id);
    const { context, page } = await phonePage();
    await page.goto(`${run.server.url}/track/${o.tracking_number}`);
    await page.getByTestId('tracking-summary').waitFor();
    // open every "Show more" so the full timeline is on screen
    for (const b of await page.getByRole('button', { name: /^Show more/ }).all()) {
      await b.click();
      const dialog = page.getByRole('dialog');
      if (await dialog.count()) {
        const text = await dialog.innerText();
        for (const s of [...secrets, 'Secretabad', 'Invoice', 'SECRET']) expect(text).not.toContain(s);
        await page.keyboard.press('Escape');
      }
    }
    const text = await pageText(page);
    for (const s of [...secrets, 'Secretabad', 'Invoice', 'SECRET', 'Seller Person']) expect(text).not.toContain(s);
    // the delivered date is the delivery's, not today's invoice
    const deliveredAt = (db.prepare(`SELECT created_at FROM order_trails WHERE order_id = ? AND status = 'DELIVERED' ORDER BY created_at LIMIT 1`).get(o.id) as { created_at: string }).created_at;
    const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(deliveredAt));
    await expect(page.getByTestId('delivered-on').textContent()).resolves.toContain(day.split(' ')[0]);
    // "Track your order" once, and the seller named in the header
    expect(text.match(/Track your order/g)?.length).toBe(1);
    await expect(page.getByTestId('seller-name').textContent()).resolves.not.toBe('');
    // the items bought are not shown to whoever holds the AWB
    expect(await page.getByTestId('shipment-items').count()).toBe(0);
    await context.close();
  });

  it('says a parcel out for delivery for days is delayed and never shows a past date as the estimate', async () => {
    const o = order(`status = 'OUT_FOR_DELIVERY'`, 1);
    db.prepare(`UPDATE order_trails SET created_at = ? WHERE order_id = ? AND status IN ('PLACED','READY_TO_SHIP','SHIPPED')`).run('2026-11-09T04:00:00.000Z', o.id);
    db.prepare(`UPDATE order_trails SET created_at = ? WHERE order_id = ? AND status IN ('IN_TRANSIT','OUT_FOR_DELIVERY')`).run('2026-11-14T04:00:00.000Z', o.id);
    bump(o.id);
    const { context, page } = await phonePage();
    await page.goto(`${run.server.url}/track/${o.tracking_number}`);
    await page.getByTestId('delayed').waitFor();
    await expect(page.getByTestId('delayed').textContent()).resolves.toContain('Your parcel is delayed');
    await expect(page.getByTestId('estimated-delivery').count()).resolves.toBe(0);
    await shot(page, 'tracking-delayed', { fullPage: true });
    await context.close();
  });

  it('forgives an AWB pasted with spaces, dashes and small letters; an unknown one gets a calm message and no toast', async () => {
    const o = order(`status = 'IN_TRANSIT'`);
    const { context, page } = await phonePage();
    await page.goto(`${run.server.url}/track/`);
    const input = page.getByRole('textbox', { name: 'Tracking number (AWB)' });
    await input.fill(` ${o.tracking_number.slice(0, 2).toLowerCase()} ${o.tracking_number.slice(2, 6)}-${o.tracking_number.slice(6)} `);
    await input.press('Enter');
    await page.getByTestId('tracking-summary').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/track/${o.tracking_number}`);
    await input.fill(' EK 0000 0000 99 ');
    await input.press('Enter');
    await page.getByTestId('not-found').waitFor();
    await expect(page.getByTestId('not-found').textContent()).resolves.toContain('Check the AWB number');
    await expect(page.getByTestId('toast').count()).resolves.toBe(0);
    await shot(page, 'tracking-notfound');
    await context.close();
  });

  it('shows the buyer’s open NDR request after a reload, and refuses the same request twice', async () => {
    const o = order(`status = 'UNDELIVERED'`, 3);
    const { context, page } = await phonePage();
    await page.goto(`${run.server.url}/track/${o.tracking_number}`);
    const panel = page.getByTestId('ndr-panel');
    await panel.waitFor();
    await page.getByTestId('seller-card').waitFor(); // the shipment's details (and open requests) have arrived
    const another = panel.getByRole('button', { name: 'Send another request' });
    if (await another.isVisible().catch(() => false)) await another.click();
    await panel.getByRole('textbox', { name: 'Last 4 digits of your phone number' }).fill(o.customer_phone.slice(-4));
    await panel.getByRole('button', { name: 'Continue' }).click();
    await panel.getByRole('radio', { name: 'Deliver again' }).check();
    const date = panel.getByRole('combobox', { name: 'Delivery date' });
    const values = await date.locator('option').evaluateAll((os) => os.map((x) => (x as HTMLOptionElement).value));
    // no Sunday is offered
    for (const v of values) expect(new Date(`${v}T00:00:00Z`).getUTCDay()).not.toBe(0);
    await date.selectOption(values[0]);
    await panel.getByRole('button', { name: 'Send request' }).click();
    await panel.getByText('Request received. The seller will arrange the delivery.').waitFor();
    await page.reload();
    await panel.getByTestId('ndr-requests').waitFor();
    await expect(panel.locator('[data-testid="ndr-request"][data-status="OPEN"]').first().textContent()).resolves.toContain('With the seller');
    await shot(page, 'tracking-ndr', { fullPage: true });
    // the same request again is refused with a message
    await panel.getByRole('button', { name: 'Send another request' }).click();
    await panel.getByRole('textbox', { name: 'Last 4 digits of your phone number' }).fill(o.customer_phone.slice(-4));
    await panel.getByRole('button', { name: 'Continue' }).click();
    await panel.getByRole('radio', { name: 'Deliver again' }).check();
    await panel.getByRole('combobox', { name: 'Delivery date' }).selectOption(values[0]);
    await panel.getByRole('button', { name: 'Send request' }).click();
    await expect(panel.getByTestId('ndr-problem').textContent()).resolves.toBe('You have already sent this request. The seller will act on it soon.');
    await context.close();
  });

  it('is all Hindi in Hindi: event texts, state names, dates and times; only the AWB, courier and order id stay in Latin letters', async () => {
    for (const where of [`status = 'IN_TRANSIT'`, `status = 'UNDELIVERED'`, `status = 'DELIVERED'`]) {
      const o = order(where, 4);
      // a carrier scan late in the evening, so a time with a day period shows
      trail(o.id, o.status, 'Reached hub', new Date(Date.now() - 3 * 3_600_000).toISOString(), 'carrier', 'Nagpur');
      bump(o.id);
      const { context, page } = await phonePage();
      await page.addInitScript(() => localStorage.setItem('sd-track-lang', 'hi'));
      await page.goto(`${run.server.url}/track/${o.tracking_number}`);
      await page.getByTestId('tracking-summary').waitFor();
      if ((await page.evaluate(() => document.documentElement.lang)) !== 'hi') {
        await page.getByRole('button', { name: 'हिन्दी में देखें' }).click();
      }
      await page.getByRole('heading', { name: 'अपना ऑर्डर ट्रैक करें', level: 1 }).waitFor();
      await page.getByTestId('seller-card').waitFor();
      const groups = page.getByTestId('timeline-group');
      await groups.first().getByRole('button').click();
      await page.getByRole('dialog').waitFor();
      const allowed = [o.tracking_number, o.shop_order_id, o.shipper].filter(Boolean);
      const latin = await page.evaluate((allowed) => {
        const clone = document.body.cloneNode(true) as HTMLElement;
        // Only the AWB, the order id and the courier name may stay in Latin letters (and the switch to English).
        for (const el of clone.querySelectorAll('[lang="en"], input, select, script, style')) el.remove();
        for (const el of clone.querySelectorAll('*')) if (!el.children.length && allowed.includes((el.textContent ?? '').trim())) el.remove();
        return clone.textContent ?? '';
      }, allowed);
      const words = latin.match(/[A-Za-z]{2,}/g) ?? [];
      expect(words, `${where}: ${words.join(' ')}`).toEqual([]);
      // the names kept in Latin letters are exactly these
      const kept = await page.locator('[translate="no"]').allTextContents();
      expect(kept).toEqual(expect.arrayContaining([o.tracking_number, o.shop_order_id]));
      await shot(page, `tracking-hi-${o.status}`, { fullPage: true });
      await context.close();
    }
  });
});
