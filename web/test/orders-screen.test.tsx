// @vitest-environment jsdom
// The orders table as a seller sees it, without Chromium: the real screen over the real API.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, signInDemo, type TestApp } from '../../tests/api/helpers';
import { cleanup, renderInApp } from './renderInApp';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 60 }));
});
afterEach(() => {
  cleanup();
  // The page keeps the last filter and section for the session (a seller's landing on New too): each test starts afresh.
  sessionStorage.clear();
});

async function shownRows() {
  return waitFor(() => {
    const rows = screen.getAllByTestId('order-row');
    expect(rows.length).toBeGreaterThan(0);
    return rows;
  });
}

describe('orders screen (jsdom, real API)', () => {
  it("shows only the seller's own orders, each with its status", async () => {
    const seller = await signInDemo(app, 'seller');
    const companyId = (await db.selectFrom('users').select('company_id').where('email', '=', 'seller@shipdesk.in').executeTakeFirstOrThrow()).company_id;
    const all = await db.selectFrom('orders').select(['id', 'company_id']).execute();
    const mine = new Set(all.filter((o) => o.company_id === companyId).map((o) => o.id));
    expect(all.length).toBeGreaterThan(mine.size); // other companies do have orders

    await renderInApp('/orders', { app, agent: seller });
    const rows = await shownRows();
    for (const row of rows) {
      expect(mine.has(row.getAttribute('data-order-id')!)).toBe(true);
      expect(row.querySelector('[data-testid="order-status"]')?.textContent).toMatch(/\S/);
    }
  });

  it('opens the order slider from the order id', async () => {
    const seller = await signInDemo(app, 'seller');
    await renderInApp('/orders', { app, agent: seller });
    const rows = await shownRows();
    const id = rows[0].getAttribute('data-order-id')!;
    const order = await db.selectFrom('orders').select(['shop_order_id', 'customer_name']).where('id', '=', id).executeTakeFirstOrThrow();
    fireEvent.click(rows[0].querySelector('[data-testid="order-link"]')!);
    await waitFor(() => expect(screen.getAllByText(order.customer_name).length).toBeGreaterThan(1));
  });

  it("shows an admin whose order each row is, under the order id, and a seller nothing of the kind", async () => {
    const admin = await signInDemo(app, 'admin');
    await renderInApp('/orders', { app, agent: admin });
    const rows = await shownRows();
    const companies = new Map((await db.selectFrom('companies').select(['id', 'name']).execute()).map((c) => [c.id, c.name]));
    const orders = new Map((await db.selectFrom('orders').select(['id', 'company_id']).execute()).map((o) => [o.id, o.company_id]));
    for (const row of rows) {
      const company = companies.get(orders.get(row.getAttribute('data-order-id')!)!);
      expect(company).toBeTruthy();
      expect(row.querySelector('[data-testid="order-company"]')?.textContent).toBe(company);
    }
    cleanup();

    const seller = await signInDemo(app, 'seller');
    await renderInApp('/orders', { app, agent: seller });
    const sellerRows = await shownRows();
    expect(sellerRows[0].querySelector('[data-testid="order-company"]')).toBeNull();
  });

  it('sends a signed-out visitor to the sign-in page', async () => {
    const view = await renderInApp('/orders', { app });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
  });
});
