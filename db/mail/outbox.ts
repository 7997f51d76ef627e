// The local mail outbox (e-mail stored instead of, or as well as, sent): a page of it, newest first.
import type { Db } from '../connect';

export async function outboxPage(db: Db, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    db.selectFrom('mail_outbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
