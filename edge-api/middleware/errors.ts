import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { HTTPException } from 'hono/http-exception';
import { randomUUID } from 'node:crypto';
import { SERVER_ERROR } from '../../domain/api';
import { Refusal, type RefusalKind } from '../../domain/refusal';
import type { AppEnv } from '../env';

/** The caller's `x-request-id` (64 characters at most), else a new one. */
export const requestIdOf = (header: string | string[] | undefined) => (typeof header === 'string' ? header.slice(0, 64) : '') || randomUUID();
export const newRequestId = (c: Context) => requestIdOf(c.req.header('x-request-id'));

/**
 * One structured line per request: `error` from 500 on, `debug` otherwise. This
 * runs on every request, so it builds the debug line only when debug is on.
 * `log` is the app's logger (the middleware passes `c.get('log')`; read `c.var`
 * on a hot path never: it copies every variable into a new object on each read).
 */
export function logRequest(log: Logger, c: Context<AppEnv>, reqId: string, status: number, started: number) {
  if (status >= 500) log.error({ reqId, method: c.req.method, path: c.req.path, status, ms: elapsedMs(started) }, 'request failed');
  else if (log.isLevelEnabled('debug')) log.debug({ reqId, method: c.req.method, path: c.req.path, status, ms: elapsedMs(started) }, 'request');
}
function elapsedMs(started: number) {
  return Math.round((performance.now() - started) * 10) / 10;
}

export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = newRequestId(c);
  c.set('requestId', id);
  c.header('x-request-id', id);
  const started = performance.now();
  await next();
  logRequest(c.get('log'), c, id, c.res.status, started);
};

/** 4xx refusals pass through; anything unexpected is a 500 with the request id and no stack trace. */
/** The HTTP status of each refusal kind (the only place they meet). */
export const REFUSAL_STATUS = { invalid: 400, not_found: 404, forbidden: 403, conflict: 409, rate_limited: 429 } as const satisfies Record<RefusalKind, number>;

export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof Refusal) {
    if (err.kind === 'rate_limited' && typeof err.extra?.retryAfter === 'number') c.header('retry-after', String(err.extra.retryAfter));
    return c.json({ status: false as const, message: err.message, ...(err.errors ? { errors: err.errors } : {}), ...err.extra }, REFUSAL_STATUS[err.kind]);
  }
  if (err instanceof HTTPException) {
    const res = err.getResponse();
    if (res.headers.get('content-type')?.includes('json')) return res;
    return c.json({ status: false, message: err.message || 'Bad request' }, err.status);
  }
  if (err instanceof SyntaxError && /JSON/i.test(err.message)) {
    return c.json({ status: false, message: 'Malformed JSON body' }, 400);
  }
  const reqId = c.var.requestId;
  c.var.log?.error({ reqId, err }, 'unhandled error');
  return c.json({ status: false, message: SERVER_ERROR, requestId: reqId }, 500);
};
