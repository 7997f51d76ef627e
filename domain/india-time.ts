// The one India-time date helper (issue 12): India Standard Time is UTC+05:30
// all year (no daylight saving). Every "which calendar day in India" question
// (invoice dates, date filters, manifests, delivery estimates, back-dated
// orders) is answered here.

export const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

export interface IndiaDate {
  year: string;
  month: string;
  day: string;
}

/**
 * The calendar date in India of an ISO date-time (or epoch ms); a plain
 * 'YYYY-MM-DD' is taken as written. Throws RangeError on text that is not a date.
 */
export function indiaDateParts(when: string | number): IndiaDate {
  if (typeof when === 'string') {
    const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(when);
    if (plain) return { year: plain[1], month: plain[2], day: plain[3] };
  }
  const ms = typeof when === 'number' ? when : Date.parse(when);
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO date: ${String(when)}`);
  const ist = new Date(ms + IST_OFFSET_MS);
  return {
    year: String(ist.getUTCFullYear()),
    month: String(ist.getUTCMonth() + 1).padStart(2, '0'),
    day: String(ist.getUTCDate()).padStart(2, '0'),
  };
}

/** 'YYYY-MM-DD' of a moment in India. */
export function indiaDate(when: string | number = Date.now()): string {
  const d = indiaDateParts(when);
  return `${d.year}-${d.month}-${d.day}`;
}

/** Today in India as 'YYYY-MM-DD'. */
export function indiaToday(now: number = Date.now()): string {
  return indiaDate(now);
}

/** First millisecond of an Indian calendar day, as an ISO instant. */
export function indiaDayStart(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - IST_OFFSET_MS).toISOString();
}

/** Last millisecond of an Indian calendar day, as an ISO instant. */
export function indiaDayEnd(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + DAY_MS - 1 - IST_OFFSET_MS).toISOString();
}

/** 'YYYY-MM-DD' plus n calendar days. */
export function addIndiaDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const INDIA_DATE_TIME = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });

/** A moment as a person in India reads it, e.g. "26 Nov 2026, 3:04 am IST" (e-mails, documents). */
export function indiaDateTimeText(when: string | number): string {
  const ms = typeof when === 'number' ? when : Date.parse(when);
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO date: ${String(when)}`);
  return `${INDIA_DATE_TIME.format(ms).replace(/\s+/g, ' ')} IST`;
}
