// @vitest-environment jsdom
// Part 1 screens as their users see them (review findings): the tracking layout
// editor's preview shows the header the live page shows (the seller's name when
// the layout has no logo), and the warehouse signup asks for its name under the
// label the form shows ('Please enter your {label}!', part 1 §5).
import { fireEvent, screen, within } from '@testing-library/react';
import { modals } from '@mantine/modals';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, makeTestApp, signInDemo, type Agent, type TestApp } from '../api/helpers';
import { DEMO_COMPANIES } from '../../db/seed';
import { cleanup, renderInApp } from '../../web/test/renderInApp';

let app: TestApp;
let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let seller: Agent;
beforeAll(async () => {
  ctx = await makeTestApp({ orders: 5 });
  app = ctx.app;
  seller = await signInDemo(app, 'seller');
});
afterEach(() => {
  modals.closeAll();
  cleanup();
});

describe('part 1 screens (jsdom, real API)', () => {
  it("the layout editor's preview shows the seller's name in the header, as the live tracking page does", async () => {
    const order = await ctx.db.selectFrom('orders').select('tracking_number').where('tracking_number', 'is not', null)
      .where('company_id', '=', DEMO_COMPANIES[0].id).executeTakeFirstOrThrow();
    const live = (await anonymous(app).json(`/api/order/${order.tracking_number}/details`)).body.data;
    expect(live.seller.name).not.toBe('');
    await renderInApp('/settings/tracking-layout', { app, agent: seller });
    const preview = await screen.findByTestId('layout-preview');
    expect((await within(preview).findByTestId('seller-name')).textContent).toContain(live.seller.name);
  });

  it("a warehouse's empty name says 'Please enter your Warehouse Name!'", async () => {
    await renderInApp('/signup', { app });
    fireEvent.click(await screen.findByText('Warehouse', { selector: 'label, span, button' }));
    await screen.findByRole('textbox', { name: 'Warehouse Name' });
    fireEvent.click(screen.getByRole('button', { name: 'Signup' }));
    await screen.findByText('Please enter your Warehouse Name!');
    expect(screen.queryByText('Please enter your Company Name!')).toBeNull();
  });
});
