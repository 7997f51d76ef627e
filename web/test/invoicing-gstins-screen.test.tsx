// @vitest-environment jsdom
// Settings > Invoicing, GSTIN per state: the seller sees the
// company's GSTINs, adds one (the form refuses what the server would, with the
// same message) and removes one after confirming.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, signInDemo, type TestApp } from '../../tests/api/helpers';
import { makeGstin, type CompanyGstinEntry } from '../../domain/gstin';
import { cleanup, renderInApp } from './renderInApp';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let companyId: string;
beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 10 }));
  companyId = (await db.selectFrom('users').select('company_id').where('email', '=', 'seller@shipdesk.in').executeTakeFirstOrThrow()).company_id!;
});
afterEach(() => cleanup());

/** What the server has recorded for the company (its own answer, not the screen's). */
async function recorded(): Promise<{ state_code: string; gstin: string }[]> {
  const r = await (await signInDemo(app, 'seller')).json('/api/ums/invoices/gstins');
  expect(r.status).toBe(200);
  return (r.body.gstins as CompanyGstinEntry[]).filter((g) => !g.fromProfile).map((g) => ({ state_code: g.stateCode, gstin: g.gstin }));
}
const rows = () => screen.queryAllByTestId('gstin-row');
const addForm = () => screen.getByRole('form', { name: 'Add a GSTIN' });

async function chooseState(name: string) {
  const select = within(addForm()).getByRole('combobox', { name: 'State' }) as HTMLInputElement;
  fireEvent.focus(select);
  fireEvent.click(select);
  fireEvent.change(select, { target: { value: name } });
  const listbox = await waitFor(() => {
    const l = document.getElementById(select.getAttribute('aria-controls') ?? '');
    expect(l).not.toBeNull();
    return l!;
  });
  await within(listbox).findByRole('option', { name, hidden: true });
  fireEvent.keyDown(select, { key: 'ArrowDown' });
  fireEvent.keyDown(select, { key: 'Enter' });
  fireEvent.blur(select);
  await waitFor(() => expect(select.value).toBe(name));
}

describe('GSTIN per state in Settings > Invoicing (jsdom, real API)', () => {
  it('lists the GSTINs recorded for the company, and its registration GSTIN', async () => {
    const seller = await signInDemo(app, 'seller');
    const company = await db.selectFrom('companies').select('gst').where('id', '=', companyId).executeTakeFirstOrThrow();
    const saved = await recorded();
    expect(saved.length).toBeGreaterThan(0);
    await renderInApp('/settings/invoicing', { app, agent: seller });
    await waitFor(() => expect(rows().length).toBe(saved.length + 1));
    const text = rows().map((r) => r.textContent ?? '');
    for (const g of saved) expect(text.some((t) => t.includes(g.gstin))).toBe(true);
    const home = rows().find((r) => r.textContent?.includes(company.gst!))!;
    expect(home.textContent).toContain('Registration GSTIN');
    expect(within(home).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('refuses a GSTIN of another state or with a wrong check character, then saves a valid one', async () => {
    const seller = await signInDemo(app, 'seller');
    await renderInApp('/settings/invoicing', { app, agent: seller });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const before = await recorded();
    const gstin = within(addForm()).getByRole('textbox', { name: 'GSTIN' });
    const save = screen.getByRole('button', { name: 'Add GSTIN' });

    fireEvent.click(save);
    await screen.findByText('Please select the state of this GSTIN');
    await screen.findByText('GSTIN must be 15 characters');

    await chooseState('Gujarat');
    fireEvent.change(gstin, { target: { value: makeGstin('29', 'ABCDE1234F') } }); // a Karnataka GSTIN
    fireEvent.click(save);
    await screen.findByText('GSTIN for Gujarat must start with 24');

    const valid = makeGstin('24', 'ABCDE1234F');
    const wrongCheck = valid.slice(0, 14) + (valid[14] === 'A' ? 'B' : 'A');
    fireEvent.change(gstin, { target: { value: wrongCheck } });
    fireEvent.click(save);
    await screen.findByText('GSTIN is not valid: its check character does not match');
    expect(await recorded()).toEqual(before); // nothing reached the server

    fireEvent.change(gstin, { target: { value: valid.toLowerCase() } });
    fireEvent.click(save);
    await screen.findByText('GSTIN saved');
    await waitFor(() => expect(rows().some((r) => r.getAttribute('data-state-code') === '24' && r.textContent?.includes(valid))).toBe(true));
    expect(await recorded()).toContainEqual({ state_code: '24', gstin: valid });
  });

  it('removes a GSTIN only after the seller confirms', async () => {
    const seller = await signInDemo(app, 'seller');
    await renderInApp('/settings/invoicing', { app, agent: seller });
    const row = await waitFor(() => {
      const r = rows().find((x) => x.getAttribute('data-state-code') === '24');
      expect(r).toBeDefined();
      return r!;
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Remove Gujarat GSTIN' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await recorded()).some((g) => g.state_code === '24')).toBe(true);

    fireEvent.click(within(row).getByRole('button', { name: 'Remove Gujarat GSTIN' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await screen.findByText('GSTIN removed');
    await waitFor(() => expect(rows().some((x) => x.getAttribute('data-state-code') === '24')).toBe(false));
    expect((await recorded()).some((g) => g.state_code === '24')).toBe(false);
  });
});
