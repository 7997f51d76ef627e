// @vitest-environment jsdom
// Settings > Invoicing and Settings > Preferences refetch on their own (when the page opens, when
// the network comes back, after a save). What the user changed and has not saved survives such a
// refetch; a form left as loaded shows what the server now holds, and Discard goes back to that.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preferencesOf } from '../../domain/preferences';
import { makeTestApp, signInDemo, type TestApp } from '../../tests/api/helpers';
import { cleanup, renderInApp } from './renderInApp';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let companyId: string;
beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 5 }));
  companyId = (await db.selectFrom('users').select('company_id').where('email', '=', 'seller@shipdesk.in').executeTakeFirstOrThrow()).company_id!;
});
afterEach(() => cleanup());

const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const renameCompany = (name: string) => db.updateTable('companies').set({ name }).where('id', '=', companyId).execute();
/** Another session of the seller saves print item labels on or off, the rest as stored. */
async function setPrintItemLabel(on: boolean) {
  const other = await signInDemo(app, 'seller');
  const stored = preferencesOf((await other.json('/api/ums/profile/preferences')).body.data);
  const saved = await other.json('/api/ums/profile/preferences', { method: 'POST', body: { ...stored, printItemLabel: on } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describe('a settings form and its page refetching (jsdom, real API)', () => {
  it('Invoicing: a refetch keeps the brand name being typed; a form left alone takes the new company name; Discard shows it', async () => {
    await renameCompany('Chai Point Foods');
    const seller = await signInDemo(app, 'seller');
    const view = await renderInApp('/settings/invoicing', { app, agent: seller });
    await waitFor(() => expect(textbox('Registered Company Name').value).toBe('Chai Point Foods'));

    // Left as loaded: another change on the server shows after the page refetches.
    await renameCompany('Chai Point Foods Pvt Ltd');
    await view.queryClient.refetchQueries();
    await waitFor(() => expect(textbox('Registered Company Name').value).toBe('Chai Point Foods Pvt Ltd'));

    // Being edited: the typed brand name stays through a refetch, and the page says it is unsaved.
    fireEvent.change(textbox('Brand Name'), { target: { value: 'Chai Point' } });
    await renameCompany('Chai Point Beverages');
    await view.queryClient.refetchQueries();
    await screen.findByText('You have unsaved changes.');
    expect(textbox('Brand Name').value).toBe('Chai Point');
    expect(textbox('Registered Company Name').value).toBe('Chai Point Foods Pvt Ltd');

    // Discard: back to what the server holds now.
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(textbox('Registered Company Name').value).toBe('Chai Point Beverages'));
    expect(textbox('Brand Name').value).toBe('');
    expect(screen.queryByText('You have unsaved changes.')).toBeNull();
  });

  it('Preferences: a switch turned and not saved stays turned through a refetch; untouched, it follows the server', async () => {
    await setPrintItemLabel(false);
    const seller = await signInDemo(app, 'seller');
    const view = await renderInApp('/settings/preferences', { app, agent: seller });
    const printItems = () => screen.getByRole('switch', { name: /Print item labels/ }) as HTMLInputElement;
    await waitFor(() => expect(printItems().checked).toBe(false));

    await setPrintItemLabel(true);
    await view.queryClient.refetchQueries();
    await waitFor(() => expect(printItems().checked).toBe(true));

    const hidePhone = () => screen.getByRole('switch', { name: /Hide customer phone on label/ }) as HTMLInputElement;
    const hidden = hidePhone().checked;
    fireEvent.click(hidePhone());
    await setPrintItemLabel(false);
    await view.queryClient.refetchQueries();
    // A settled refetch: the query's data is the server's new answer.
    await waitFor(() => expect(view.queryClient.getQueryData<{ printItemLabel: boolean }>(['preferences', 'own'])?.printItemLabel).toBe(false));
    expect(hidePhone().checked).toBe(!hidden);
    expect(printItems().checked).toBe(true);
  });
});
