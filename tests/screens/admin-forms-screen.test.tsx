// @vitest-environment jsdom
// Admin forms answer with their own messages, not the browser's "Please fill out
// this field." bubble (part 2 §4, §5): the delivery panel's "mark delivered (choose a
// past date-time)" says so for a future time, and 'Create Promoter' names the
// missing fields. jsdom, like a browser, refuses to submit a form whose inputs break
// their own constraints (required, max) unless the form is noValidate.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { modals } from '@mantine/modals';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, signInDemo, type Agent, type TestApp } from '../api/helpers';
import { PAST_TIME } from '../../domain/delivery';
import { cleanup, renderInApp } from '../../web/test/renderInApp';

let app: TestApp;
let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Agent;
beforeAll(async () => {
  ctx = await makeTestApp({ orders: 5 });
  app = ctx.app;
  admin = await signInDemo(app, 'admin');
});
afterEach(() => {
  modals.closeAll();
  cleanup();
});

describe('admin forms (jsdom, real API)', () => {
  it('mark delivered with a time in the future says to choose a past time and changes nothing', async () => {
    const order = await ctx.db.selectFrom('delivery_orders').select(['awb', 'order_status']).where('order_status', '=', 'RECEIVED').executeTakeFirstOrThrow();
    await renderInApp('/admin/delivery-orders', { app, agent: admin });
    fireEvent.change(await screen.findByPlaceholderText('AWB or customer phone'), { target: { value: order.awb } });
    fireEvent.click(await screen.findByRole('button', { name: order.awb }));
    const actions = await screen.findByTestId('slider-actions');
    fireEvent.click(within(actions).getByRole('button', { name: 'Mark delivered' }));
    const dialog = await screen.findByRole('dialog', { name: `Mark delivered · ${order.awb}` });
    const when = dialog.querySelector('input[type="datetime-local"]') as HTMLInputElement;
    fireEvent.change(when, { target: { value: '2099-01-01T10:00' } });
    fireEvent.click(within(dialog).getByTestId('action-submit'));
    await within(dialog).findByText(PAST_TIME);
    const after = await ctx.db.selectFrom('delivery_orders').select('order_status').where('awb', '=', order.awb).executeTakeFirstOrThrow();
    expect(after.order_status).toBe('RECEIVED');
  });

  it('Create Promoter submitted empty names what is missing', async () => {
    await renderInApp('/admin/promoters', { app, agent: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Create Promoter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Promoter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Promoter' }));
    await within(dialog).findByText('Please input Name!');
    await waitFor(() => expect(within(dialog).getAllByText('Phone number must be 10 digits').length).toBeGreaterThan(0));
  });
});
