// The session read every API request makes (edge-api/middleware/session.ts): a hot path.
import type { InferResult } from 'kysely';
import type { Db } from '../connect';
import { compiledOnce, readSql, type Reader } from '../prepared';
import '../tables/auth';

function sessionQuery(db: Db, id: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id', 'sessions.user_id', 'sessions.role', 'sessions.xsrf_token', 'sessions.selected_company_ids',
      'sessions.expires_at', 'users.name', 'users.email', 'users.company_id', 'users.warehouse_id',
    ])
    .where('sessions.id', '=', id);
}
export type SessionRow = InferResult<ReturnType<typeof sessionQuery>>[number];

/**
 * The session `id` names, with its user (no row, or one; expiry is the caller's to check). Every API
 * request reads it: compiled once per database and, on SQLite, run as a cached prepared statement
 * (db/prepared.ts). Answers readSql's promise itself: no await of its own on this hot path.
 */
export function readSessionRows(r: Reader, id: string): Promise<SessionRow[]> {
  const text = compiledOnce(r.db, 'session', () => sessionQuery(r.db, ''));
  return readSql<SessionRow>(r, text, [id]);
}
