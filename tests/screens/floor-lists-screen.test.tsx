// @vitest-environment jsdom
// The floor's lists on the shared DataTable, as a warehouse
// user meets them without Chromium: the packing list pages 50 orders at a time
// with the thumb pager, and the inventory says why it shows nothing, inside the
// table. The lists read the device's store (fake-indexeddb), filled by the real
// sync pull from the real API answering in-process.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_TO_DISPLAY } from '../../domain/orders/texts';
import { DEMO_COMPANIES } from '../../db/seed';
import { makeTestApp, signInDemo, type Agent, type TestApp } from '../api/helpers';
import { cleanup, renderInApp } from '../../web/test/renderInApp';

let app: TestApp;
let warehouse: Agent;
beforeAll(async () => {
  ({ app } = await makeTestApp({ orders: 400 }));
  warehouse = await signInDemo(app, 'warehouse');
  // The demo warehouse works for all four companies: with every one selected, more than a page of orders waits.
  const selected = await warehouse.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: DEMO_COMPANIES.map((c) => c.id) } });
  expect(selected.status).toBe(200);
}, 120_000);
afterEach(() => cleanup());

const awbs = () => screen.getAllByTestId('pack-row').map((r) => r.getAttribute('data-awb'));

describe('floor lists on DataTable (jsdom, real API and offline store)', () => {
  it('pages the packing list 50 orders at a time with Previous / Next', async () => {
    await renderInApp('/fulfillment', { app, agent: warehouse });
    const table = await screen.findByRole('table', { name: 'Orders to pack' }, { timeout: 20_000 });
    expect(table.getAttribute('data-testid')).toBe('pack-list');
    await waitFor(() => expect(screen.getAllByTestId('pack-row')).toHaveLength(50), { timeout: 20_000 });
    // Every row is a row of the named table, with its Pack / View button.
    expect(within(table).getAllByRole('button', { name: /^(Pack|View)$/ })).toHaveLength(50);

    const pager = screen.getByRole('navigation', { name: 'Pages' });
    const position = within(pager).getByTestId('pager-position');
    const pages = Number(/^Page 1 of (\d+)$/.exec(position.textContent ?? '')?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    const first = awbs();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('pager-position').textContent).toBe(`Page 2 of ${pages}`));
    const second = awbs();
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((a) => first.includes(a))).toBe(false);
  }, 90_000);

  it('shows the inventory empty state inside the table when the search matches nothing, without a pager', async () => {
    await renderInApp('/inventory?q=NO-SUCH-WSIN-AT-ALL', { app, agent: warehouse });
    const table = await screen.findByRole('table', { name: 'Stock' }, { timeout: 20_000 });
    // Once the sync has brought stock rows, the list says the search found none (before, that none are saved yet).
    await waitFor(() => expect(within(table).getByText('No stock matches the search.')).toBeTruthy(), { timeout: 20_000 });
    expect(within(table).getByText(NOTHING_TO_DISPLAY)).toBeTruthy();
    expect(screen.queryAllByTestId('inventory-row')).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  }, 90_000);
});
