// @vitest-environment jsdom
// A phone pasted as '+91 98450-12345' (or typed '98450 12345')
// fits in the field, shows as its 10 digits and is what the profile saves.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, signInDemo, type TestApp } from '../../tests/api/helpers';
import { cleanup, renderInApp } from './renderInApp';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 10 }));
});
afterEach(() => cleanup());

const companyOfSeller = async () =>
  (await db.selectFrom('users').select('company_id').where('email', '=', 'seller@shipdesk.in').executeTakeFirstOrThrow()).company_id!;

describe('phone fields take pasted numbers (jsdom, real API)', () => {
  it('profile: "+91 98450-12345" in Phone and "098450 54321" in PoC Phone are saved as their 10 digits', async () => {
    const seller = await signInDemo(app, 'seller');
    await renderInApp('/profile', { app, agent: seller });
    const phone = (await screen.findByRole('textbox', { name: 'Phone' })) as HTMLInputElement;
    const poc = screen.getByRole('textbox', { name: 'PoC Phone' }) as HTMLInputElement;
    // The browser cuts what is pasted at maxLength: the field must leave room for the pasted form.
    expect(phone.maxLength).toBeGreaterThanOrEqual('+91 98450-12345'.length);
    expect(poc.maxLength).toBeGreaterThanOrEqual('+91 98450-12345'.length);

    fireEvent.change(phone, { target: { value: '+91 98450-12345' } });
    fireEvent.blur(phone);
    await waitFor(() => expect(phone.value).toBe('9845012345'));
    fireEvent.change(poc, { target: { value: '098450 54321' } });
    fireEvent.blur(poc);
    await waitFor(() => expect(poc.value).toBe('9845054321'));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Profile updated');
    const company = await db.selectFrom('companies').select(['phone', 'poc_phone']).where('id', '=', await companyOfSeller()).executeTakeFirstOrThrow();
    expect(company).toEqual({ phone: '9845012345', poc_phone: '9845054321' });
  });

  it('signup: "98450 12345" typed is shown as 9845012345 and not cut short', async () => {
    await renderInApp('/signup?kind=company', { app });
    const phone = (await screen.findByRole('textbox', { name: 'Phone' })) as HTMLInputElement;
    expect(phone.maxLength).toBeGreaterThanOrEqual('+91 98450 12345'.length);
    fireEvent.change(phone, { target: { value: '98450 12345' } });
    fireEvent.blur(phone);
    await waitFor(() => expect(phone.value).toBe('9845012345'));
    // Submitting shows no phone error (the other empty fields have theirs).
    fireEvent.click(screen.getByRole('button', { name: 'Signup' }));
    await screen.findByText('Please enter your Company Name!');
    expect(screen.queryByText('Please enter a valid 10 digit phone number!')).toBeNull();
  });
});
