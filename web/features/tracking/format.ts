// Dates and times as an Indian customer reads them: always India Standard Time.
import type { Lang } from './messages';

const locale = (lang: Lang) => (lang === 'hi' ? 'hi-IN' : 'en-IN');
const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(lang: Lang, kind: 'date' | 'dateTime' | 'plainDate'): Intl.DateTimeFormat {
  const k = `${lang}:${kind}`;
  let f = cache.get(k);
  if (!f) {
    const base: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };
    f = new Intl.DateTimeFormat(locale(lang), {
      ...base,
      // Hindi readers get a 24-hour clock: the locale's day periods are "am"/"pm" in Latin letters
      ...(kind === 'dateTime' ? { hour: 'numeric', minute: '2-digit', ...(lang === 'hi' ? { hourCycle: 'h23' as const } : {}) } : {}),
      // a plain YYYY-MM-DD date is a calendar day, not an instant
      timeZone: kind === 'plainDate' ? 'UTC' : 'Asia/Kolkata',
    });
    cache.set(k, f);
  }
  return f;
}

/** The day of an instant, in India. */
export const formatDate = (lang: Lang, iso: string) => fmt(lang, 'date').format(new Date(iso));
/** Day and time of an instant, in India. */
export const formatDateTime = (lang: Lang, iso: string) => fmt(lang, 'dateTime').format(new Date(iso));
/** A calendar day given as YYYY-MM-DD. */
export const formatPlainDate = (lang: Lang, ymd: string) => fmt(lang, 'plainDate').format(new Date(`${ymd}T00:00:00Z`));
