// No mail relay. Download links go only to the user's own
// address or the company's, so many an hour, with the user's text flattened and cut.
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../db/seed';
import { createApp, defaultConfig } from '../../edge-api/app';
import { drainJobs } from '../../edge-api/jobs/runner';
import { MAIL_RECIPIENT_NOT_ALLOWED, MAIL_TOO_MANY } from '../../domain/mail';
import { escapeHtml, sendMail, userText } from '../../edge-api/mail';
import { JOB_HANDLERS } from '../../edge-api/jobs/handlers';
import { demo, makeTestApp, signInDemo, type Agent } from './helpers';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
let ctx: Ctx;
let seller: Agent;
const jobs = async () => Number((await ctx.db.selectFrom('jobs').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const ask = (agent: Agent, email: string) => agent.json('/api/download/email', { method: 'POST', body: { kind: 'csv:orders', filter: {}, email } });

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 20 });
  seller = await signInDemo(ctx.app, 'seller');
});

describe('download e-mails', () => {
  it('go to the user\'s own address or the company\'s, and to nobody else', async () => {
    const before = await jobs();
    for (const email of ['victim@example.com', 'seller@shipdesk.in.evil.com', 'hello@khadithreads.in']) {
      const r = await ask(seller, email);
      expect(r.status, email).toBe(400);
      expect(r.body.errors).toEqual([{ path: 'email', message: MAIL_RECIPIENT_NOT_ALLOWED }]);
    }
    expect(await jobs()).toBe(before);
    expect((await ask(seller, demo('seller').email.toUpperCase())).status).toBe(202);
    expect((await ask(seller, DEMO_COMPANIES[0].email)).status).toBe(202);
    const offered = await seller.json('/api/download/email/recipients');
    expect(offered.body.recipients).toEqual([demo('seller').email, DEMO_COMPANIES[0].email]);
    expect(await jobs()).toBe(before + 2);
  });

  it('are limited per user and hour', async () => {
    const app = createApp({ dbh: ctx.dbh, logger: pino({ level: 'silent' }), config: { mailPerUserPerHour: 3, dataDir: `/tmp/shipdesk-test-${process.pid}` } });
    const admin = await signInDemo(app, 'admin');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await ask(admin, demo('admin').email)).status);
    expect(answers).toEqual([202, 202, 202, 429, 429]);
    expect((await ask(admin, demo('admin').email)).body.message).toBe(MAIL_TOO_MANY);
  });

  it('carry the user\'s name flattened to one line and cut short, never as extra headers or text', async () => {
    await ctx.db.updateTable('users').set({ name: `Ritika\r\nBcc: all@example.com\r\n\r\nWin a prize at http://evil.example ${'!'.repeat(500)}` }).where('email', '=', demo('seller').email).execute();
    const app = createApp({ dbh: ctx.dbh, logger: pino({ level: 'silent' }), config: { dataDir: `/tmp/shipdesk-test-${process.pid}` } });
    const agent = await signInDemo(app, 'seller');
    const r = await ask(agent, demo('seller').email);
    expect(r.status).toBe(202);
    await drainJobs(ctx.dbh, defaultConfig({ dataDir: `/tmp/shipdesk-test-${process.pid}` }), pino({ level: 'silent' }), JOB_HANDLERS);
    const mail = await ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', demo('seller').email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const hello = mail.body.split('\n')[0];
    expect(hello).toMatch(/^Hello Ritika Bcc: all@example\.com Win a prize/);
    expect([...hello].length).toBeLessThanOrEqual('Hello ,'.length + 80);
    expect(mail.body).not.toMatch(/\nBcc:/);
  });

  it('sendMail takes one plain address and a one-line subject', async () => {
    const cfg = { smtpUrl: undefined };
    for (const to of ['a@b.in, c@d.in', 'A <a@b.in>', 'a@b.in\r\nBcc: c@d.in', '']) {
      await expect(sendMail(ctx.dbh, cfg, { to, subject: 's', text: 't' })).rejects.toThrow(/one plain e-mail address/);
    }
    await sendMail(ctx.dbh, cfg, { to: 'ok@b.in', subject: 'Hi\r\nBcc: x@y.in', text: 't' });
    const row = await ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'ok@b.in').executeTakeFirstOrThrow();
    expect(row.subject).toBe('Hi Bcc: x@y.in');
    expect(userText('a\u2028b\tc', 80)).toBe('a b c');
    expect(escapeHtml('<b onclick="x">&</b>')).toBe('&lt;b onclick=&quot;x&quot;&gt;&amp;&lt;/b&gt;');
  });
});
