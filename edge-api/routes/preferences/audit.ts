// The admin audit log: a middleware that records every successful admin write
// (mounted ahead of every other API route), and the page's list call.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { auditQuerySchema, AuditLogResponse } from '../../../domain/audit';
import type { AppEnv } from '../../env';
import { v } from '../../lib/validate';
import { auditLog, auditTarget, readsAnswer, recordAdminWrite, type AuditTarget } from '../../services/audit';
import { actorOf } from './index';
import { responds } from '../../lib/responds';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const str = (x: unknown) => (typeof x === 'string' && x.length <= 64 ? x : undefined);

const isAdminWrite = (c: Context<AppEnv>) => c.get('session')?.role === 'admin' && !SAFE.has(c.req.method) && !c.req.path.startsWith('/api/auth/');
// It runs on every API request: all but an admin's writes go straight on, without a frame of their own.
const recordAdminWrites: MiddlewareHandler<AppEnv> = (c, next) => (isAdminWrite(c) ? recordWrite(c, next) : next());

const recordWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  const s = c.get('session');
  const write = s?.role === 'admin' && !SAFE.has(c.req.method) && !c.req.path.startsWith('/api/auth/');
  let body: Record<string, unknown> = {};
  if (write && c.req.header('content-type')?.includes('application/json')) {
    // The body is cached by Hono: the route's validator reads the same parse.
    body = ((await c.req.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  }
  const companyId = str(body.companyId) ?? str(c.req.query('companyId')) ?? null;
  const bodyIds = [str(body.orderId), str(body.splitOrderId)].filter((x): x is string => !!x);
  // The record as it was, so the entry can say what the write changed.
  let target: AuditTarget | undefined;
  if (write) {
    try {
      target = await auditTarget(c.var.dbh.db, { path: c.req.path, bodyIds, companyId, body });
    } catch (e) {
      c.var.log.error({ err: e }, 'audit log read failed');
    }
  }
  await next();
  if (!write || c.res.status >= 400) return;
  try {
    // A create names its new record only in its answer (read from a copy: the caller still gets the original).
    const answer = readsAnswer({ method: c.req.method, status: c.res.status }, target) && c.res.headers.get('content-type')?.includes('application/json') ? await c.res.clone().json().catch(() => undefined) : undefined;
    await recordAdminWrite(c.var.dbh.db, { id: s.userId, name: s.name, role: s.role, scope: null }, {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      companyId,
      bodyIds,
      body,
    }, target, answer);
  } catch (e) {
    c.var.log.error({ err: e }, 'audit log write failed');
  }
};

export const auditRoutes = new Hono<AppEnv>().use('*', recordAdminWrites).get('/admin/audit-log', responds(AuditLogResponse), v('query', auditQuerySchema), async (c) => {
  const r = await auditLog(c.var.dbh.db, actorOf(c), c.req.valid('query'));
  return c.json({ status: true as const, ...r } satisfies AuditLogResponse);
});
