// Zod building blocks of the orders' query strings and bodies: comma lists, ISO dates, blank text.
import { z } from 'zod';

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Accepts `a,b` or repeated params and gives a de-duplicated array. */
export const csv = <T extends z.ZodType>(item: T, max = 50) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(','));
    const clean = [...new Set(parts.map((x) => x.trim()).filter(Boolean))];
    return clean.length ? clean : undefined;
  }, z.array(item).max(max).optional());

export const isoDate = z
  .string()
  .max(10)
  .regex(DATE_RE, 'Dates are YYYY-MM-DD')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00.000Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, 'Not a date');

/** An optional text filter where an empty value means "not set". */
export const blankToUndefined = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);
