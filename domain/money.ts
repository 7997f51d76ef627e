// Money is integer paise everywhere inside. This file holds the one rupee
// formatter (Indian digit grouping: lakh, crore), used by order screens,
// manual-order totals, invoices, credit notes, labels, manifests, CSV and Tally,
// and the one exact conversion each way where the API's contract names a rupee
// amount (price, basePrice, totalPrice, shippingPrice...): paise are written as
// their decimal text read as a number, and rupees are read from their decimal
// text, digit by digit, never through float multiplication. A partner's price
// with more decimals than paise (a courier's rate with tax) is rounded half up
// to the paisa the same way, on its digits (rupeesToNearestPaisa).

/** Indian grouping of a string of digits: '12345678' -> '1,23,45,678'. */
export function groupIndianDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${digits.slice(-3)}`;
}

function parts(paise: number): { sign: string; rupees: string; fraction: string } {
  const whole = Number.isFinite(paise) ? Math.round(paise) : 0;
  const abs = Math.abs(whole);
  return { sign: whole < 0 ? '-' : '', rupees: String(Math.floor(abs / 100)), fraction: String(abs % 100).padStart(2, '0') };
}

/** Integer paise as '₹1,23,456.78' (the rupee sign, Indian grouping, two decimals). */
export function formatRupees(paise: number): string {
  const p = parts(paise);
  return `${p.sign}₹${groupIndianDigits(p.rupees)}.${p.fraction}`;
}

/** Integer paise as '1,23,456.78': the same grouping without the sign, for table cells under a '₹' heading. */
export function formatRupeeAmount(paise: number): string {
  const p = parts(paise);
  return `${p.sign}${groupIndianDigits(p.rupees)}.${p.fraction}`;
}

/** Integer paise as '123456.78': no grouping, for machine-read formats (CSV, Tally XML). */
export function paiseToDecimalText(paise: number): string {
  const p = parts(paise);
  return `${p.sign}${p.rupees}.${p.fraction}`;
}

/** Integer paise as the API's rupee number (12345 -> 123.45): the decimal text, read as a number. */
export function paiseToRupees(paise: number): number {
  return Number(paiseToDecimalText(paise));
}

/** A number or text as trimmed text ('' when absent), or null when it is neither. */
function amountText(raw: unknown): string | null {
  if (raw === undefined || raw === null) return '';
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : null;
  if (typeof raw === 'string') return raw.trim();
  return null;
}

/**
 * Rupees ('1249.5', 1249.5, '.05') to integer paise, exactly: '1.005' is
 * refused, not rounded. Null when not a non-negative amount with at most two
 * decimals (or beyond the safe integers).
 */
export function rupeesToPaise(raw: unknown): number | null {
  const s = amountText(raw);
  if (s === null) return null;
  const m = /^(\d*)(?:\.(\d{0,2}))?$/.exec(s);
  if (!m || (m[1] === '' && !m[2])) return null;
  const paise = Number(m[1] || '0') * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : null;
}

/**
 * A partner's price in rupees (at times with more decimals than paise, e.g. a
 * courier's 97.944 with tax) to integer paise, rounded half up to the paisa on
 * its decimal text, never through float multiplication ('97.944' -> 9794,
 * '97.945' -> 9795). Null when not a non-negative decimal amount.
 */
export function rupeesToNearestPaisa(raw: unknown): number | null {
  const s = amountText(raw);
  if (s === null) return null;
  const m = /^(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[1] === '' && !m[2])) return null;
  const frac = m[2] ?? '';
  const paise = Number(m[1] || '0') * 100 + Number(frac.slice(0, 2).padEnd(2, '0')) + (Number(frac[2] ?? '0') >= 5 ? 1 : 0);
  return Number.isSafeInteger(paise) ? paise : null;
}
