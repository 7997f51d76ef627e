import type { MiddlewareHandler } from 'hono';
import { rateLimited } from '../../domain/refusal';
import { TOO_MANY_REQUESTS } from '../../domain/auth';
import type { AppEnv } from '../env';
import { countersOf, type Counter } from '../lib/counters';

/**
 * Requests per client address in fixed windows, counted by the app's counter
 * (edge-api/lib/counters.ts): in PostgreSQL or Redis every process shares the
 * count, so N processes behind a balancer allow the same total as one; with
 * SQLite (one process) it is this process's memory.
 */
export function addressLimit(opts: { max: number; windowMs: number }, counterOf: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => Counter = (c) => countersOf(c.var.dbh, c.var.config)): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const addr = c.get('clientAddress');
    if (addr) {
      const { count, resetAt } = await counterOf(c).take(`auth-address:${addr}`, opts.windowMs);
      if (count > opts.max) {
        const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
        c.header('retry-after', String(retryAfter));
        throw rateLimited(TOO_MANY_REQUESTS, { retryAfter });
      }
    }
    await next();
  };
}
