// No mail relay: files are e-mailed to a user's own address
// only once it is verified. Sign-up mails a verification link; opening it marks
// the address verified, once; the company's configured address works once a link
// mailed to it was opened (a changed address needs a new one).
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUserEmail } from '../../db/auth/email-verification';
import {
  EMAIL_ALREADY_VERIFIED,
  EMAIL_LINK_EXPIRED,
  EMAIL_LINK_INVALID,
  EMAIL_LINK_OLD_ADDRESS,
  EMAIL_LINK_USED,
  EMAIL_VERIFICATION_HOURLY,
  EMAIL_VERIFICATION_SENT,
  EMAIL_VERIFICATION_TOO_MANY,
  EMAIL_VERIFIED,
} from '../../domain/auth';
import { MAIL_RECIPIENT_NOT_ALLOWED, MAIL_VERIFY_FIRST } from '../../domain/mail';
import { defaultConfig } from '../../edge-api/app';
import { EXPORT_JOB } from '../../edge-api/services/billing/email-exports';
import { drainJobs } from '../../edge-api/jobs/runner';
import { JOB_HANDLERS } from '../../edge-api/jobs/handlers';
import { VERIFY_EMAIL_JOB } from '../../edge-api/services/auth/email-verification';
import { anonymous, makeTestApp, signIn, signInDemo, type Agent } from './helpers';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
let ctx: Ctx;
const log = pino({ level: 'silent' });
const config = () => defaultConfig({ dataDir: `/tmp/shipdesk-test-${process.pid}` });

const signup = (email: string, over: Record<string, unknown> = {}) => ({
  name: 'Sahyadri Spices Pvt Ltd', email, phone: '9822012345', pan: 'ABCPS1234K',
  gst: '27ABCPS1234K1Z5', website: 'www.sahyadrispices.in', poc: 'Sunita Jadhav', pocPhone: '9922012345',
  address: { line1: '12, FC Road', line2: 'Shivajinagar', city: 'Pune', state: 'Maharashtra', pincode: '411005' },
  password: 'Spice@2026', confirmPassword: 'Spice@2026', ...over,
});

/** Signs a new company up and in; answers the agent. */
async function newSeller(email: string): Promise<Agent> {
  const r = await anonymous(ctx.app).json('/api/auth/signup/company', { method: 'POST', body: signup(email) });
  expect(r.status).toBe(201);
  return signIn(ctx.app, email, 'Spice@2026', 'seller');
}

const mailsTo = (to: string) => ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('created_at').orderBy('id').execute();
/** The token of the newest verification link in the outbox for `to`. */
async function tokenMailedTo(to: string): Promise<string> {
  await drainJobs(ctx.dbh, config(), log, JOB_HANDLERS);
  const mails = await mailsTo(to);
  const m = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.body ?? '');
  expect(m, `a verification link mailed to ${to}`).not.toBeNull();
  return m![1];
}
const confirm = (token: string, agent = anonymous(ctx.app)) => agent.json('/api/auth/verify-email/confirm', { method: 'POST', body: { token } });
const jobsOf = async (kind: string, userEmail: string) => {
  const u = await ctx.db.selectFrom('users').select('id').where('email', '=', userEmail).executeTakeFirstOrThrow();
  return Number((await ctx.db.selectFrom('jobs').select((e) => e.fn.countAll<number>().as('n')).where('kind', '=', kind).where('user_id', '=', u.id).executeTakeFirstOrThrow()).n);
};
const askExport = (agent: Agent, email: string) => agent.json('/api/download/email', { method: 'POST', body: { kind: 'csv:orders', filter: {}, email } });
/** Let a new seller have an order so an export is not refused as empty. */
async function giveAnOrder(email: string) {
  const u = await ctx.db.selectFrom('users').select('company_id').where('email', '=', email).executeTakeFirstOrThrow();
  const o = await ctx.db.selectFrom('orders').selectAll().limit(1).executeTakeFirstOrThrow();
  await ctx.db.insertInto('orders').values({ ...o, id: `${o.id.slice(0, -6)}e0e0e0`, company_id: u.company_id!, shop_order_id: `EV-${email}`, tracking_number: null }).execute();
}

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 5 });
});

