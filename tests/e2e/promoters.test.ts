import { describe, expect, it } from 'vitest';
import { downloaded, signInUI, shot } from './browser';
import { fileServerAndBrowser } from './setup';

const run = fileServerAndBrowser({ orders: 300 });

describe('promoters', () => {
  it('an admin creates a promoter with two retailers and downloads its stock CSV', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 }, acceptDownloads: true });
    const page = await context.newPage();
    await signInUI(page, run.server.url, 'admin@shipdesk.in', 'Admin@1234', 'Admin');
    await page.waitForURL(/\/orders/);

    // A retailer that has received D2R orders, so the stock report has rows.
    const list = await (await page.request.get(`${run.server.url}/api/orders?tab=all&status=DELIVERED&orderType=2&pageSize=20`)).json();
    const delivered = (await (await page.request.get(`${run.server.url}/api/orders/${list.order[0].id}`)).json()).data;
    const retailerPhone: string = delivered.shippingPhone;

    await page.goto(`${run.server.url}/admin/promoters`);
    await page.getByText('Nothing to display here').waitFor();
    await page.getByRole('button', { name: 'Create Promoter' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Promoter' });
    await modal.getByRole('textbox', { name: 'Name', exact: true }).fill('Ravi Kulkarni');
    await modal.getByRole('textbox', { name: 'Phone', exact: true }).fill('9876500011');
    const fill = async (i: number, first: string, last: string, phone: string) => {
      await modal.getByRole('textbox', { name: `Retailer ${i} first name` }).fill(first);
      await modal.getByRole('textbox', { name: `Retailer ${i} last name` }).fill(last);
      await modal.getByRole('textbox', { name: `Retailer ${i} phone` }).fill(phone);
    };
    await fill(1, 'Kiran', 'Stores', retailerPhone);
    await modal.getByRole('button', { name: 'Add retailer' }).click();
    await fill(2, 'Asha', 'Traders', '9876500013');
    // A wrong GSTIN is refused with the rule's message before anything is sent.
    await modal.getByRole('textbox', { name: 'Retailer 2 GSTIN' }).fill('BAD');
    await modal.getByRole('button', { name: 'Create Promoter' }).click();
    await modal.getByText('GSTIN must be 15 characters').waitFor();
    await modal.getByRole('textbox', { name: 'Retailer 2 GSTIN' }).fill('27AAPFU0939F1ZV');
    await shot(page, 'promoter-create');
    await modal.getByRole('button', { name: 'Create Promoter' }).click();

    // The detail slider opens on the new promoter with both retailers.
    const detail = page.getByTestId('promoter-detail');
    await detail.waitFor();
    await expect.poll(() => detail.textContent()).toContain('Kiran Stores');
    expect(await detail.textContent()).toContain('Asha Traders');
    expect(await detail.textContent()).toContain('27AAPFU0939F1ZV');
    await detail.getByText(retailerPhone).first().waitFor();
    await shot(page, 'promoter-detail');

    const [download] = await Promise.all([page.waitForEvent('download'), detail.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('promoter-stock.csv');
    const text = (await downloaded(download)).toString('utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Promoter,Retailer,Retailer Phone,SKU,Product,Quantity,Returned,Value (INR),Last Order (IST)');
    expect(lines.length).toBeGreaterThan(1);
    // The last order's date as a person in India reads it.
    for (const l of lines.slice(1)) expect(l).toMatch(/,\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    expect(lines.slice(1).every((l) => l.startsWith(`Ravi Kulkarni,Kiran Stores,${retailerPhone},`))).toBe(true);

    // The table lists it; a second promoter with the same phone gets the server's message.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Ravi Kulkarni' }).waitFor();
    await page.getByRole('button', { name: 'Create Promoter' }).click();
    await modal.getByRole('textbox', { name: 'Name', exact: true }).fill('Someone Else');
    await modal.getByRole('textbox', { name: 'Phone', exact: true }).fill('9876500011');
    await fill(1, 'Ram', 'Lal', '9876500077');
    await modal.getByRole('button', { name: 'Create Promoter' }).click();
    await page.getByText('A promoter with this phone already exists').waitFor();
  }, 180_000);
});
