// @vitest-environment jsdom
// Orders, the manifest being built: "Consolidated e-way bill" lists the manifest's orders that have an e-way bill
// (made here on the demo e-way bill system) and those left out, asks for the vehicle (checked as the API does),
// asks to confirm, and shows the consolidated e-way bill's number and date; a manifest without any e-way bill
// says so; another seller's refusal comes back in words.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { makeTestApp, signInDemo, type Agent, type TestApp } from '../api/helpers';
import { pricedTeaInStock } from '../api/orders-fixtures';
import { cleanup, renderInApp } from '../../web/test/renderInApp';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let seller: Agent;
let userId = '';
const C0 = DEMO_COMPANIES[0].id;

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  ({ app, db } = await makeTestApp({ orders: 3 }));
  seller = await signInDemo(app, 'seller');
  userId = (await seller.json('/api/auth/session')).body.user.id;
  expect(userId).toBeTruthy();
  const gstin = (await db.selectFrom('company_gstins').select('gstin').where('company_id', '=', C0).where('state_code', '=', '27').executeTakeFirstOrThrow()).gstin;
  const conn = await seller.json('/api/integrations/connections', { method: 'POST', body: { kind: 'gst-ewb', label: 'Demo', settings: { gstin, mode: 'demo' } } });
  expect(conn.status, JSON.stringify(conn.body)).toBe(201);
}, 120_000);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

let seq = 0;
/** An order of three tins at ₹20,000, READY TO SHIP, to Mumbai: its id, shop order id and invoice. */
async function bigOrder() {
  const itemId = await pricedTeaInStock(db, C0, DEMO_WAREHOUSES[0].id, 20_000_00);
  const address = { firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: '', address1: 'Shop 4, Linking Road', address2: 'Dadar West', zip: '400028', city: 'Mumbai', state: 'Maharashtra' };
  const order = await seller.json('/api/orders/manual', {
    method: 'POST', body: { id: `CEWB-${++seq}-${Date.now() % 100000}`, orderType: 0, pricingType: 0, paymentMethod: 'prepaid', shippingPrice: '40', whId: DEMO_WAREHOUSES[0].id, shippingAddress: address, sameAsShipping: true, items: [{ catalogueId: itemId, quantity: 3 }] },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  expect((await seller.json(`/api/orders/${order.body.data.id}/ready-to-ship`, { method: 'PATCH' })).status).toBe(200);
  const invoice = await db.selectFrom('invoices').select(['id']).where('order_id', '=', order.body.data.id).executeTakeFirstOrThrow();
  return { id: order.body.data.id as string, shopOrderId: order.body.data.shopOrderId as string, invoiceId: invoice.id };
}

/** Puts orders on this device's manifest, as the ship dialog does. */
const onManifest = (orders: { id: string; shopOrderId: string }[]) =>
  localStorage.setItem(`shipdesk.manifest.${userId}`, JSON.stringify(orders.map((o) => ({ id: o.id, shopOrderId: o.shopOrderId, shipper: 'Delhivery' }))));

async function openConsolidate() {
  await renderInApp('/orders', { app, agent: seller });
  const bar = await screen.findByTestId('manifest-bar', {}, { timeout: 20_000 });
  fireEvent.click(within(bar).getByRole('button', { name: 'Consolidated e-way bill' }));
  return screen.findByRole('dialog', { name: 'Consolidated e-way bill' });
}

describe('consolidated e-way bill from the manifest', () => {
  it("consolidates the manifest's e-way bills for a vehicle after a confirmation, and shows its number and date", async () => {
    const a = await bigOrder();
    const b = await bigOrder();
    const none = await bigOrder();
    const ea = await seller.json(`/api/gst/invoices/${a.invoiceId}/ewaybill`, { method: 'POST', body: { distanceKm: 48 } });
    const eb = await seller.json(`/api/gst/invoices/${b.invoiceId}/ewaybill`, { method: 'POST', body: { distanceKm: 48 } });
    expect([ea.status, eb.status]).toEqual([200, 200]);
    onManifest([a, b, none]);

    const dialog = await openConsolidate();
    const form = await within(dialog).findByRole('form', { name: 'Consolidated e-way bill' }, { timeout: 20_000 });
    expect(form.textContent).toContain(`${a.shopOrderId}: e-way bill ${ea.body.ewayBill.ewbNo}`);
    expect(form.textContent).toContain(`${b.shopOrderId}: e-way bill ${eb.body.ewayBill.ewbNo}`);
    expect(form.textContent).toContain(`Left out, no e-way bill: ${none.shopOrderId}.`);

    // No vehicle: the API's own words, nothing sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await within(form).findByText('Please enter the vehicle number')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Vehicle number' }), { target: { value: 'mh 04' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await within(form).findByText('Vehicle number: 7 to 15 letters and digits, as on the registration (MH04AB1234)')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Vehicle number' }), { target: { value: 'mh04ab1234' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await within(form).findByText('A consolidated e-way bill for 2 e-way bills in vehicle MH04AB1234 is registered with the e-way bill system.')).toBeTruthy();
    expect((await db.selectFrom('eway_bills').select('consolidated_no').where('invoice_id', 'in', [a.invoiceId, b.invoiceId]).execute()).map((r) => r.consolidated_no)).toEqual([null, null]);

    fireEvent.click(within(form).getByRole('button', { name: 'Generate consolidated e-way bill' }));
    const done = await within(dialog).findByText(/^Consolidated e-way bill \d+$/, {}, { timeout: 20_000 });
    const stored = await db.selectFrom('eway_bills').select('consolidated_no').where('invoice_id', 'in', [a.invoiceId, b.invoiceId]).execute();
    expect(new Set(stored.map((r) => r.consolidated_no)).size).toBe(1);
    expect(done.textContent).toBe(`Consolidated e-way bill ${stored[0].consolidated_no}`);
    expect(dialog.textContent).toMatch(/Generated \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m IST for 2 e-way bills/);
    expect(dialog.textContent).toContain(ea.body.ewayBill.ewbNo);
  }, 120_000);

  it('says so when no order on the manifest has an e-way bill', async () => {
    const plain = await bigOrder();
    onManifest([plain]);
    const dialog = await openConsolidate();
    expect(await within(dialog).findByText('None of the orders on this manifest has an e-way bill yet: generate them first (the order panel, or Settings > GST).', {}, { timeout: 20_000 })).toBeTruthy();
    expect(within(dialog).queryByRole('form')).toBeNull();
  }, 120_000);
});