describe('e-mail verification', () => {
  it('sign-up mails a verification link to the new address, stored only as a hash', async () => {
    const r = await anonymous(ctx.app).json('/api/auth/signup/company', { method: 'POST', body: signup('owner@sahyadrispices.in') });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ code: '000027', verificationEmail: 'owner@sahyadrispices.in' });
    expect(await jobsOf(VERIFY_EMAIL_JOB, 'owner@sahyadrispices.in')).toBe(1);
    const token = await tokenMailedTo('owner@sahyadrispices.in');
    const [mail] = await mailsTo('owner@sahyadrispices.in');
    expect(mail).toMatchObject({ subject: 'Verify your e-mail address for ShipDesk', sent: 0 });
    expect(mail.body).toContain('Hello Sunita Jadhav,');
    expect(mail.body).toMatch(/works once, for 24 hours/);
    // Neither the verification row nor the job that mailed it holds the token.
    const rows = await ctx.db.selectFrom('email_verifications').selectAll().where('email', '=', 'owner@sahyadrispices.in').execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const jobs = await ctx.db.selectFrom('jobs').select(['payload', 'result']).where('kind', '=', VERIFY_EMAIL_JOB).execute();
    expect(JSON.stringify(jobs)).not.toContain(token);
    expect(Date.parse(rows[0].expires_at) - Date.parse(rows[0].created_at)).toBe(24 * 3600_000);

    const agent = await signIn(ctx.app, 'owner@sahyadrispices.in', 'Spice@2026', 'seller');
    expect((await agent.json('/api/auth/session')).body.user).toMatchObject({ email: 'owner@sahyadrispices.in', emailVerified: false });
    expect((await agent.json('/api/auth/verify-email')).body).toEqual({ status: true, email: 'owner@sahyadrispices.in', verified: false, verifiedAt: null });
  });

  it('refuses files to the own unverified address and queues nothing; a company address of its own works once verified', async () => {
    const email = 'owner2@sahyadrispices.in';
    const agent = await newSeller(email);
    await giveAnOrder(email);
    const r = await askExport(agent, email);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MAIL_VERIFY_FIRST);
    expect(r.body.errors).toEqual([{ path: 'email', message: MAIL_VERIFY_FIRST }]);
    expect(await jobsOf(EXPORT_JOB, email)).toBe(0);
    // Sign-up gave the company the same address: it is not offered until verified either.
    expect((await agent.json('/api/download/email/recipients')).body.recipients).toEqual([]);
    expect((await askExport(agent, 'someone@else.in')).body.message).toBe(MAIL_RECIPIENT_NOT_ALLOWED);

    // A company address of its own is offered and taken while the user's is unverified, once its own link was opened.
    const u = await ctx.db.selectFrom('users').select('company_id').where('email', '=', email).executeTakeFirstOrThrow();
    await ctx.db.updateTable('companies').set({ email: 'accounts@sahyadrispices.in' }).where('id', '=', u.company_id!).execute();
    expect((await agent.json('/api/download/email/recipients')).body.recipients).toEqual([]);
    await ctx.db.updateTable('email_verifications').set({ created_at: new Date(Date.now() - 120_000).toISOString() }).where('email', '=', email).execute();
    expect((await agent.json('/api/auth/verify-email/organisation/send', { method: 'POST' })).status).toBe(200);
    expect((await confirm(await tokenMailedTo('accounts@sahyadrispices.in'))).status).toBe(200);
    expect((await agent.json('/api/download/email/recipients')).body.recipients).toEqual(['accounts@sahyadrispices.in']);
    expect((await askExport(agent, 'accounts@sahyadrispices.in')).status).toBe(202);
    expect(await jobsOf(EXPORT_JOB, email)).toBe(1);

    // Verified: the own address is offered and taken.
    expect((await confirm(await tokenMailedTo(email))).status).toBe(200);
    expect((await agent.json('/api/download/email/recipients')).body.recipients).toEqual([email, 'accounts@sahyadrispices.in']);
    expect((await askExport(agent, email.toUpperCase())).status).toBe(202);
    expect(await jobsOf(EXPORT_JOB, email)).toBe(2);
  });

  it('a link verifies once; a used, unknown, expired or over-long token is refused with its reason', async () => {
    const email = 'owner3@sahyadrispices.in';
    const agent = await newSeller(email);
    const token = await tokenMailedTo(email);
    const ok = await confirm(token);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: true, message: EMAIL_VERIFIED, email });
    expect((await agent.json('/api/auth/session')).body.user.emailVerified).toBe(true);
    expect((await agent.json('/api/auth/verify-email')).body).toMatchObject({ verified: true, verifiedAt: expect.any(String) });

    const again = await confirm(token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(EMAIL_LINK_USED);
    const bad = await confirm(`${token.slice(0, -2)}xx`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(EMAIL_LINK_INVALID);
    expect((await confirm('x'.repeat(101))).status).toBe(400);
    expect((await confirm('')).body.message).toBe(EMAIL_LINK_INVALID);
    // Verified already: no more links.
    const more = await agent.json('/api/auth/verify-email/send', { method: 'POST' });
    expect(more.status).toBe(409);
    expect(more.body.message).toBe(EMAIL_ALREADY_VERIFIED);

    // Expired: 24 hours after it was sent.
    const late = 'owner4@sahyadrispices.in';
    const lateAgent = await newSeller(late);
    const lateToken = await tokenMailedTo(late);
    await ctx.db.updateTable('email_verifications').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('email', '=', late).execute();
    const expired = await confirm(lateToken);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(EMAIL_LINK_EXPIRED);
    expect((await lateAgent.json('/api/auth/verify-email')).body.verified).toBe(false);
  });

  it('a new link can be asked for, not more than once a minute or five an hour; signed-out callers cannot ask', async () => {
    const email = 'owner5@sahyadrispices.in';
    const agent = await newSeller(email);
    // The sign-up link went out just now.
    const soon = await agent.json('/api/auth/verify-email/send', { method: 'POST' });
    expect(soon.status).toBe(429);
    expect(soon.body.message).toBe(EMAIL_VERIFICATION_TOO_MANY);
    await ctx.db.updateTable('email_verifications').set({ created_at: new Date(Date.now() - 120_000).toISOString() }).where('email', '=', email).execute();
    const r = await agent.json('/api/auth/verify-email/send', { method: 'POST' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: true, message: EMAIL_VERIFICATION_SENT, email });
    // Both links work until one is used.
    await drainJobs(ctx.dbh, config(), log, JOB_HANDLERS);
    const tokens = (await mailsTo(email)).map((m) => /token=([A-Za-z0-9_-]+)/.exec(m.body)![1]);
    expect(new Set(tokens).size).toBe(2);
    expect((await confirm(tokens[1])).status).toBe(200);
    // Five links an hour at most.
    const other = await newSeller('owner8@sahyadrispices.in');
    const u = await ctx.db.selectFrom('users').select('id').where('email', '=', 'owner8@sahyadrispices.in').executeTakeFirstOrThrow();
    for (let i = 0; i < 4; i++) {
      await ctx.db.updateTable('email_verifications').set({ created_at: new Date(Date.now() - 120_000 - i * 1000).toISOString() }).where('user_id', '=', u.id).execute();
      expect((await other.json('/api/auth/verify-email/send', { method: 'POST' })).status).toBe(200);
    }
    await ctx.db.updateTable('email_verifications').set({ created_at: new Date(Date.now() - 120_000).toISOString() }).where('user_id', '=', u.id).execute();
    const sixth = await other.json('/api/auth/verify-email/send', { method: 'POST' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(EMAIL_VERIFICATION_HOURLY);
    await ctx.db.updateTable('email_verifications').set({ created_at: new Date(Date.now() - 3_700_000).toISOString() }).where('user_id', '=', u.id).execute();
    expect((await other.json('/api/auth/verify-email/send', { method: 'POST' })).status).toBe(200);

    expect((await anonymous(ctx.app).json('/api/auth/verify-email/send', { method: 'POST' })).status).toBe(401);
    expect((await anonymous(ctx.app).json('/api/auth/verify-email')).status).toBe(401);
    // Without the XSRF header a signed-in caller is refused.
    expect((await agent.request('/api/auth/verify-email/send', { method: 'POST', headers: { 'x-xsrf-token': '' } })).status).toBe(403);
  });

  it('a link for an address the user no longer has verifies nothing; a new address starts unverified', async () => {
    const email = 'owner6@sahyadrispices.in';
    const agent = await newSeller(email);
    const token = await tokenMailedTo(email);
    const u = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await setUserEmail(ctx.db, u.id, 'new-owner6@sahyadrispices.in');
    const r = await confirm(token);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(EMAIL_LINK_OLD_ADDRESS);
    const row = await ctx.db.selectFrom('users').select(['email', 'email_verified_at']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ email: 'new-owner6@sahyadrispices.in', email_verified_at: null });
    void agent;
  });

  it('two tabs opening the same link: one verifies, the other is told it was used', async () => {
    const email = 'owner7@sahyadrispices.in';
    await newSeller(email);
    const token = await tokenMailedTo(email);
    const answers = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  });

  it('demo users are verified, so their exports go to their own address as before', async () => {
    const seller = await signInDemo(ctx.app, 'seller');
    expect((await seller.json('/api/auth/session')).body.user.emailVerified).toBe(true);
    const none = await ctx.db.selectFrom('users').select('email').where('email_verified_at', 'is', null).where('email', 'like', '%@shipdesk.in').execute();
    expect(none).toEqual([]);
  });
});

