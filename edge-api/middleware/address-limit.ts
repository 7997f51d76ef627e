import type { MiddlewareHandler } from 'hono';
import { rateLimited } from '../../domain/refusal';
import { TOO_MANY_REQUESTS } from '../../domain/auth';
import type { AppEnv } from '../env';

/**
 * Requests per client address in fixed windows, counted in this process's
 * memory (N processes behind a proxy allow N times as many; the per-account
 * budget in the database is what holds across them). The table is dropped at
 * each window's end, so it never holds more than one window's addresses.
 */
export function addressLimit(opts: { max: number; windowMs: number }, now: () => number = Date.now): MiddlewareHandler<AppEnv> {
  let windowStart = now();
  let counts = new Map<string, number>();
  return async (c, next) => {
    const addr = c.get('clientAddress');
    if (addr) {
      const t = now();
      if (t - windowStart >= opts.windowMs) {
        windowStart = t - ((t - windowStart) % opts.windowMs);
        counts = new Map();
      }
      const n = (counts.get(addr) ?? 0) + 1;
      counts.set(addr, n);
      if (n > opts.max) {
        const retryAfter = Math.max(1, Math.ceil((windowStart + opts.windowMs - t) / 1000));
        c.header('retry-after', String(retryAfter));
        throw rateLimited(TOO_MANY_REQUESTS, { retryAfter });
      }
    }
    await next();
  };
}
