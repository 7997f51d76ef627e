import { describe, expect, it } from 'vitest';
import { indiaDate, indiaDateTimeText } from './india-time';

describe('India time', () => {
  it('reads a UTC instant as the India calendar day (UTC+05:30)', () => {
    expect(indiaDate('2026-11-25T18:29:59.999Z')).toBe('2026-11-25');
    expect(indiaDate('2026-11-25T18:30:00.000Z')).toBe('2026-11-26');
  });

  it('writes a moment as people in India read it, with the day, a 12-hour clock and IST', () => {
    // 21:34 UTC is 03:04 the next morning in India
    expect(indiaDateTimeText('2026-11-25T21:34:00.000Z')).toBe('26 Nov 2026, 3:04 am IST');
    expect(indiaDateTimeText(Date.UTC(2026, 0, 1, 6, 35))).toBe('1 Jan 2026, 12:05 pm IST');
    expect(() => indiaDateTimeText('not a date')).toThrow(RangeError);
  });
});