describe('organisation addresses (a changed company or warehouse address is verified before it receives files)', () => {
  /** Saves the profile with a new e-mail address through the profile screen's call. */
  async function changeOrgEmail(agent: Agent, email: string) {
    const p = (await agent.json('/api/profile')).body.profile;
    const { kind, isD2R, ...editable } = p;
    void isD2R;
    const r = await agent.json(`/api/profile/${kind}`, { method: 'PUT', body: { ...editable, email } });
    expect(r.status).toBe(200);
  }
  const allowOneMoreLink = () => ctx.db.updateTable('email_verifications').set({ created_at: new Date(Date.now() - 3_700_000).toISOString() }).execute();
  const recipients = async (agent: Agent) => (await agent.json('/api/download/email/recipients')).body.recipients as string[];

  it('a seller who sets the company address to anyone\'s cannot have files mailed there until that address opens its link', async () => {
    const seller = await signInDemo(ctx.app, 'seller');
    const before = (await seller.json('/api/auth/verify-email/organisation')).body;
    expect(before).toMatchObject({ status: true, organisation: { kind: 'company', verified: true } });
    const demoCompanyEmail = before.organisation.email as string;
    expect(await recipients(seller)).toContain(demoCompanyEmail.toLowerCase());

    await changeOrgEmail(seller, 'victim@example.org');
    expect((await seller.json('/api/auth/verify-email/organisation')).body.organisation).toMatchObject({ email: 'victim@example.org', verified: false });
    expect(await recipients(seller)).not.toContain('victim@example.org');
    const refused = await askExport(seller, 'victim@example.org');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MAIL_RECIPIENT_NOT_ALLOWED);
    expect(await mailsTo('victim@example.org')).toEqual([]);

    // The link goes to the new address; its text names the user and the company, and sends nothing else.
    await allowOneMoreLink();
    const sent = await seller.json('/api/auth/verify-email/organisation/send', { method: 'POST' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: true, email: 'victim@example.org' });
    const token = await tokenMailedTo('victim@example.org');
    const [mail] = await mailsTo('victim@example.org');
    expect(mail.subject).toBe("Verify your organisation's e-mail address for ShipDesk");
    expect(mail.body).toContain('nothing is sent to this address until the link is opened');
    // Changed again before the link was opened: the old link verifies nothing.
    await changeOrgEmail(seller, 'accounts@chaipoint.example');
    const stale = await confirm(token);
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(EMAIL_LINK_OLD_ADDRESS);
    expect(await recipients(seller)).not.toContain('accounts@chaipoint.example');

    await allowOneMoreLink();
    expect((await seller.json('/api/auth/verify-email/organisation/send', { method: 'POST' })).status).toBe(200);
    const ok = await confirm(await tokenMailedTo('accounts@chaipoint.example'));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: true, message: EMAIL_VERIFIED, email: 'accounts@chaipoint.example' });
    expect(await recipients(seller)).toContain('accounts@chaipoint.example');
    expect((await askExport(seller, 'accounts@chaipoint.example')).status).toBe(202);
    // Verified already: no more links for it; the user's own address stays as it was.
    await allowOneMoreLink();
    expect((await seller.json('/api/auth/verify-email/organisation/send', { method: 'POST' })).status).toBe(409);
    expect((await seller.json('/api/auth/session')).body.user.emailVerified).toBe(true);
    await changeOrgEmail(seller, demoCompanyEmail);
  });

  it('a warehouse user verifies the warehouse address the same way; an admin has no organisation address', async () => {
    const wh = await signInDemo(ctx.app, 'warehouse');
    await changeOrgEmail(wh, 'dock@chakan.example');
    expect((await wh.json('/api/auth/verify-email/organisation')).body.organisation).toMatchObject({ kind: 'warehouse', email: 'dock@chakan.example', verified: false });
    expect(await recipients(wh)).not.toContain('dock@chakan.example');
    await allowOneMoreLink();
    expect((await wh.json('/api/auth/verify-email/organisation/send', { method: 'POST' })).status).toBe(200);
    expect((await confirm(await tokenMailedTo('dock@chakan.example'))).status).toBe(200);
    expect(await recipients(wh)).toContain('dock@chakan.example');

    const admin = await signInDemo(ctx.app, 'admin');
    expect((await admin.json('/api/auth/verify-email/organisation')).body).toEqual({ status: true, organisation: null });
    expect((await admin.json('/api/auth/verify-email/organisation/send', { method: 'POST' })).status).toBe(403);
    expect((await anonymous(ctx.app).json('/api/auth/verify-email/organisation/send', { method: 'POST' })).status).toBe(401);
  });

  it('verifying the own address verifies the same address on the company a sign-up made', async () => {
    const email = 'owner9@sahyadrispices.in';
    const agent = await newSeller(email);
    expect((await agent.json('/api/auth/verify-email/organisation')).body.organisation).toMatchObject({ email, verified: false });
    expect((await confirm(await tokenMailedTo(email))).status).toBe(200);
    expect((await agent.json('/api/auth/verify-email/organisation')).body.organisation).toMatchObject({ email, verified: true });
    expect(await recipients(agent)).toEqual([email]);
  });
});
