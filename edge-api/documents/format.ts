/** Text formatting shared by the documents. Pure. */
import { indiaDateParts, indiaDateTimeText } from '../../domain/india-time';
import { formatRupeeAmount, formatRupees, paiseToDecimalText } from '../../domain/money';
import type { DocAddress } from './types';

/** Integer paise -> "1,23,456.78" (Indian digit grouping). */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`amount must be integer paise, got ${paise}`);
  return formatRupeeAmount(paise);
}

/** Integer paise -> "₹1,234.00" (the embedded Noto font has the rupee sign; domain/money formats it). */
export function formatInr(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`amount must be integer paise, got ${paise}`);
  return formatRupees(paise);
}

/** Integer paise -> "1234.50" (no grouping), for machine-read formats such as Tally XML. */
export function paiseToDecimal(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`amount must be integer paise, got ${paise}`);
  return paiseToDecimalText(paise);
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
  return indiaDateParts(iso);
}

// Characters outside Latin-1 that the WinAnsi encoding of the standard PDF fonts still has.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Characters the embedded Noto Sans Devanagari draws beyond Latin-1: ₹, Devanagari, Vedic extensions, joiners. */
const isNotoExtra = (code: number) =>
  code === 0x20b9 || (code >= 0x0900 && code <= 0x097f) || (code >= 0xa8e0 && code <= 0xa8ff) || (code >= 0x1cd0 && code <= 0x1cff) || code === 0x200c || code === 0x200d;

/**
 * Makes text printable with the embedded font: Latin-1, ₹ and Devanagari are
 * kept as written; accents are dropped when that leaves a Latin letter,
 * control characters become spaces, anything else becomes "?" (so no missing
 * glyph box is drawn).
 */
export function pdfText(text: string | null | undefined): string {
  if (!text) return '';
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch) || isNotoExtra(code)) {
      out += ch;
    } else if (code < 0x20 || code === 0x7f) {
      out += ' ';
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

/** How every document prints a consignment's e-way bill: its number and, when known, until when it is valid (India time). */
export function ewayBillText(e: { number: string; validTill: string | null }): string {
  return `E-way bill: ${pdfText(e.number)}${e.validTill ? `, valid till ${indiaDateTimeText(e.validTill)}` : ''}`;
}
