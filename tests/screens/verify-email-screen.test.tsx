// @vitest-environment jsdom
// E-mail verification on screen: the page the e-mailed link
// opens verifies the address once and says why a link did not work; the profile
// and the download dialog say the own address is unverified and offer a link.
import { act, screen, waitFor, within } from '@testing-library/react';
import { modals } from '@mantine/modals';
import pino from 'pino';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, makeTestApp, signIn, signInDemo, type Agent, type TestApp } from '../api/helpers';
import { EMAIL_LINK_INVALID, EMAIL_LINK_USED, EMAIL_VERIFICATION_SENT, EMAIL_VERIFIED } from '../../domain/auth';
import { mailOwnAddressUnverified } from '../../domain/mail';
import { defaultConfig } from '../../edge-api/app';
import { drainJobs } from '../../edge-api/jobs/runner';
import { JOB_HANDLERS } from '../../edge-api/jobs/handlers';
import { EmailRequestForm } from '../../web/features/downloads/EmailRequestForm';
import { cleanup, renderInApp } from '../../web/test/renderInApp';

let app: TestApp;
let ctx: Awaited<ReturnType<typeof makeTestApp>>;
beforeAll(async () => {
  ctx = await makeTestApp({ orders: 5 });
  app = ctx.app;
});
afterEach(() => {
  modals.closeAll();
  cleanup();
});

const SIGNUP = {
  name: 'Sahyadri Spices Pvt Ltd', phone: '9822012345', pan: 'ABCPS1234K', gst: '27ABCPS1234K1Z5', website: 'www.sahyadrispices.in',
  poc: 'Sunita Jadhav', pocPhone: '9922012345', password: 'Spice@2026', confirmPassword: 'Spice@2026',
  address: { line1: '12, FC Road', line2: 'Shivajinagar', city: 'Pune', state: 'Maharashtra', pincode: '411005' },
};
async function newSeller(email: string): Promise<Agent> {
  expect((await anonymous(app).json('/api/auth/signup/company', { method: 'POST', body: { ...SIGNUP, email } })).status).toBe(201);
  return signIn(app, email, 'Spice@2026', 'seller');
}
async function tokenMailedTo(email: string) {
  await drainJobs(ctx.dbh, defaultConfig({ dataDir: `/tmp/shipdesk-test-${process.pid}` }), pino({ level: 'silent' }), JOB_HANDLERS);
  const mail = await ctx.db.selectFrom('mail_outbox').select('body').where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return /token=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
}

