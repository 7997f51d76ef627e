// The one India-time date helper: India Standard Time is UTC+05:30
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
  return `${indiaDateTime(when)} IST`;
}

const INDIA_DATE = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });

/** The day of a moment in the app's one style, in India time: "26 Nov 2026" (a list's date column). */
export function indiaDateText(when: string | number): string {
  const ms = typeof when === 'number' ? when : Date.parse(when);
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO date: ${String(when)}`);
  return INDIA_DATE.format(ms).replace(/\s+/g, ' ');
}

/** The app's one style for a moment in lists and panels, in India time: "26 Nov 2026, 10:30 am". */
export function indiaDateTime(when: string | number): string {
  const ms = typeof when === 'number' ? when : Date.parse(when);
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO date: ${String(when)}`);
  return INDIA_DATE_TIME.format(ms).replace(/\s+/g, ' ');
}

const nextDayText = new Map<string, string>();
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * A moment as a spreadsheet in India reads it: 'DD/MM/YYYY HH:mm:ss' in IST
 * (24-hour), the form CSV and Excel exports write. An ISO instant from
 * toISOString() is shifted by string arithmetic (exports call this for every
 * row); anything else goes through Date. The fast path of the orders CSV
 * writes the same bytes with indiaCsvDateTimeInto. '' for null or ''.
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

/** The digit at s[i], or a large negative number for any other character. */
const digitAt = (s: string, i: number) => {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -100_000;
};
const daysInMonth = (y: number, m: number) => (m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31);

/**
 * indiaCsvDateTime's text for the ISO instant s[from, to), written as 19 ASCII
 * bytes at buf[at]; returns where they end. Returns -1, having written nothing,
 * unless s holds 'YYYY-MM-DDTHH:MM:SS' (with or without a fraction) and 'Z',
 * of a real date and time there: the caller then writes indiaCsvDateTime's
 * text instead. Hot path of the orders CSV (two dates a row, a million rows):
 * it makes no string, where SQLite's strftime cost half a microsecond a date.
 */
export function indiaCsvDateTimeInto(s: string, from: number, to: number, buf: Uint8Array, at: number): number {
  const n = to - from;
  if (n < 20 || s.charCodeAt(to - 1) !== 90 /* Z */) return -1;
  if (n > 20) {
    if (n === 21 || s.charCodeAt(from + 19) !== 46 /* . */) return -1;
    for (let i = from + 20; i < to - 1; i++) if (((s.charCodeAt(i) - 48) >>> 0) > 9) return -1;
  }
  if (s.charCodeAt(from + 4) !== 45 || s.charCodeAt(from + 7) !== 45 || s.charCodeAt(from + 10) !== 84 || s.charCodeAt(from + 13) !== 58 || s.charCodeAt(from + 16) !== 58) return -1;
  let y = digitAt(s, from) * 1000 + digitAt(s, from + 1) * 100 + digitAt(s, from + 2) * 10 + digitAt(s, from + 3);
  let mo = digitAt(s, from + 5) * 10 + digitAt(s, from + 6);
  let d = digitAt(s, from + 8) * 10 + digitAt(s, from + 9);
  const tensOfMinutes = digitAt(s, from + 14);
  let minutes = (digitAt(s, from + 11) * 10 + digitAt(s, from + 12)) * 60 + tensOfMinutes * 10 + digitAt(s, from + 15);
  const sec = digitAt(s, from + 17) * 10 + digitAt(s, from + 18);
  // A character that is not a digit made its number negative.
  if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || minutes < 0 || minutes >= 1440 || tensOfMinutes > 5 || sec < 0 || sec > 59) return -1;
  minutes += 330;
  if (minutes >= 1440) {
    minutes -= 1440;
    if (d < daysInMonth(y, mo)) d++;
    else if (mo < 12) {
      d = 1;
      mo++;
    } else if (y < 9999) {
      d = 1;
      mo = 1;
      y++;
    } else return -1;
  }
  const h = (minutes / 60) | 0;
  const mi = minutes % 60;
  buf[at] = 48 + ((d / 10) | 0);
  buf[at + 1] = 48 + (d % 10);
  buf[at + 2] = 47; // /
  buf[at + 3] = 48 + ((mo / 10) | 0);
  buf[at + 4] = 48 + (mo % 10);
  buf[at + 5] = 47;
  buf[at + 6] = 48 + ((y / 1000) | 0);
  buf[at + 7] = 48 + (((y / 100) | 0) % 10);
  buf[at + 8] = 48 + (((y / 10) | 0) % 10);
  buf[at + 9] = 48 + (y % 10);
  buf[at + 10] = 32; // space
  buf[at + 11] = 48 + ((h / 10) | 0);
  buf[at + 12] = 48 + (h % 10);
  buf[at + 13] = 58; // :
  buf[at + 14] = 48 + ((mi / 10) | 0);
  buf[at + 15] = 48 + (mi % 10);
  buf[at + 16] = 58;
  buf[at + 17] = 48 + ((sec / 10) | 0);
  buf[at + 18] = 48 + (sec % 10);
  return at + 19;
}
