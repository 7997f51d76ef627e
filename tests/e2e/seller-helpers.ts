// Steps the seller's browser tests share: a valid bulk order row to vary, submitting the manual order form, the API as a
// signed-in user, and what the first demo seller has in its server's database.
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_COMPANIES } from '../../db/seed';
import { signInOverHttp } from './server';

/** A bulk orders sheet row that passes every check (a prepaid B2C order to Mumbai), to copy and break one field of. */
export const VALID_BULK_ORDER_ROW: Readonly<Record<string, string | number>> = {
  length: 20, breadth: 15, height: 10, weight: 600, paymentMethod: 'prepaid', itemName: 'Chai', itemQuantity: 1, discount: 0, sku: 'CP-0001', name: 'Asha Verma',
  phone: '9876543210', email: 'asha@example.com', line1: '12 MG Road', line2: 'Near Metro', city: 'Mumbai', state: 'Maharashtra', pincode: '400001', shippingPrice: 40,
  isb2bOrder: 'no', isD2ROrder: 'no',
};

/** Presses Create Order on the manual order form; resolves with the new order's id once the orders list shows. */
export async function createManualOrder(page: Page): Promise<string> {
  const created = page.waitForResponse((r) => r.url().endsWith('/api/orders/manual') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Create Order' }).click();
  const res = await created;
  expect(res.status()).toBe(201);
  const id = (await res.json()).data.id as string;
  await page.waitForURL(/\/orders(\?.*)?$/);
  return id;
}

/** A demo user signed in through the API (its cookie and xsrf token), to call what the screens call: `call(path, method, body)`. */
export async function signedInApi(baseUrl: string, login: { email: string; password: string }, appType = 'seller') {
  const headers = await signInOverHttp(baseUrl, login, appType);
  return async (p: string, method = 'GET', body?: unknown) => {
    const r = await fetch(`${baseUrl}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as any };
  };
}

/** The first demo seller's Maharashtra GSTIN and its catalogue tea (CP-0001), read from a server's database folder. */
export function demoSellerGstinAndTea(serverDir: string): { gstin: string; teaId: string } {
  const file = new Database(path.join(serverDir, 'app.db'), { readonly: true });
  try {
    const c0 = DEMO_COMPANIES[0].id;
    const gstin = (file.prepare(`select gstin from company_gstins where company_id = ? and state_code = '27'`).get(c0) as { gstin: string }).gstin;
    const tea = file.prepare(`select id from catalogue_items where company_id = ? and sku = 'CP-0001'`).get(c0) as { id: string };
    return { gstin, teaId: tea.id };
  } finally {
    file.close();
  }
}
