/** Text formatting shared by the documents. Pure. */
import type { DocAddress } from './types';

/** Integer paise -> "1,23,456.78" (Indian digit grouping). */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`amount must be integer paise, got ${paise}`);
  const negative = paise < 0;
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${groupIndian(String(rupees))}.${fraction}`;
}

/**
 * Integer paise -> "Rs. 1,234.00". The PDFs use the built-in Helvetica, whose
 * WinAnsi encoding has no rupee sign (U+20B9), so the amount is prefixed "Rs.".
 */
export function formatInr(paise: number): string {
  return `Rs. ${formatPaise(paise)}`;
}

/** Integer paise -> "1234.50" (no grouping), for machine-read formats such as Tally XML. */
export function paiseToDecimal(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`amount must be integer paise, got ${paise}`);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last3}`;
}

/** Percent rate for display: 18 -> "18%", 2.5 -> "2.5%". */
export function formatRate(rate: number): string {
  return `${Number(rate.toFixed(3))}%`;
}

/** Grams -> "0.500 kg". */
export function formatWeight(grams: number): string {
  return `${(grams / 1000).toFixed(3)} kg`;
}

/** ISO date or date-time -> "05-01-2025" (DD-MM-YYYY, as Indian invoices print dates). */
export function formatDate(iso: string): string {
  const date = isoDateParts(iso);
  return `${date.day}-${date.month}-${date.year}`;
}

/** ISO date or date-time -> "20250105" (Tally's DATE). */
export function tallyDate(iso: string): string {
  const date = isoDateParts(iso);
  return `${date.year}${date.month}${date.day}`;
}

/**
 * The calendar date in India (IST, UTC+05:30) for date-times, and the date
 * as written for plain dates, so an order placed at 01:00 IST is not dated
 * the previous day.
 */
function isoDateParts(iso: string): { year: string; month: string; day: string } {
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (plain) return { year: plain[1], month: plain[2], day: plain[3] };
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO date: ${iso}`);
  const ist = new Date(ms + 330 * 60_000);
  return {
    year: String(ist.getUTCFullYear()),
    month: String(ist.getUTCMonth() + 1).padStart(2, '0'),
    day: String(ist.getUTCDate()).padStart(2, '0'),
  };
}

// Characters outside Latin-1 that the WinAnsi encoding of the standard PDF fonts still has.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Makes text printable with the standard PDF fonts (WinAnsi): the rupee sign
 * becomes "Rs.", accents are dropped when that leaves a Latin letter, control
 * characters become spaces, anything else becomes "?". Without this, pdfkit
 * would write wrong glyphs for such characters.
 */
export function pdfText(text: string | null | undefined): string {
  if (!text) return '';
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) {
      out += ch;
    } else if (code < 0x20 || code === 0x7f) {
      out += ' ';
    } else if (ch === '₹') {
      out += 'Rs.';
    } else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(base) ? base : '?';
    }
  }
  return out;
}

/** Address as printable lines: street lines, "City, State - PIN". */
export function addressLines(address: DocAddress): string[] {
  const lines = address.lines.map((l) => l.trim()).filter(Boolean);
  const place = [address.city, address.state].map((s) => s.trim()).filter(Boolean).join(', ');
  lines.push(address.pincode ? `${place} - ${address.pincode}` : place);
  return lines.map(pdfText);
}
