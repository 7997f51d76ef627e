// How a live courier's HTTP calls wait, one rule for both couriers.
import type { Logger } from 'pino';

/**
 * `timeoutMs`: the caller's wait for an answer; `quote`: asked while the seller waits for the courier choice (one try,
 * never longer than `timeoutMs`: the rate tables answer instead).
 */
export type LiveCarrierContext = { log?: Logger; timeoutMs?: number; quote?: boolean };

/** A booking or a later call waits the connection's own `timeoutS` when set; a quote tries once, within the caller's wait. */
export function liveHttpOptions(settings: { timeoutS?: number }, ctx: LiveCarrierContext): { timeoutMs?: number; retries?: number } {
  const own = settings.timeoutS ? settings.timeoutS * 1000 : undefined;
  return ctx.quote ? { retries: 0, timeoutMs: Math.min(own ?? Infinity, ctx.timeoutMs ?? 15_000) } : { timeoutMs: own || ctx.timeoutMs };
}
