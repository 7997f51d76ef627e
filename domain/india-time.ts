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

const nextDayText = new Map<string, string>();
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * A moment as a spreadsheet in India reads it: 'DD/MM/YYYY HH:mm:ss' in IST
 * (24-hour), the form CSV and Excel exports write. An ISO instant from
 * toISOString() is shifted by string arithmetic (exports call this for every
 * row); anything else goes through Date. The SQLite fast path of the orders
 * CSV writes the same with indiaCsvDateTimeSql. '' for null or ''.
 */
export function indiaCsvDateTime(when: string | number | null | undefined): string {
  if (when == null || when === '') return '';
  const iso = typeof when === 'number' ? new Date(when).toISOString() : when;
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.\d+)?Z$/.exec(iso);
  if (!m) {
    const ms = Date.parse(iso);
    if (Number.isNaN(ms)) throw new RangeError(`not an ISO date: ${String(when)}`);
    return indiaCsvDateTime(new Date(ms).toISOString());
  }
  let minutes = Number(m[4]) * 60 + Number(m[5]) + 330;
  let day = `${m[3]}/${m[2]}/${m[1]}`;
  if (minutes >= 1440) {
    minutes -= 1440;
    const key = `${m[1]}-${m[2]}-${m[3]}`;
    let next = nextDayText.get(key);
    if (next === undefined) {
      const d = new Date(Date.parse(`${key}T00:00:00.000Z`) + DAY_MS);
      next = `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
      if (nextDayText.size > 4096) nextDayText.clear();
      nextDayText.set(key, next);
    }
    day = next;
  }
  return `${day} ${two(Math.floor(minutes / 60))}:${two(minutes % 60)}:${m[6]}`;
}

/** SQLite's form of indiaCsvDateTime for an ISO text column (the same text for the same instant). */
export const indiaCsvDateTimeSql = (column: string) => `strftime('%d/%m/%Y %H:%M:%S', ${column}, '+330 minutes')`;
