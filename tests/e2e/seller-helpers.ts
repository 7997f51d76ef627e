// Steps the seller's browser tests share: a valid bulk order row to vary, submitting the manual order form, and the API as a signed-in user.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

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
  const json = { 'content-type': 'application/json' };
  const a = await fetch(`${baseUrl}/api/auth/authenticate`, { method: 'POST', headers: json, body: JSON.stringify({ email: login.email, password: login.password, appType }) });
  const auth = (await a.json()) as { xsrfToken: string; oauthCode: string };
  const l = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { ...json, 'x-xsrf-token': auth.xsrfToken }, body: JSON.stringify({ oauthCode: auth.oauthCode }) });
  const cookie = (l.headers.get('set-cookie') ?? '').split(';')[0];
  return async (p: string, method = 'GET', body?: unknown) => {
    const r = await fetch(`${baseUrl}${p}`, { method, headers: { ...json, cookie, 'x-xsrf-token': auth.xsrfToken }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as any };
  };
}
