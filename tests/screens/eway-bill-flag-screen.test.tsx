// @vitest-environment jsdom
// READY TO SHIP's e-way bill flag: an order worth more than ₹50,000 without an
// e-way bill is marked on the orders table, in the order panel and in the ship
// dialog, with a link to generate it (Settings > GST); a smaller order is not.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { EWB_NEEDED_TEXT } from '../../domain/einvoice/rules';
import pino from 'pino';
import { makeGstin } from '../../domain/gstin';
import { defaultConfig } from '../../edge-api/app';
import { TASK_HANDLERS } from '../../edge-api/integrations/handlers';
import { drainTasks } from '../../edge-api/integrations/tasks';
import { makeTestApp, signInDemo, type Agent, type TestApp } from '../api/helpers';
import { cleanup, renderInApp } from '../../web/test/renderInApp';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let dbh: Awaited<ReturnType<typeof makeTestApp>>['dbh'];
let seller: Agent;
const C0 = DEMO_COMPANIES[0].id;
const address = { firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: '', address1: 'Shop 4, Linking Road', address2: 'Dadar West', zip: '400028', city: 'Mumbai', state: 'Maharashtra' };

async function manualOrder(id: string, pricePaise: number, quantity: number, orderType = 0): Promise<{ id: string; shopOrderId: string }> {
  const item = await db.selectFrom('catalogue_items').select(['id', 'price_paise']).where('company_id', '=', C0).where('sku', '=', 'CP-0001').executeTakeFirstOrThrow();
  await db.updateTable('catalogue_items').set({ price_paise: pricePaise }).where('id', '=', item.id).execute();
  try {
    const r = await seller.json('/api/orders/manual', {
      method: 'POST',
      body: { id, orderType, pricingType: 0, paymentMethod: 'prepaid', shippingPrice: '40', whId: DEMO_WAREHOUSES[0].id, shippingAddress: orderType ? { ...address, gstin: makeGstin('27', 'AAPFU0939F'), companyName: 'Mumbai Retail LLP' } : address, sameAsShipping: true, items: [{ catalogueId: item.id, quantity }] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.data;
  } finally {
    await db.updateTable('catalogue_items').set({ price_paise: item.price_paise }).where('id', '=', item.id).execute();
  }
}

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  ({ app, db, dbh } = await makeTestApp({ orders: 5 }));
  seller = await signInDemo(app, 'seller');
}, 120_000);
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('e-way bill flag at READY TO SHIP (jsdom, real API)', () => {
  it('marks an order above ₹50,000 in the table, the order panel and the ship dialog, with a link to generate it', async () => {
    const big = await manualOrder('EWB-BIG-1', 26_000_00, 2); // ₹52,040 with shipping
    await renderInApp(`/orders?q=${big.shopOrderId}&order=${big.id}`, { app, agent: seller });
    const row = await waitFor(() => screen.getAllByTestId('order-row').find((r) => r.getAttribute('data-order-id') === big.id)!, { timeout: 20_000 });
    expect(within(row).getByTestId('order-ewb-needed').textContent).toBe('E-way bill needed');

    const panel = await screen.findByTestId('order-info', {}, { timeout: 20_000 });
    const flag = within(panel).getByTestId('ewb-needed');
    expect(flag.textContent).toContain(EWB_NEEDED_TEXT);
    expect(flag.textContent).toContain('₹52,040');
    expect(within(flag).getByRole('link', { name: 'Generate e-way bill' }).getAttribute('href')).toBe('/settings/gst');

    fireEvent.click(within(panel).getByRole('button', { name: 'READY TO SHIP' }));
    const dialog = await screen.findByRole('dialog', { name: 'READY TO SHIP' });
    expect(within(dialog).getByTestId('ewb-needed').textContent).toContain(EWB_NEEDED_TEXT);
    expect(within(dialog).getByRole('link', { name: 'Generate e-way bill' })).toBeTruthy();
  }, 90_000);

  it('Settings > GST generates the e-way bill of a registered invoice the flag links to, and the order is flagged no more', async () => {
    const gstin = (await db.selectFrom('company_gstins').select('gstin').where('company_id', '=', C0).where('state_code', '=', '27').executeTakeFirstOrThrow()).gstin;
    expect((await seller.json('/api/gst/settings', { method: 'PUT', body: { einvoicing: true, turnoverBand: '5cr_to_10cr' } })).status).toBe(200);
    const conn = await seller.json('/api/integrations/connections', { method: 'POST', body: { kind: 'gst-irp', label: 'Demo', settings: { gstin, mode: 'demo' } } });
    expect(conn.status, JSON.stringify(conn.body)).toBe(201);
    const item = await db.selectFrom('catalogue_items').select(['id']).where('company_id', '=', C0).where('sku', '=', 'CP-0001').executeTakeFirstOrThrow();
    const wsin = (await db.selectFrom('catalogue_wsins').select('wsin').where('catalogue_id', '=', item.id).executeTakeFirstOrThrow()).wsin;
    await db.updateTable('inventory').set({ quantity: 1000, blocked: 0 }).where('warehouse_id', '=', DEMO_WAREHOUSES[0].id).where('company_id', '=', C0).where('wsin', '=', wsin).execute();
    const big = await manualOrder('EWB-B2B-1', 26_000_00, 2, 1);
    expect((await seller.json(`/api/orders/${big.id}/ready-to-ship`, { method: 'PATCH' })).status).toBe(200);
    const invoice = await db.selectFrom('invoices').select(['id', 'invoice_number']).where('order_id', '=', big.id).executeTakeFirstOrThrow();
    await drainTasks(dbh, defaultConfig({ dataDir: `/tmp/shipdesk-test-${process.pid}` }), pino({ level: 'silent' }), TASK_HANDLERS, { now: () => new Date(Date.now() + 60_000) });
    expect((await seller.json(`/api/orders/${big.id}`)).body.data).toMatchObject({ ewayBillNeeded: true, invoiceIrnRegistered: true });

    await renderInApp('/settings/gst', { app, agent: seller });
    const row = await waitFor(() => screen.getByText(invoice.invoice_number).closest('tr')!, { timeout: 20_000 });
    fireEvent.click(within(row).getByRole('button', { name: 'Generate e-way bill' }));
    const form = await screen.findByRole('form', { name: 'Generate e-way bill' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Distance \(km\)/ }), { target: { value: '450' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Generate e-way bill' }));
    const ewb = await screen.findByTestId('queue-ewb', {}, { timeout: 20_000 });
    const stored = await db.selectFrom('einvoices').select(['ewb_no']).where('invoice_id', '=', invoice.id).executeTakeFirstOrThrow();
    expect(stored.ewb_no).toMatch(/^\d{12}$/);
    expect(ewb.textContent).toContain(`E-way bill ${stored.ewb_no}, valid till`);
    expect((await seller.json(`/api/orders/${big.id}`)).body.data).toMatchObject({ ewayBillNeeded: false, ewayBill: stored.ewb_no });

    // Within 24 hours it can be cancelled, with a reason and a remark, after saying so.
    const again = await waitFor(() => screen.getByText(invoice.invoice_number).closest('tr')!);
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel e-way bill' }));
    const cancel = await screen.findByRole('form', { name: 'Cancel e-way bill' });
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel e-way bill' }));
    await within(cancel).findByText('Please choose a reason');
    const reason = within(cancel).getByRole('combobox', { name: 'Reason' }) as HTMLInputElement;
    fireEvent.focus(reason);
    fireEvent.click(reason);
    const listbox = await waitFor(() => {
      const l = document.getElementById(reason.getAttribute('aria-controls') ?? '');
      expect(l).not.toBeNull();
      return l!;
    });
    fireEvent.click(await within(listbox).findByRole('option', { name: 'Order cancelled', hidden: true }));
    await waitFor(() => expect(reason.value).toBe('Order cancelled'));
    fireEvent.change(within(cancel).getByRole('textbox', { name: 'Remark' }), { target: { value: 'Buyer cancelled' } });
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel e-way bill' }));
    await waitFor(() => expect(screen.getByText(invoice.invoice_number).closest('tr')!.textContent).toContain(`E-way bill ${stored.ewb_no} cancelled`), { timeout: 20_000 });
    expect(await db.selectFrom('einvoices').select(['ewb_no', 'ewb_cancelled_no', 'ewb_cancel_reason']).where('invoice_id', '=', invoice.id).executeTakeFirstOrThrow())
      .toEqual({ ewb_no: null, ewb_cancelled_no: stored.ewb_no, ewb_cancel_reason: '2 Order cancelled: Buyer cancelled' });
  }, 90_000);

  it('says nothing for an order of ₹50,000 or less', async () => {
    const small = await manualOrder('EWB-SMALL-1', 24_980_00, 2); // ₹50,000 with shipping: not more than ₹50,000
    await renderInApp(`/orders?q=${small.shopOrderId}&order=${small.id}`, { app, agent: seller });
    const row = await waitFor(() => screen.getAllByTestId('order-row').find((r) => r.getAttribute('data-order-id') === small.id)!, { timeout: 20_000 });
    const panel = await screen.findByTestId('order-info', {}, { timeout: 20_000 });
    expect(within(panel).getByTestId('order-info-status').textContent).toBeTruthy();
    expect(within(row).queryByTestId('order-ewb-needed')).toBeNull();
    expect(within(panel).queryByTestId('ewb-needed')).toBeNull();
  }, 90_000);
});
