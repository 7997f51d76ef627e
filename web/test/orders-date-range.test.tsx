// @vitest-environment jsdom
// The toolbar's "Order date range" picker filters the orders table,
// like the filter drawer's dates: the real screen over the real API.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { istDayEnd, istDayStart } from '../../domain/orders/ist-dates';
import { makeTestApp, signInDemo, type TestApp } from '../../tests/api/helpers';
import { cleanup, renderInApp } from './renderInApp';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 120 }));
});
afterEach(() => {
  cleanup();
  // The page keeps the last filter and section for the session: each test starts afresh.
  sessionStorage.clear();
  localStorage.clear();
});

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** YYYY-MM-DD of an instant in India time. */
const istDay = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10);
/** The day's label in the calendar ('18 November 2026'). */
const dayLabel = (d: string) => `${Number(d.slice(8, 10))} ${MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;

describe('orders toolbar date range (jsdom, real API)', () => {
  it('picking a start and an end day filters the table to orders of those India days', async () => {
    const seller = await signInDemo(app, 'seller');
    const companyId = (await db.selectFrom('users').select('company_id').where('email', '=', 'seller@shipdesk.in').executeTakeFirstOrThrow()).company_id!;
    const mine = await db.selectFrom('orders').select(['id', 'created_at']).where('company_id', '=', companyId).orderBy('created_at', 'desc').execute();
    // A range inside one month holding some, but not all, of the seller's orders.
    const to = istDay(mine[Math.floor(mine.length / 4)].created_at);
    const from = `${to.slice(0, 8)}${String(Math.max(1, Number(to.slice(8, 10)) - 2)).padStart(2, '0')}`;
    const inRange = mine.filter((o) => o.created_at >= istDayStart(from) && o.created_at <= istDayEnd(to));
    expect(inRange.length).toBeGreaterThan(0);
    expect(inRange.length).toBeLessThan(mine.length);

    // Every status (the page would otherwise land on New), so the range alone decides what is listed.
    const view = await renderInApp('/orders?tab=all', { app, agent: seller });
    await waitFor(() => expect(screen.getAllByTestId('order-row').length).toBeGreaterThan(0));

    fireEvent.click(screen.getByRole('button', { name: 'Order date range' }));
    // Go back to the range's month if the calendar opened on a later one.
    const monthTitle = `${MONTHS[Number(to.slice(5, 7)) - 1]} ${to.slice(0, 4)}`;
    for (let i = 0; i < 24 && !screen.queryByText(monthTitle); i++) fireEvent.click(await screen.findByRole('button', { name: 'Previous month' }));
    fireEvent.click(await screen.findByLabelText(dayLabel(from)));
    // After the first day nothing is filtered yet, and the picker keeps the started range.
    expect(view.router.state.location.search).not.toHaveProperty('from');
    fireEvent.click(await screen.findByLabelText(dayLabel(to)));

    await waitFor(() => expect(view.router.state.location.search).toMatchObject({ from, to }));
    await waitFor(() => {
      const ids = screen.getAllByTestId('order-row').map((r) => r.getAttribute('data-order-id'));
      expect(new Set(ids)).toEqual(new Set(inRange.slice(0, 50).map((o) => o.id)));
    });
    expect(screen.getByTestId('orders-total').textContent).toBe(inRange.length === 1 ? '1 order' : `${inRange.length} orders`);
    // The active-filter count on the Filters button and the date tag.
    expect(within(screen.getByTestId('open-filters')).getByTestId('filter-count').textContent).toBe('1');
    expect(screen.getByTestId('filter-tags').textContent).toContain(`Date: ${from} to ${to}`);
  });

  it('a status tab number in the URL opens that section', async () => {
    const seller = await signInDemo(app, 'seller');
    const view = await renderInApp('/orders?tab=4', { app, agent: seller });
    await waitFor(() => expect(view.router.state.location.search).toMatchObject({ tab: 'returns' }));
  });

  it('number keys switch the section when no input has focus', async () => {
    const seller = await signInDemo(app, 'seller');
    const view = await renderInApp('/orders', { app, agent: seller });
    await waitFor(() => expect(screen.getAllByTestId('order-row').length).toBeGreaterThan(0));
    fireEvent.keyDown(document.documentElement, { key: '5', code: 'Digit5' });
    await waitFor(() => expect(view.router.state.location.search).toMatchObject({ tab: 'ndr' }));
    // Typed into the search box, a digit is text, not a shortcut.
    const box = screen.getByRole('textbox', { name: 'Search orders' });
    box.focus();
    fireEvent.keyDown(box, { key: '1', code: 'Digit1' });
    expect(view.router.state.location.search).toMatchObject({ tab: 'ndr' });
  });
});
