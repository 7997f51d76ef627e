import type { ErrorHandler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { randomUUID } from 'node:crypto';
import type { AppEnv } from '../env';

export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
  c.set('requestId', id);
  c.header('x-request-id', id);
  const started = performance.now();
  await next();
  const ms = Math.round((performance.now() - started) * 10) / 10;
  if (c.res.status >= 500) c.var.log.error({ reqId: id, method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request failed');
  else c.var.log.debug({ reqId: id, method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
};

/** 4xx refusals pass through; anything unexpected is a 500 with the request id and no stack trace. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
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
  return c.json({ status: false, message: 'Something went wrong!', requestId: reqId }, 500);
};
