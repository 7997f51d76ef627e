import { z } from 'zod';

export const ISO_DAY_MESSAGE = 'Dates are YYYY-MM-DD';

/** True for a calendar day written YYYY-MM-DD that exists (not 2026-02-30, not 2026-13-01). */
export function isRealDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00.000Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
}

/**
 * A day as a query or body field: the shape checked by the regex, then that the
 * day exists, so no handler ever turns "2026-07-83" into an Invalid Date (a 500).
 */
export const isoDay = (message = ISO_DAY_MESSAGE) => z.string().max(10, message).refine(isRealDay, message);
