/**
 * Outgoing e-mail (download links). With SMTP configured (config.smtpUrl,
 * env SMTP_URL) messages go out through nodemailer and are logged in
 * mail_outbox as sent; without it they are only stored in mail_outbox,
 * unsent, for an admin to read at /admin/outbox: nothing is lost and
 * nothing pretends to be sent.
 */
import type { Transporter } from 'nodemailer';
import type { DbHandle } from '../db/connect';
import { nowIso, uuidv7 } from '../domain/ids';
import type { AppConfig } from './env';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type MailOutcome = { id: string; delivered: boolean };

export const MAIL_FROM = process.env.MAIL_FROM ?? 'ShipDesk <no-reply@shipdesk.in>';

const transports = new Map<string, Transporter>();
/** The SMTP transport for `url`; nodemailer is loaded on first use (most servers never send mail). */
async function transportFor(url: string): Promise<Transporter> {
  let t = transports.get(url);
  if (!t) {
    const { default: nodemailer } = await import('nodemailer');
    if (!transports.has(url)) transports.set(url, nodemailer.createTransport(url));
    t = transports.get(url)!;
  }
  return t;
}

export async function sendMail(dbh: DbHandle, config: Pick<AppConfig, 'smtpUrl'>, msg: MailMessage): Promise<MailOutcome> {
  const id = uuidv7();
  const row = { id, to_address: msg.to, subject: msg.subject, body: msg.text, created_at: nowIso() };
  if (!config.smtpUrl) {
    await dbh.db.insertInto('mail_outbox').values({ ...row, sent: 0, error: null }).execute();
    return { id, delivered: false };
  }
  try {
    await (await transportFor(config.smtpUrl)).sendMail({ from: MAIL_FROM, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html });
  } catch (err) {
    await dbh.db.insertInto('mail_outbox').values({ ...row, sent: 0, error: String((err as Error).message ?? err).slice(0, 500) }).execute();
    throw err;
  }
  await dbh.db.insertInto('mail_outbox').values({ ...row, sent: 1, error: null }).execute();
  return { id, delivered: true };
}
