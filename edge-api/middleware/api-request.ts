import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { logRequest, newRequestId, onError } from './errors';
import { checkRoles } from './roles';
import { checkXsrf, readSession } from './session';

/**
 * requestId, loadSession, requireXsrf and the role matrix (in that order) as one middleware:
 * every API request runs them, and each link of Hono's middleware chain costs
 * a call, a promise and a closure. It answers exactly as the three would: the
 * request id set and sent, the session loaded, an unsafe request without the
 * session's xsrf token refused with 403, and a fault in these steps answered by
 * onError (as Hono's chain answers a middleware's throw), then the request's
 * log line written with the final status.
 */
export const apiRequest: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = newRequestId(c);
  c.set('requestId', id);
  c.header('x-request-id', id);
  const started = performance.now();
  let refused = false;
  try {
    await readSession(c);
    checkXsrf(c);
    checkRoles(c);
  } catch (err) {
    if (!(err instanceof Error)) throw err;
    c.error = err;
    c.res = await onError(err, c);
    refused = true;
  }
  if (!refused) await next();
  logRequest(c.get('log'), c, id, c.res.status, started);
};
