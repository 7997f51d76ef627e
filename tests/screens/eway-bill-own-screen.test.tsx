// @vitest-environment jsdom
// Settings > GST, "E-way bills without IRN": an e-way bill made on the e-way bill system (here its demo
// sandbox) for a B2C invoice over ₹50,000 is listed with its Part B still to enter; "Update Part B" takes the
// vehicle with a reason and a remark, and the list then shows the vehicle and the validity.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { makeTestApp, signInDemo, type Agent, type TestApp } from '../api/helpers';
import { pricedTeaInStock } from '../api/orders-fixtures';
import { cleanup, renderInApp } from '../../web/test/renderInApp';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let seller: Agent;
const C0 = DEMO_COMPANIES[0].id;

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  ({ app, db } = await makeTestApp({ orders: 3 }));
  seller = await signInDemo(app, 'seller');
}, 120_000);
afterEach(() => cleanup());

async function choose(form: HTMLElement, name: string, option: string) {
  const box = within(form).getByRole('combobox', { name }) as HTMLInputElement;
  fireEvent.focus(box);
  fireEvent.click(box);
  const listbox = await waitFor(() => {
    const l = document.getElementById(box.getAttribute('aria-controls') ?? '');
    expect(l).not.toBeNull();
    return l!;
  });
  fireEvent.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
  await waitFor(() => expect(box.value).toBe(option));
}

describe('e-way bills without IRN in Settings > GST', () => {
  it('lists one made without a vehicle and updates its Part B', async () => {
    const gstin = (await db.selectFrom('company_gstins').select('gstin').where('company_id', '=', C0).where('state_code', '=', '27').executeTakeFirstOrThrow()).gstin;
    const conn = await seller.json('/api/integrations/connections', { method: 'POST', body: { kind: 'gst-ewb', label: 'Demo', settings: { gstin, mode: 'demo' } } });
    expect(conn.status, JSON.stringify(conn.body)).toBe(201);
    const itemId = await pricedTeaInStock(db, C0, DEMO_WAREHOUSES[0].id, 20_000_00);
    const address = { firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: '', address1: 'Shop 4, Linking Road', address2: 'Dadar West', zip: '400028', city: 'Mumbai', state: 'Maharashtra' };
    const order = await seller.json('/api/orders/manual', {
      method: 'POST', body: { id: `EWB-OWN-${Date.now() % 100000}`, orderType: 0, pricingType: 0, paymentMethod: 'prepaid', shippingPrice: '40', whId: DEMO_WAREHOUSES[0].id, shippingAddress: address, sameAsShipping: true, items: [{ catalogueId: itemId, quantity: 3 }] },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect((await seller.json(`/api/orders/${order.body.data.id}/ready-to-ship`, { method: 'PATCH' })).status).toBe(200);
    const invoice = await db.selectFrom('invoices').select(['id', 'invoice_number']).where('order_id', '=', order.body.data.id).executeTakeFirstOrThrow();
    const made = await seller.json(`/api/gst/invoices/${invoice.id}/ewaybill`, { method: 'POST', body: { distanceKm: 48, transMode: '1' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const ewbNo = made.body.ewayBill.ewbNo as string;

    await renderInApp('/settings/gst', { app, agent: seller });
    const row = await waitFor(() => screen.getByText(ewbNo).closest('tr')!, { timeout: 20_000 });
    expect(row.textContent).toContain(invoice.invoice_number);
    expect(row.textContent).toContain('Not entered');
    fireEvent.click(within(row).getByRole('button', { name: 'Update Part B' }));
    const form = await screen.findByRole('form', { name: 'Update Part B' });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Part B' }));
    expect(await within(form).findByText('Please choose a reason')).toBeTruthy();
    await choose(form, 'Reason', 'First time');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Remark' }), { target: { value: 'Loaded at Bhiwandi' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Part B' }));
    expect(await within(form).findByText('Please enter the vehicle number')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Vehicle number' }), { target: { value: 'mh04ab1234' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Part B' }));
    await waitFor(() => expect(screen.getByText(ewbNo).closest('tr')!.textContent).toContain('MH04AB1234'), { timeout: 20_000 });
    const stored = await db.selectFrom('eway_bills').select(['vehicle_no', 'valid_till', 'part_b_at']).where('ewb_no', '=', ewbNo).executeTakeFirstOrThrow();
    expect(stored.vehicle_no).toBe('MH04AB1234');
    expect(stored.valid_till).not.toBeNull();
    expect(screen.getByText(ewbNo).closest('tr')!.textContent).not.toContain('Not entered');
  }, 90_000);
});
