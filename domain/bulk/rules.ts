// Cell rules of the bulk uploads (spec part 2 §5 'Bulk upload field rules').
// A rule reads one cell (always text, as the sheet gave it) and returns the
// reason it is wrong, or null. The browser's grid and the server run the same
// rules (through the zod row schemas of ./schemas).
import { EMAIL_NOT_VALID, ownAwbProblem, PHONE_10_DIGITS } from '../manual-order';
import { normaliseAwb } from '../tracking-events';
import { PRODUCT_ID_MAX, PRODUCT_ID_MAX_LENGTH, SKU_NO_BRACKETS, SKU_NO_SPACE } from '../catalogue';
import { normalisePhone } from '../phone';
import { rupeesToPaise } from '../money';

export type BulkRow = Record<string, string>;
export type Rule = (value: string, row: BulkRow) => string | null;

export const isRequiredMsg = (col: string) => `${col} is required`;
export const minCharsMsg = (col: string, n: number) => `${col} must be at least ${n} characters`;
export const maxCharsMsg = (col: string, n: number) => `${col} must be at most ${n} characters`;
export const minNumberMsg = (col: string, n: number) => `${col} must be a number of at least ${n}`;
export const wholeNumberMsg = (col: string) => `${col} must be a whole number`;
export const twoDecimalsMsg = (col: string) => `${col} can have at most 2 decimal places`;
export const yesNoMsg = (col: string) => `${col} must be yes or no`;
export const oneOfMsg = (col: string, allowed: readonly string[]) => `${col} must be one of ${allowed.join(', ')}`;
export const PINCODE_6_DIGITS = 'Pincode must be exactly 6 digits';
export const DATE_INVALID = 'Date must be a valid date (YYYY-MM-DD)';
export const PERCENT_0_100 = 'Discount must be between 0 and 100';
export { EMAIL_NOT_VALID, PHONE_10_DIGITS, PRODUCT_ID_MAX, SKU_NO_BRACKETS, SKU_NO_SPACE };

const NUMBER_RE = /^-?(\d+(\.\d+)?|\.\d+)$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const num = (v: string): number | null => (NUMBER_RE.test(v) ? Number(v) : null);

/** Every rule below treats '' as "not given"; `required` adds the emptiness check. */
export const required = (col: string, then?: Rule): Rule => (v, row) => (v === '' ? isRequiredMsg(col) : then ? then(v, row) : null);

export const optional = (then: Rule): Rule => (v, row) => (v === '' ? null : then(v, row));

export const maxChars = (col: string, n: number): Rule => (v) => (v.length > n ? maxCharsMsg(col, n) : null);

export const minChars = (col: string, n: number, max = 300): Rule => (v) => (v.length < n ? minCharsMsg(col, n) : v.length > max ? maxCharsMsg(col, max) : null);

/** A number not below `min` (integers only when `whole`). */
export const numberMin = (col: string, min: number, whole = false): Rule => (v) => {
  const n = num(v);
  if (n === null || n < min) return minNumberMsg(col, min);
  if (whole && !Number.isInteger(n)) return wholeNumberMsg(col);
  return null;
};

/** A rupee amount of at least 0 with at most two decimals (exact in paise: '499.999' is refused, never rounded). */
export const amount = (col: string): Rule => (v) => numberMin(col, 0)(v, {}) ?? (rupeesToPaise(v) === null ? twoDecimalsMsg(col) : null);

export const percent: Rule = (v) => {
  const n = num(v);
  return n === null || n < 0 || n > 100 ? PERCENT_0_100 : null;
};

export const oneOf = (col: string, allowed: readonly string[]): Rule => (v) => (allowed.includes(v.toLowerCase()) ? null : oneOfMsg(col, allowed));

export const oneOfExact = (col: string, allowed: readonly string[]): Rule => (v) =>
  allowed.some((a) => a.toLowerCase() === v.toLowerCase()) ? null : oneOfMsg(col, allowed);

export const yesNo = (col: string): Rule => (v) => (/^(yes|no)$/i.test(v) ? null : yesNoMsg(col));
export const isYes = (v: string | undefined) => /^yes$/i.test(v ?? '');

/** Checked as normalised (+91, 0, spaces, dashes dropped; domain/phone.ts), as the order itself stores it. */
export const phone: Rule = (v) => (/^[0-9]{10}$/.test(normalisePhone(v)) ? null : PHONE_10_DIGITS);
export const email: Rule = (v) => (v.length <= 200 && EMAIL_RE.test(v) ? null : EMAIL_NOT_VALID);
export const pincode: Rule = (v) => (/^[0-9]{6}$/.test(v) ? null : PINCODE_6_DIGITS);
/** Checked as stored (domain/manual-order.ts): spaces and dashes dropped, in capitals. */
export const awb: Rule = (v) => ownAwbProblem(normaliseAwb(v));

export const date: Rule = (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? null : DATE_INVALID);

export const productId: Rule = (v) => (v.length > PRODUCT_ID_MAX_LENGTH ? PRODUCT_ID_MAX : null);

export const sku: Rule = (v) => {
  if (/\s/.test(v)) return SKU_NO_SPACE;
  if (/[()[\]{}<>]/.test(v)) return SKU_NO_BRACKETS;
  return v.length > 100 ? maxCharsMsg('sku', 100) : null;
};

/** Rules run in order; the first reason wins. */
export const all = (...rules: Rule[]): Rule => (v, row) => {
  for (const r of rules) {
    const reason = r(v, row);
    if (reason) return reason;
  }
  return null;
};
