// The admin's view of what the system e-mailed.
import type { DbHandle } from '../../../db/connect';
import { outboxPage } from '../../../db/mail/outbox';
import type { OutboxMail } from '../../../domain/mail';

export async function mailOutbox(dbh: DbHandle, page: number, pageSize: number): Promise<{ currentCount: number; mails: OutboxMail[] }> {
  const { rows, total } = await outboxPage(dbh.db, page, pageSize);
  return {
    currentCount: total,
    mails: rows.map((m) => ({ id: m.id, to: m.to_address, subject: m.subject, body: m.body, sent: m.sent === 1, error: m.error, createdAt: m.created_at })),
  };
}
