// Finance at a 1366x768 laptop imports a courier's remittance file and sees the
// ageing chart change (what couriers still owe drops by what the file remits).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../db/seed-data';
import { signInUI, shot } from './browser';
import { fileServerAndBrowser } from './setup';

const run = fileServerAndBrowser({ orders: 300 });
const FIN = DEMO_LOGINS.find((l) => l.role === 'finance')!;


it('imports a Delhivery remittance file as finance and the ageing chart changes', async () => {
  const file = new Database(path.join(run.server.dir, 'app.db'), { readonly: true });
  const delivered = file
    .prepare(
      `select tracking_number as awb, cod_paise as paise, delivery_partner_id as dp from orders
       where status = 'DELIVERED' and payment_mode = 'cod' and tracking_number is not null and (remittance_status is null or remittance_status != 'PAID')
       order by id`,
    )
    .all() as { awb: string; paise: number; dp: string }[];
  file.close();
  const courier = delivered[0].dp.replace(/^dp-/, '');
  const mine = delivered.filter((d) => d.dp === delivered[0].dp).slice(0, 3);
  expect(mine.length).toBeGreaterThan(0);
  const rupees = (p: number) => `₹${Math.floor(p / 100).toLocaleString('en-IN')}.${String(p % 100).padStart(2, '0')}`;
  const csv = ['Waybill,COD Amount,UTR No,Remittance Date', ...mine.map((d) => `${d.awb},"${rupees(d.paise)}",UTRE2E1,05/01/2026`)].join('\n');
  const csvPath = path.join(run.server.dir, 'delhivery-remittance.csv');
  fs.writeFileSync(csvPath, csv);

  const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signInUI(page, run.server.url, FIN.email, FIN.password, 'Finance' as 'Admin');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 90_000 });
  // Its navigation: invoices, COD remittance, brands CSV, and every one loads.
  const nav = page.getByRole('navigation');
  await expect.poll(() => nav.getByRole('link').allTextContents()).toEqual(expect.arrayContaining(['Invoices', 'COD remittance', 'Brands CSV']));
  await page.goto(`${run.server.url}/invoices`);
  await page.getByTestId('invoices-table').or(page.getByText(/0 invoices|No invoices/)).first().waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('invoices-error').count()).toBe(0);

  await page.goto(`${run.server.url}/remittance`);
  const row = page.getByTestId('ageing-table').getByRole('row').filter({ has: page.getByRole('cell', { name: courier, exact: true }) });
  await row.waitFor({ timeout: 30_000 });
  const owed = async () => (await row.getByRole('cell').allTextContents()).slice(1).reduce((s, t) => s + Math.round(Number(t.replace(/[₹,]/g, '')) * 100), 0);
  const before = await owed();
  // A bucket worth ₹0 draws a bar of no height: wait for one that shows.
  await page.getByTestId('ageing-chart').locator('.recharts-bar-rectangle').filter({ visible: true }).first().waitFor({ state: 'visible', timeout: 15_000 });
  await shot(page, 'remittance-before');

  // Delhivery is chosen at first, its built-in layout filled in.
  expect(await page.getByRole('textbox', { name: 'Courier' }).or(page.getByRole('combobox', { name: 'Courier' })).first().inputValue()).toBe('delhivery');
  expect(await page.getByRole('textbox', { name: 'AWB', exact: true }).inputValue()).toBe('Waybill');
  await page.locator('input[type=file]').first().setInputFiles(csvPath);
  await page.getByRole('button', { name: 'Import remittance' }).click();
  await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 30_000 }).toContain(`${mine.length} remittance rows imported`);
  await expect.poll(owed, { timeout: 15_000 }).toBe(before - mine.reduce((s, d) => s + d.paise, 0));
  await page.getByTestId('remittance-table').getByText('UTRE2E1').first().waitFor({ state: 'visible', timeout: 15_000 });
  await shot(page, 'remittance-after');

  // The same file again adds nothing.
  await page.getByRole('button', { name: 'Import remittance' }).click();
  await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 30_000 }).toContain(`0 remittance rows imported; ${mine.length} were imported before`);
  await context.close();
}, 180_000);
