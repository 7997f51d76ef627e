// @vitest-environment jsdom
// The return dialog as a returns clerk meets it: part 1's title 'Approval for
// RTO' for both kinds, a line right under it saying which return it is, and
// missing + damaged of a line held to its units as they are typed, with the
// line's own message. The station reads the device's store filled by the
// real sync pull from the real API answering in-process.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { makeTestApp, signInDemo, type Agent, type TestApp } from '../api/helpers';
import { cleanup, renderInApp } from '../../web/test/renderInApp';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let warehouse: Agent;
beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  ({ app, db } = await makeTestApp({ orders: 400 }));
  warehouse = await signInDemo(app, 'warehouse');
  await warehouse.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: DEMO_COMPANIES.map((c) => c.id) } });
}, 120_000);
afterEach(() => cleanup());

async function openReturn(status: 'RTO_DELIVERED' | 'DTO_DELIVERED') {
  const order = await db.selectFrom('orders').select(['id']).where('status', '=', status).where('warehouse_id', '=', DEMO_WAREHOUSES[0].id).orderBy('id').executeTakeFirstOrThrow();
  const info = await warehouse.json<{ data: { data: { wsin: string; maxQuantity: number }[] } }>(`/api/return-info?splitOrderId=${order.id}`);
  const line = info.body.data.data[0];
  await renderInApp('/returns', { app, agent: warehouse });
  const row = await waitFor(() => {
    const r = document.querySelector(`[data-order-id="${order.id}"]`);
    expect(r).not.toBeNull();
    return r as HTMLElement;
  }, { timeout: 20_000 });
  fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('return-lines', {}, { timeout: 10_000 });
  return { dialog, line };
}

describe('return dialog (jsdom, real API)', () => {
  it("an RTO keeps the title and says it is the courier's return", async () => {
    const { dialog } = await openReturn('RTO_DELIVERED');
    expect(within(dialog).getByRole('heading', { name: 'Approval for RTO' })).toBeTruthy();
    expect(within(dialog).getByTestId('return-kind').textContent).toBe('Courier return (RTO): the parcel came back undelivered');
    expect(within(dialog).getByRole('button', { name: 'Approve RTO' })).toBeTruthy();
  }, 90_000);

  it("a DTO keeps the same title and says it is the customer's return; missing + damaged over the units is refused as typed", async () => {
    const { dialog, line } = await openReturn('DTO_DELIVERED');
    expect(within(dialog).getByRole('heading', { name: 'Approval for RTO' })).toBeTruthy();
    expect(within(dialog).getByTestId('return-kind').textContent).toBe('Customer return (DTO): the customer sent the parcel back');
    const approve = within(dialog).getByRole('button', { name: 'Approve DTO' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(false);

    const missing = within(dialog).getByRole('textbox', { name: `Missing quantity of ${line.wsin}` });
    const damaged = within(dialog).getByRole('textbox', { name: `Damaged quantity of ${line.wsin}` });
    expect(missing.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(missing, { target: { value: String(line.maxQuantity) } });
    // Every unit missing: the + of Damaged stops there.
    expect((within(dialog).getByRole('button', { name: `Damaged quantity of ${line.wsin}: one more` }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(damaged, { target: { value: '1' } });
    const message = `Missing and damaged units of ${line.wsin} together cannot be more than ${line.maxQuantity}`;
    // Said at once, beside the line, before any Approve; Approve is held back.
    await within(dialog).findByText(message);
    expect(approve.disabled).toBe(true);
    fireEvent.change(damaged, { target: { value: '0' } });
    await waitFor(() => expect(within(dialog).queryByText(message)).toBeNull());
    expect(approve.disabled).toBe(false);
  }, 90_000);
});