describe('verify-email page (jsdom, real API)', () => {
  it('opens the link once: verified, then "already used"; the account no longer asks', async () => {
    const email = 'screen1@sahyadrispices.in';
    const agent = await newSeller(email);
    const token = await tokenMailedTo(email);
    await renderInApp(`/verify-email?token=${token}`, { app, agent });
    const result = await screen.findByTestId('verify-email-result');
    expect(result.textContent).toContain(EMAIL_VERIFIED);
    expect(result.textContent).toContain(email);
    expect(screen.getByRole('link', { name: 'Go to ShipDesk' })).toBeTruthy();
    expect((await agent.json('/api/auth/verify-email')).body.verified).toBe(true);
    cleanup();

    await renderInApp(`/verify-email?token=${token}`, { app, agent });
    const again = await screen.findByTestId('verify-email-result');
    await waitFor(() => expect(again.textContent).toContain(EMAIL_LINK_USED));
    await screen.findByText(`Your e-mail address ${email} is verified already: nothing more to do.`);
    expect(screen.queryByRole('button', { name: 'Send verification link' })).toBeNull();
    cleanup();

    await renderInApp('/profile', { app, agent });
    await screen.findByTestId('email-verified');
    expect(screen.queryByTestId('email-not-verified')).toBeNull();
  });

  it('a bad link says so; signed out, it offers to sign in for a new one', async () => {
    await renderInApp('/verify-email?token=not-a-real-token', { app });
    const result = await screen.findByTestId('verify-email-result');
    await waitFor(() => expect(result.textContent).toContain(EMAIL_LINK_INVALID));
    await screen.findByRole('button', { name: 'Sign in to ask for a new link' });
    cleanup();
    await renderInApp('/verify-email', { app });
    expect((await screen.findByTestId('verify-email-result')).textContent).toContain(EMAIL_LINK_INVALID);
  });

  it('signed in and unverified: the profile, the account menu and a failed link offer a new link', async () => {
    const email = 'screen2@sahyadrispices.in';
    const agent = await newSeller(email);
    // The sign-up link went out a minute ago or more, so another may be sent.
    await ctx.db.updateTable('email_verifications').set({ created_at: new Date(Date.now() - 120_000).toISOString() }).where('email', '=', email).execute();
    await renderInApp('/profile', { app, agent });
    const notice = await screen.findByTestId('email-not-verified');
    expect(notice.textContent).toContain('E-mail not verified');
    await act(async () => within(notice).getByRole('button', { name: 'Send verification link' }).click());
    await screen.findByText(EMAIL_VERIFICATION_SENT);
    const sent = await ctx.db.selectFrom('email_verifications').select('id').where('email', '=', email).execute();
    expect(sent).toHaveLength(2);
    await act(async () => screen.getByTestId('user-menu').click());
    expect((await screen.findByTestId('verify-email-menu')).textContent).toBe('E-mail not verified — Send verification link');
    cleanup();

    await renderInApp('/verify-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', { app, agent });
    await waitFor(async () => expect((await screen.findByTestId('verify-email-result')).textContent).toContain(EMAIL_LINK_INVALID));
    // Signed in and still unverified: a new link is one click away.
    await screen.findByRole('button', { name: 'Send verification link' });
  });

  it('the download dialog does not start with the own unverified address, says why, and offers the link', async () => {
    const email = 'screen3@sahyadrispices.in';
    const agent = await newSeller(email);
    const companyId = (await ctx.db.selectFrom('users').select('company_id').where('email', '=', email).executeTakeFirstOrThrow()).company_id!;
    await ctx.db.updateTable('companies').set({ email: 'accounts@sahyadrispices.in' }).where('id', '=', companyId).execute();
    await renderInApp('/profile', { app, agent });
    await screen.findByTestId('email-not-verified');
    act(() => {
      modals.open({ title: 'Send the download link by e-mail', children: <EmailRequestForm message="Too many rows" kind="csv:orders" filter={{}} defaultEmail={email} what="orders CSV" onClose={() => modals.closeAll()} /> });
    });
    const note = await screen.findByTestId('own-email-unverified');
    expect(note.textContent).toContain(mailOwnAddressUnverified(email));
    expect(within(note).getByRole('button', { name: 'Send verification link' })).toBeTruthy();
    expect((within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('accounts@sahyadrispices.in');
    cleanup();

    // A verified user sees no note and starts with their own address.
    const seller = await signInDemo(app, 'seller');
    await renderInApp('/profile', { app, agent: seller });
    await screen.findByTestId('email-verified');
    act(() => {
      modals.open({ children: <EmailRequestForm message="Too many rows" kind="csv:orders" filter={{}} defaultEmail="seller@shipdesk.in" what="orders CSV" onClose={() => modals.closeAll()} /> });
    });
    expect(((await within(await screen.findByRole('dialog')).findByRole('textbox', { name: 'Email' })) as HTMLInputElement).value).toBe('seller@shipdesk.in');
    expect(screen.queryByTestId('own-email-unverified')).toBeNull();
  });

  it('a changed company address shows as not verified on the profile; its link, once opened, makes it verified', async () => {
    const email = 'screen9@sahyadrispices.in';
    const agent = await newSeller(email);
    expect((await agent.json('/api/auth/verify-email/confirm', { method: 'POST', body: { token: await tokenMailedTo(email) } })).status).toBe(200);
    await renderInApp('/profile', { app, agent });
    // Verifying the sign-in address verified the same company address the sign-up gave.
    expect((await screen.findByTestId('org-email-verified')).textContent).toContain(email);
    const p = (await agent.json('/api/profile')).body.profile;
    const { kind, isD2R, ...editable } = p;
    void kind; void isD2R;
    expect((await agent.json('/api/profile/company', { method: 'PUT', body: { ...editable, email: 'accounts@sahyadrispices.in' } })).status).toBe(200);
    cleanup();

    await ctx.db.updateTable('email_verifications').set({ created_at: new Date(Date.now() - 3_700_000).toISOString() }).execute();
    await renderInApp('/profile', { app, agent });
    const notice = await screen.findByTestId('org-email-not-verified');
    expect(notice.textContent).toContain('Company e-mail not verified');
    expect(notice.textContent).toContain('accounts@sahyadrispices.in');
    await act(async () => within(notice).getByRole('button', { name: 'Send verification link' }).click());
    await screen.findByText('Link sent to accounts@sahyadrispices.in');
    const token = await tokenMailedTo('accounts@sahyadrispices.in');
    expect((await anonymous(app).json('/api/auth/verify-email/confirm', { method: 'POST', body: { token } })).status).toBe(200);
    await act(async () => within(notice).getByRole('button', { name: 'It has been verified' }).click());
    expect((await screen.findByTestId('org-email-verified')).textContent).toContain('accounts@sahyadrispices.in');
  });
});
