// Mail the app sends (edge-api/mail.ts) is logged in mail_outbox: sent, or stored unsent with the reason.
import type { Db } from '../connect';
import type { MailOutboxTable } from '../schema';

export const insertOutboxEntry = (db: Db, row: MailOutboxTable) => db.insertInto('mail_outbox').values(row).execute();
