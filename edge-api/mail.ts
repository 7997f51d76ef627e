/**
 * Outgoing e-mail (download links). With SMTP configured (config.smtpUrl,
 * env SMTP_URL) messages go out through nodemailer and are logged in
 * mail_outbox as sent; without it they are only stored in mail_outbox,
 * unsent, for an admin to read at /admin/outbox: nothing is lost and
 * nothing pretends to be sent.
 */
import type { Transporter } from 'nodemailer';
import type { DbHandle } from '../db/connect';
import { insertOutboxEntry } from '../db/mail/sent';
import { nowIso, uuidv7 } from '../domain/ids';
import { MAIL_USER_TEXT_MAX } from '../domain/mail';
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

/** Control characters (U+0000-U+001F, U+007F-U+009F) and the line and paragraph separators (U+2028, U+2029). */
const isBreakingCode = (c: number) => c <= 0x1f || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029;

/**
 * A user's text (a name) made safe to put in an e-mail the app writes: control
 * characters and line breaks become spaces, runs of spaces one, and it is cut
 * to `max` characters. For an HTML part, pass the result through `escapeHtml`.
 */
export function userText(text: string, max = MAIL_USER_TEXT_MAX): string {
  let spaced = '';
  for (let i = 0; i < text.length; i++) spaced += isBreakingCode(text.charCodeAt(i)) ? ' ' : text[i];
  const flat = spaced.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** One plain address: no display name, list, or header-breaking character. */
const SINGLE_ADDRESS = /^[^\s@,;:<>"()[\]\\]{1,64}@[^\s@,;:<>"()[\]\\]{1,189}$/;
const MAX_SUBJECT = 200;
const MAX_BODY = 100_000;

export async function sendMail(dbh: DbHandle, config: Pick<AppConfig, 'smtpUrl'>, input: MailMessage): Promise<MailOutcome> {
  if (!SINGLE_ADDRESS.test(input.to)) throw new Error('sendMail: the recipient must be one plain e-mail address');
  const msg: MailMessage = {
    to: input.to,
    subject: userText(input.subject, MAX_SUBJECT),
    text: input.text.slice(0, MAX_BODY),
    ...(input.html !== undefined ? { html: input.html.slice(0, MAX_BODY) } : {}),
  };
  const id = uuidv7();
  const row = { id, to_address: msg.to, subject: msg.subject, body: msg.text, created_at: nowIso() };
  if (!config.smtpUrl) {
    await insertOutboxEntry(dbh.db, { ...row, sent: 0, error: null });
    return { id, delivered: false };
  }
  try {
    await (await transportFor(config.smtpUrl)).sendMail({ from: MAIL_FROM, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html });
  } catch (err) {
    await insertOutboxEntry(dbh.db, { ...row, sent: 0, error: String((err as Error).message ?? err).slice(0, 500) });
    throw err;
  }
  await insertOutboxEntry(dbh.db, { ...row, sent: 1, error: null });
  return { id, delivered: true };
}
