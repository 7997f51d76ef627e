import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { readSessionRows } from '../../db/auth/session-row';
import type { Role } from '../../domain/roles';
import type { AppEnv, SessionInfo } from '../env';
import { ApiFailure } from '../lib/errors';

export const SESSION_COOKIE = 'sd_session';
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The session id (the hash of the session cookie's token) a Cookie header names, or null. A pure
 * function of the header, remembered for up to a thousand recent headers: parsing the cookies
 * and hashing the token is most of the cost of a session lookup. Nothing about the session itself
 * is remembered (its row is read on every request, below).
 */
const idsByCookieHeader = new Map<string, string | null>();
const MAX_REMEMBERED_HEADERS = 1024;
const MAX_REMEMBERED_HEADER_LENGTH = 1024;
export function sessionIdOf(c: Context<AppEnv>): string | null {
  const header = c.req.header('cookie');
  if (!header) return null;
  let id = idsByCookieHeader.get(header);
  if (id === undefined) {
    const token = getCookie(c, SESSION_COOKIE);
    id = token ? hashToken(token) : null;
    if (header.length > MAX_REMEMBERED_HEADER_LENGTH) return id;
    if (idsByCookieHeader.size >= MAX_REMEMBERED_HEADERS) idsByCookieHeader.clear();
    idsByCookieHeader.set(header, id);
  }
  return id;
}

/**
 * Loads the session named by the HttpOnly cookie, if any and not expired. Every
 * API request does this: the query is compiled once and, on SQLite, runs as a
 * cached prepared statement (db/prepared.ts); it is read afresh each time, so a
 * sign-out, expiry or change of selected companies applies to the next request.
 */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  await readSession(c);
  await next();
};

/** What loadSession does before calling the next handler: sets `session` (null when signed out). */
export async function readSession(c: Context<AppEnv>): Promise<void> {
  const id = sessionIdOf(c);
  c.set('session', null);
  if (id) {
    const [row] = await readSessionRows(c.get('dbh'), id);
    if (row && row.expires_at > new Date().toISOString()) {
      c.set('session', {
        id: row.id, userId: row.user_id, role: row.role as Role, name: row.name, email: row.email,
        companyId: row.company_id, warehouseId: row.warehouse_id, xsrfToken: row.xsrf_token,
        selectedCompanyIds: JSON.parse(row.selected_company_ids),
      });
    }
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Signing in again, from a browser that holds a session: the password (authenticate) and the new
 * code with its own xsrf token (login) are the proof there, not the old session's token.
 */
const SIGN_IN = new Set(['/api/auth/authenticate', '/api/auth/login']);

/** Double submit: a signed-in unsafe request must echo the session's xsrf token in `x-xsrf-token`. */
export const requireXsrf: MiddlewareHandler<AppEnv> = async (c, next) => {
  checkXsrf(c);
  await next();
};

/** What requireXsrf checks: throws the 403 when a signed-in unsafe request lacks the session's token. */
export function checkXsrf(c: Context<AppEnv>): void {
  const s = c.get('session');
  if (s && !SAFE.has(c.req.method) && c.req.header('x-xsrf-token') !== s.xsrfToken && !SIGN_IN.has(c.req.path)) {
    throw new ApiFailure(403, 'Invalid or missing XSRF token');
  }
}

export function requireSession(c: Context<AppEnv>): SessionInfo {
  const s = c.get('session');
  if (!s) throw new ApiFailure(401, 'Please login to continue');
  return s;
}

/** The company ids this session may touch; `null` = all (admin). */
export function companyScope(c: Context<AppEnv>): string[] | null {
  const s = requireSession(c);
  // Finance works across every brand (brands CSV, invoices, remittances) and reaches only the routes that name it.
  if (s.role === 'admin' || s.role === 'finance') return null;
  if (s.role === 'seller') return s.companyId ? [s.companyId] : [];
  return s.selectedCompanyIds;
}

/** True when the session may see rows of `companyId`. */
export function inScope(c: Context<AppEnv>, companyId: string): boolean {
  const scope = companyScope(c);
  return scope === null || scope.includes(companyId);
}
