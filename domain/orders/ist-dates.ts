// Dates of the orders' filters and due dates, in India Standard Time.
import { addIndiaDays, indiaDayEnd, indiaDayStart, indiaToday } from '../india-time';

/** India Standard Time: a date filter covers whole Indian calendar days. */
export function istDayStart(date: string): string {
  return indiaDayStart(date);
}
export function istDayEnd(date: string): string {
  return indiaDayEnd(date);
}
/** Today in India as YYYY-MM-DD. */
export function istToday(now: number = Date.now()): string {
  return indiaToday(now);
}
export function addDays(date: string, days: number): string {
  return addIndiaDays(date, days);
}
