/**
 * The public tracking lookups' budget per client: no AWB enumeration, no lock-out of a buyer.
 * Each client (its address, an IPv6 client by its /64) spends points in a window: little for an AWB
 * it has already found (the buyer reloading their page), more for a first look at one, far more for
 * an AWB that does not exist, so a scan of sequential numbers runs dry early. A client whose budget is
 * spent gets 429 with Retry-After until the window ends. The counting is a RateCounter
 * (edge-api/lib/rate-counter.ts): this process's memory by default.
 */
import { isIP } from 'node:net';
import { LOOKUP_TOO_MANY } from '../../domain/tracking';
import { rateLimited } from '../../domain/refusal';
import type { RateCounter } from '../lib/rate-counter';

/** An address as a budget key: IPv4 as it is, IPv6 by its /64 (one subscriber's network). */
export function clientKey(addr: string): string {
  if (isIP(addr) !== 6) return addr;
  const [head, tail = ''] = addr.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = addr.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export type PublicLookupSettings = {
  /** Points a client may spend per window; 0 turns the limit off (a load test on loopback). */
  budget: number;
  windowMs: number;
  /** An AWB this client has already found in the window (the buyer reloading their page). */
  repeatCost: number;
  /** An AWB found for the first time in the window. */
  hitCost: number;
  /** An AWB that does not exist or is malformed: what a scan of sequential numbers mostly meets. */
  missCost: number;
};

export type LookupLimit = {
  /** Refuses (429, Retry-After in `extra.retryAfter`) a client whose budget is spent. */
  check: (addr: string | null) => Promise<void>;
  /** Charges a lookup of `awb` that was found or not. */
  charge: (addr: string | null, awb: string, found: boolean) => Promise<void>;
  /**
   * For a remembered answer (sent without waiting on anything): charges a found AWB at once and answers
   * true, or answers false, charging nothing, when the budget is spent or the counters cannot answer
   * at once: the routed path then answers (and refuses).
   */
  chargeFoundNow: (addr: string | null, awb: string) => boolean;
};

export function lookupLimit(settings: PublicLookupSettings, counters: { budget: RateCounter; seen: RateCounter }): LookupLimit {
  const on = (addr: string | null): addr is string => addr !== null && settings.budget > 0;
  const seenKey = (key: string, awb: string) => `${key}|${awb}`;
  const cost = (found: boolean, seenBefore: boolean) => (!found ? settings.missCost : seenBefore ? settings.repeatCost : settings.hitCost);
  return {
    check: async (addr) => {
      if (!on(addr)) return;
      const w = await counters.budget.peek(clientKey(addr));
      if (w.count >= settings.budget) throw rateLimited(LOOKUP_TOO_MANY, { retryAfter: Math.max(1, Math.ceil(w.resetMs / 1000)) });
    },
    charge: async (addr, awb, found) => {
      if (!on(addr)) return;
      const key = clientKey(addr);
      const seenBefore = found && (await counters.seen.peek(seenKey(key, awb))).count > 0;
      await counters.budget.take(key, cost(found, seenBefore));
      if (found && !seenBefore) await counters.seen.take(seenKey(key, awb));
    },
    chargeFoundNow: (addr, awb) => {
      if (!on(addr)) return true;
      const { budget, seen } = counters;
      if (!budget.takeNow || !budget.peekNow || !seen.takeNow || !seen.peekNow) return false;
      const key = clientKey(addr);
      if (budget.peekNow(key).count >= settings.budget) return false;
      const seenBefore = seen.peekNow(seenKey(key, awb)).count > 0;
      budget.takeNow(key, cost(true, seenBefore));
      if (!seenBefore) seen.takeNow(seenKey(key, awb));
      return true;
    },
  };
}
