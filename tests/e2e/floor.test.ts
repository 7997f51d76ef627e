// The packing floor in Chromium against our own server: packing with the
// network off (across a reload), a browser killed between enqueue and push,
// and keyboard-wedge scans while another field has focus.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { browserPid, codeOf, enterCode, openOrder, ordersToPack, packedOnServer, pageApi, pending, scanAllUnits, serverDb, signInToStation, wedgeScan } from './floor-helpers';
import { fileServer, persistentProfiles } from './setup';
import { shot } from './browser';

const run = fileServer({ orders: 400 });


describe('the packing station', () => {
  let context: BrowserContext;
  const profiles = persistentProfiles();

  it('packs an order offline, reloads offline, packs another, and both reach the server once online', async () => {
    ({ context } = await profiles.fresh());
    const page = await context.newPage();
    await signInToStation(page, run.server.url);
    const [first, second] = await ordersToPack(page, run.server.url, 2);
    expect(second).toBeDefined();

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('sync-online').textContent()).toBe('Offline');
    await openOrder(page, first);
    await expect(page.getByTestId('next-scan').textContent()).resolves.toMatch(/Next: scan a WSIN/);
    // A wrong code fails by colour, icon and words, and changes nothing.
    await enterCode(page, 'NOT-IN-THIS-BOX');
    await page.locator('[data-testid="scan-result"][data-state="fail"]').waitFor();
    await expect(page.getByTestId('scan-result').textContent()).resolves.toContain('Please Scan a Valid Wsin');
    await page.getByText('Wsin Error').first().waitFor();
    await scanAllUnits(page, first);
    await expect.poll(() => page.getByTestId('pack-status').textContent()).toBe('Packed');
    await page.getByText('Packed. Next: scan the next AWB').waitFor();
    // One unit too many is refused.
    await enterCode(page, first.items_to_scan[0].wsin);
    await page.locator('[data-testid="scan-result"][data-state="fail"]').waitFor();
    await page.getByText('Quantity Error').first().waitFor();
    await expect(page.getByTestId('scan-result').textContent()).resolves.toContain('You can not scan a wsin more than required quantity!');

    await page.reload();
    await page.getByTestId('role-badge').waitFor();
    await page.goto(`${run.server.url}/fulfillment`).catch(() => undefined);
    await page.getByTestId('awb-input').waitFor();
    await expect(page.getByTestId('sync-online').textContent()).resolves.toBe('Offline');
    await openOrder(page, second);
    await scanAllUnits(page, second);
    await expect.poll(() => page.getByTestId('pack-status').textContent()).toBe('Packed');
    // The waiting count is read again after the last scan's command is stored: "Packed" can show a moment before it.
    await expect.poll(() => pending(page)).toBeGreaterThanOrEqual(4);
    expect(packedOnServer(run.server.dir, first.key).packedTrails).toBe(0);

    await context.setOffline(false);
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);
    for (const order of [first, second]) {
      expect(packedOnServer(run.server.dir, order.key)).toEqual({ status: 'READY_TO_SHIP', packedTrails: 1 });
      const api = await pageApi(page, run.server.url);
      const found = await api.post(`/api/order/packaging-metadata/find/${encodeURIComponent(codeOf(order))}`, {});
      expect(found.body.data.status).toBe('Packed');
    }
    await expect(page.getByTestId('sync-rejected-count').locator('.mantine-Indicator-indicator').count()).resolves.toBe(0);
    await context.close();
  });

  it('delivers a command exactly once after the browser is killed between enqueue and push', async () => {
    const launched = await profiles.fresh();
    context = launched.context;
    let page = await context.newPage();
    await signInToStation(page, run.server.url);
    const [order] = await ordersToPack(page, run.server.url, 1);
    // Pushes hang, as on a network that accepts the request and never answers.
    await context.route('**/api/sync/push', () => undefined);
    await openOrder(page, order);
    await scanAllUnits(page, order);
    await expect.poll(() => page.getByTestId('pack-status').textContent()).toBe('Packed');
    await expect.poll(() => pending(page)).toBeGreaterThan(0);
    const waiting = await pending(page);

    process.kill(browserPid(launched.dir), 'SIGKILL');
    await new Promise((r) => setTimeout(r, 1000));
    expect(packedOnServer(run.server.dir, order.key).packedTrails).toBe(0);

    ({ context } = await profiles.reopen(launched.dir));
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${run.server.url}/fulfillment`);
    // The session cookie may not have reached the disk before the kill: sign in again if asked.
    await Promise.race([page.waitForURL(/\/login/, { timeout: 15_000 }), page.getByTestId('awb-input').waitFor({ timeout: 15_000 })]).catch(() => undefined);
    if (page.url().includes('/login')) await signInToStation(page, run.server.url);
    await expect.poll(() => packedOnServer(run.server.dir, order.key), { timeout: 30_000 }).toEqual({ status: 'READY_TO_SHIP', packedTrails: 1 });
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);
    // Syncing again delivers nothing new.
    await page.getByTestId('sync-status').click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-online')).toBe('true');
    expect(packedOnServer(run.server.dir, order.key)).toEqual({ status: 'READY_TO_SHIP', packedTrails: 1 });
    const db = serverDb(run.server.dir);
    try {
      const scans = db.prepare("select count(*) as n from inventory_trail where kind = 'pack' and remarks like ?").get(`Packed order ${order.order.shopOrderId}%`) as { n: number };
      expect(scans.n).toBe(order.items_to_scan.length);
    } finally {
      db.close();
    }
    expect(waiting).toBeGreaterThan(0);
    await context.close();
  });

  it('takes a keyboard-wedge scan while another field has focus, leaving that field as it was', async () => {
    ({ context } = await profiles.fresh());
    const page = await context.newPage();
    await signInToStation(page, run.server.url);
    const [order] = await ordersToPack(page, run.server.url, 1);
    // The AWB field takes the scan whole (everything before Enter is one scan, tests/e2e/floor-scan-timing.test.ts).
    await wedgeScan(page, codeOf(order));
    await page.getByTestId('items-to-scan').waitFor();
    await expect(page.getByTestId('active-awb').textContent()).resolves.toBe(order.order.awb ?? '—');
    // On the packing screen, focus the company picker and scan a WSIN.
    const picker = page.getByTestId('company-switcher');
    await picker.click();
    await picker.press('Escape');
    await wedgeScan(page, order.items_to_scan[0].wsin);
    await page.locator('[data-testid="scan-result"]:is([data-state="pass"], [data-state="packed"])').waitFor();
    await expect(picker.inputValue()).resolves.toBe('');
    const count = page.locator(`[data-testid="scan-line"][data-wsin="${order.items_to_scan[0].wsin}"] [data-testid="scan-count"]`);
    await expect.poll(() => count.textContent()).toMatch(/^1 \//);
    await context.close();
  });

  it('approves a return offline with a proof photo, uploaded before the approval once online', async () => {
    ({ context } = await profiles.fresh());
    const page = await context.newPage();
    await signInToStation(page, run.server.url);
    await page.getByRole('link', { name: 'Returns' }).click();
    const first = page.getByTestId('returns-list').locator('tbody tr').first();
    await first.waitFor();
    const awb = (await first.locator('td').first().locator('p').first().textContent())!;
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('sync-online').textContent()).toBe('Offline');
    await wedgeScan(page, awb);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Approval for RTO').waitFor();
    const row = dialog.getByTestId('return-lines').locator('tbody tr').first();
    const wsin = (await row.getAttribute('data-wsin'))!;
    // Only jpg, jpeg, png and webp.
    await page.getByTestId(`photo-file-${wsin}`).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await dialog.getByText('Only images are allowed').first().waitFor();
    await page.getByTestId(`photo-file-${wsin}`).setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: TINY_PNG });
    await dialog.getByRole('img', { name: `Proof photo of ${wsin}` }).waitFor();
    await dialog.getByRole('textbox', { name: `Damaged quantity of ${wsin}` }).fill('1');
    await page.getByTestId('approve-return').click();
    await page.getByText('Saved on this device. It is sent when the network is back.').waitFor();
    await expect.poll(() => pending(page)).toBe(1);

    await context.setOffline(false);
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0).catch(async (e) => {
      await page.getByTestId('sync-status').click();
      console.log('sync details', await page.getByTestId('sync-details').textContent());
      throw e;
    });
    const db = serverDb(run.server.dir);
    try {
      const line = db.prepare('select r.image_key, r.damage_quantity, o.status from return_items r join orders o on o.id = r.order_id where r.wsin = ? and (o.tracking_number = ? or o.return_awb = ? or o.shop_order_id = ?)').get(wsin, awb, awb, awb) as { image_key: string; damage_quantity: number; status: string };
      expect(line.status).toMatch(/^(RTO|DTO)_PROCESSED$/);
      expect(line.damage_quantity).toBe(1);
      expect(line.image_key).toMatch(/^proof-.*\.png$/);
      expect(fs.existsSync(`${run.server.dir}/uploads/${line.image_key}`)).toBe(true);
      expect((db.prepare('select count(*) as n from uploads where purpose = ?').get('proof') as { n: number }).n).toBe(1);
    } finally {
      db.close();
    }
    await context.close();
  });

  it('weighs a packed parcel offline with a photo of it; the photo is uploaded before the weighing once online', async () => {
    ({ context } = await profiles.fresh());
    const page = await context.newPage();
    await signInToStation(page, run.server.url);
    const [order] = await ordersToPack(page, run.server.url, 1);
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('sync-online').textContent()).toBe('Offline');
    await openOrder(page, order);
    await scanAllUnits(page, order);
    await expect.poll(() => page.getByTestId('pack-status').textContent()).toBe('Packed');
    const form = page.getByRole('form', { name: 'Weigh the parcel' });
    await form.getByRole('textbox', { name: 'Weight (g)' }).fill('900');
    await form.getByText('L × B × H').click();
    await form.getByRole('textbox', { name: 'L (cm)' }).fill('20');
    await form.getByRole('textbox', { name: 'B (cm)' }).fill('15');
    await form.getByRole('textbox', { name: 'H (cm)' }).fill('10');
    await page.getByTestId('parcel-photo-file').setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: TINY_PNG });
    await form.getByRole('img', { name: 'Proof photo of the parcel' }).waitFor();
    await shot(form, 'parcel-weigh-photo');
    await form.getByRole('button', { name: 'Save weight' }).click();
    await expect.poll(() => page.getByTestId('parcel-saved').textContent()).toContain('· with photo');

    await context.setOffline(false);
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);
    const db = serverDb(run.server.dir);
    try {
      const row = db.prepare('select packed_weight_g, packed_photo_key, company_id from orders where id = ?').get(order.key) as { packed_weight_g: number; packed_photo_key: string | null; company_id: string };
      expect(row.packed_weight_g).toBe(900);
      expect(row.packed_photo_key).toMatch(/^proof-.*\.png$/);
      expect(fs.existsSync(`${run.server.dir}/uploads/${row.packed_photo_key}`)).toBe(true);
      expect(db.prepare('select company_id, purpose from uploads where key = ?').get(row.packed_photo_key)).toEqual({ company_id: row.company_id, purpose: 'proof' });
    } finally {
      db.close();
    }
    await context.close();
  });

  it('changes stock offline from the inventory popup and refuses an adjustment below zero', async () => {
    ({ context } = await profiles.fresh());
    const page = await context.newPage();
    await signInToStation(page, run.server.url);
    await page.getByRole('link', { name: 'Inventory' }).click();
    const row = page.getByTestId('inventory-row').first();
    await row.waitFor();
    const wsin = (await row.getAttribute('data-wsin'))!;
    const before = Number(await row.getByTestId('inventory-quantity').textContent());
    await row.getByRole('button', { name: 'Open' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Inventory Inbound' }).waitFor();
    await dialog.getByRole('tab', { name: 'Update Scanned Stock' }).waitFor();
    await dialog.getByTestId('inventory-trail').waitFor();
    await dialog.getByRole('link', { name: 'Export Inventory Trail' }).waitFor();

    await context.setOffline(true);
    await dialog.getByRole('textbox', { name: 'Accepted quantity' }).fill('5');
    await dialog.getByRole('button', { name: 'Save inbound' }).click();
    await expect.poll(() => dialog.getByTestId('popup-quantity').textContent()).toBe(String(before + 5));
    await dialog.getByRole('tab', { name: 'Inventory adjustment' }).click();
    // A phone's numeric keypad has no minus key: the direction is a choice, the units a count.
    await dialog.getByText('Remove', { exact: true }).click();
    const units = dialog.getByRole('textbox', { name: 'Units to remove' });
    expect(await units.getAttribute('inputmode')).toBe('numeric');
    await units.fill(String(before + 6));
    await dialog.getByRole('textbox', { name: 'Remarks' }).fill('Counted short');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await dialog.getByText(`Stock of ${wsin} cannot go below zero`).waitFor();

    await context.setOffline(false);
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);
    const db = serverDb(run.server.dir);
    try {
      const stock = db.prepare("select quantity from inventory where wsin = ? and company_id = (select company_id from inventory where wsin = ? limit 1) and warehouse_id = 'w0000000-0000-7000-8000-000000000001'").get(wsin, wsin) as { quantity: number };
      expect(stock.quantity).toBe(before + 5);
    } finally {
      db.close();
    }
    await context.close();
  });
});

const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2210bc70000000049454e44ae426082',
  'hex',
);
