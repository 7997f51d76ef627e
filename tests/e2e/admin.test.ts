import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { signInUI, shot } from './browser';
import { fileServerAndBrowser } from './setup';

// Its own server: this suite changes delivery orders.
const run = fileServerAndBrowser({ orders: 400 });

// A small real PNG (the proof-of-delivery photo).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const rowStatuses = (page: Page) => page.locator('[data-testid="delivery-table"] tbody tr .mantine-Badge-label').allTextContents();

describe('admin delivery console', () => {
  it('filters delivery orders, assigns one to a driver, marks it undelivered ("Other") then delivered, and shows its trail and proof of delivery', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await signInUI(page, run.server.url, 'admin@shipdesk.in', 'Admin@1234', 'Admin');
    await page.waitForURL(/\/orders/);
    await page.goto(`${run.server.url}/admin/delivery-orders`);
    await page.getByTestId('delivery-table').locator('tbody tr').first().waitFor();

    // Filter: status Placed, with the badge counting one active filter.
    await page.getByTestId('open-filters').click();
    // The filter drawer slides in: use it once it is in place.
    await expect.poll(async () => { const b = await page.getByRole('combobox', { name: 'Status', exact: true }).boundingBox(); return !!b && b.x >= 0 && b.x + b.width <= 1366; }).toBe(true);
    // Pick "Placed" until its pill shows (a click during the drawer's slide can miss on a busy machine).
    const drawer = page.getByRole('dialog');
    const pill = drawer.locator('.mantine-Pill-root').filter({ hasText: 'Placed' });
    await expect
      .poll(async () => {
        if ((await pill.count()) === 0) {
          await page.getByRole('combobox', { name: 'Status', exact: true }).click({ force: true });
          await page.getByRole('option', { name: 'Placed', exact: true }).click({ timeout: 3_000 }).catch(() => {});
        }
        return pill.count();
      }, { timeout: 30_000 })
      .toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('filter-count').textContent()).toBe('1');
    await expect.poll(async () => [...new Set(await rowStatuses(page))]).toEqual(['Placed']);

    // The search box waits for the typing to stop, then narrows to the AWB.
    const awb = (await page.locator('[data-testid="delivery-table"] tbody tr').first().getAttribute('data-testid'))!.replace('row-', '');
    await page.getByRole('textbox', { name: 'Search delivery orders' }).fill(awb);
    await expect.poll(() => page.getByTestId('filter-count').textContent()).toBe('2');
    await expect.poll(() => page.locator('[data-testid="delivery-table"] tbody tr').count()).toBe(1);
    await shot(page, 'delivery-orders');

    // Assign it to a driver through the bulk action.
    await page.getByRole('checkbox', { name: `Select ${awb}` }).check();
    await pick(page, 'Bulk action', 'Assign to driver');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Driver', exact: true }).click();
    // A driver whose cluster serves the order's pincode (the only ones it may go to).
    const db = new Database(path.join(run.server.dir, 'app.db'), { readonly: true, fileMustExist: true });
    const { name: driverName } = db.prepare(
      `SELECT dr.name FROM drivers dr JOIN cluster_pincodes cp ON cp.cluster_id = dr.cluster_id
       WHERE cp.pincode = (SELECT json_extract(customer_address, '$.pincode') FROM delivery_orders WHERE awb = ?) AND dr.active = 1 ORDER BY dr.name LIMIT 1`,
    ).get(awb) as { name: string };
    db.close();
    await page.getByRole('option').filter({ hasText: driverName }).first().click();
    await page.getByTestId('assign-submit').click();
    await page.getByText(`1 order assigned to ${driverName}`).waitFor();

    // Clear the status filter so the order stays listed as it moves on.
    await page.getByTestId('open-filters').click();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('textbox', { name: 'Search delivery orders' }).fill(awb);
    await expect.poll(() => rowStatuses(page)).toEqual(['Assigned']);

    // The slider: driver shown while ASSIGNED.
    await page.getByRole('button', { name: awb, exact: true }).click();
    const slider = page.getByTestId('delivery-slider');
    await expect.poll(() => slider.getByTestId('slider-status').textContent()).toBe('Assigned');
    await expect.poll(() => slider.getByTestId('slider-driver').textContent()).toContain(driverName);

    // Undelivered with "Other": the typed reason is required.
    await slider.getByRole('button', { name: 'Mark undelivered' }).click();
    await pick(page, 'Reason', 'Other');
    await page.getByTestId('action-submit').click();
    await page.getByText('Please type the reason').waitFor();
    await page.getByRole('textbox', { name: 'Other reason' }).fill('Gate locked, guard absent');
    await page.getByTestId('action-submit').click();
    await expect.poll(() => slider.getByTestId('slider-status').textContent()).toBe('Undelivered');
    await expect.poll(() => slider.getByTestId('slider-reason').textContent()).toBe('Other: Gate locked, guard absent');
    // No driver shown while UNDELIVERED.
    expect(await slider.getByTestId('slider-driver').count()).toBe(0);

    // Delivered, with the proof-of-delivery photo and where it was taken.
    await slider.getByRole('button', { name: 'Mark delivered' }).click();
    await page.locator('input[type="file"]').setInputFiles({ name: 'pod.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('textbox', { name: 'Latitude' }).fill('18.52043');
    await page.getByRole('textbox', { name: 'Longitude' }).fill('73.85674');
    await page.getByTestId('action-submit').click();
    await expect.poll(() => slider.getByTestId('slider-status').textContent()).toBe('Delivered');
    await expect.poll(() => slider.getByTestId('slider-driver').textContent()).toContain(driverName);
    expect(await slider.getByTestId('slider-actions').count()).toBe(0);

    // Trail: assigned, undelivered (with the reason), delivered, each by the admin.
    const trail = await slider.getByTestId('slider-trail').innerText();
    expect(trail).toMatch(/Assigned[\s\S]*Platform Admin[\s\S]*Undelivered[\s\S]*Other: Gate locked, guard absent[\s\S]*Delivered/);
    // The photo loads, and the place is drawn without any tile server, with a maps-app link.
    const photo = slider.getByTestId('pod-photo');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect.poll(() => slider.getByTestId('pod-coordinates').textContent()).toBe('18.52043, 73.85674');
    expect(await slider.getByTestId('pod-map-point').count()).toBe(1);
    expect(await slider.getByTestId('pod-geo-link').getAttribute('href')).toBe('geo:18.52043,73.85674?q=18.52043,73.85674');
    await shot(page, 'delivery-slider');

    // Nothing to press lies outside the screen's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('lists drivers, clusters, warehouses, owners and journeys', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await signInUI(page, run.server.url, 'admin@shipdesk.in', 'Admin@1234', 'Admin');
    await page.waitForURL(/\/orders/);
    for (const [route, table] of [
      ['drivers', 'drivers-table'],
      ['clusters', 'clusters-table'],
      ['warehouses', 'warehouses-table'],
      ['owners', 'owners-table'],
      ['journeys', 'journeys-table'],
    ] as const) {
      await page.goto(`${run.server.url}/admin/${route}`);
      await page.getByTestId(table).locator('tbody tr').first().waitFor();
      expect(await page.getByTestId(table).locator('tbody tr').count()).toBeGreaterThan(0);
      await shot(page, route);
    }
    // Create a driver from the form and find it in the list.
    await page.goto(`${run.server.url}/admin/drivers`);
    await page.getByRole('button', { name: 'Create driver' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Imran Shaikh');
    await page.getByRole('textbox', { name: 'Phone' }).fill('9811122233');
    await pick(page, 'Vehicle', 'Scooter');
    await page.getByRole('dialog').getByRole('button', { name: 'Create driver' }).click();
    await expect.poll(() => page.getByTestId('drivers-table').locator('tbody tr').first().textContent()).toContain('Imran Shaikh');
    await context.close();
  });

  it('the warehouse user filters the floor\'s orders by cluster (360x640, touch)', async () => {
    const context = await run.browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signInUI(page, run.server.url, 'warehouse@shipdesk.in', 'Warehouse@1234', 'Warehouse');
    await page.waitForURL(/\/fulfillment/);
    await page.getByTestId('pack-row').first().waitFor({ timeout: 60_000 });
    // What the list shows: each row's AWB (or order number before it has one).
    const shownCodes = async () => page.getByTestId('pack-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-awb') ?? ''));
    // The delivery pincode of every order to pack, as the API lists it.
    const xsrf = (await (await page.request.get(`${run.server.url}/api/auth/session`)).json()).xsrfToken as string;
    const listed = (await (await page.request.post(`${run.server.url}/api/order/packaging-metadata/get`, { headers: { 'x-xsrf-token': xsrf }, data: { filter: { packed: 2, pageSize: 500 } } })).json()).data as {
      order: { awb: string | null; shopOrderId: string; pincode?: string };
    }[];
    const pincodeOf = new Map(listed.map((o) => [o.order.awb ?? o.order.shopOrderId, o.order.pincode ?? '']));
    const clusters = (await (await page.request.get(`${run.server.url}/api/clusters`)).json()).cluster as { clusterName: string; clusterPincode: string[] }[];
    const before = await shownCodes();
    // An order is in a cluster when its delivery pincode is one of the cluster's (part 1 §6).
    const inCluster = (c: { clusterPincode: string[] }, code: string) => c.clusterPincode.includes(pincodeOf.get(code) ?? '-');
    // The cluster with the most of the listed orders, so the filter has something to keep.
    const chosen = [...clusters].sort((a, b) => before.filter((x) => inCluster(b, x)).length - before.filter((x) => inCluster(a, x)).length)[0];
    const kept = before.filter((x) => inCluster(chosen, x)).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(before.length);
    await pick(page, 'Cluster', chosen.clusterName);
    // The first page (50) holds every order when fewer were listed; otherwise at least those.
    await expect.poll(async () => { const n = (await shownCodes()).length; return before.length < 50 ? n === kept : n >= kept; }).toBe(true);
    expect((await shownCodes()).every((c) => inCluster(chosen, c))).toBe(true);
    await shot(page, 'floor-cluster');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
