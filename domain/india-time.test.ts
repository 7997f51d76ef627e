import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { indiaCsvDateTime, indiaCsvDateTimeInto, indiaDate, indiaDateText, indiaDateTime, indiaDateTimeText } from './india-time';

// The oracle: the platform's own time-zone database, not our arithmetic.
const oracle = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const expected = (ms: number) => oracle.format(ms).replace(',', '');

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

describe('indiaCsvDateTime (CSV and Excel exports)', () => {
  it('writes DD/MM/YYYY HH:mm:ss in India time, rolling past midnight, month and year ends', () => {
    expect(indiaCsvDateTime('2026-11-25T23:28:42.123Z')).toBe('26/11/2026 04:58:42');
    expect(indiaCsvDateTime('2026-12-31T18:30:00.000Z')).toBe('01/01/2027 00:00:00');
    expect(indiaCsvDateTime('2024-02-28T20:00:00Z')).toBe('29/02/2024 01:30:00');
    expect(indiaCsvDateTime('2026-03-01T05:00:00.000Z')).toBe('01/03/2026 10:30:00');
    expect(indiaCsvDateTime(null)).toBe('');
    expect(() => indiaCsvDateTime('yesterday')).toThrow(RangeError);
  });

  it('agrees with the time-zone database for any instant from 2000 to 2099', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }), (ms) => {
        expect(indiaCsvDateTime(new Date(ms).toISOString())).toBe(expected(ms));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('indiaCsvDateTimeInto (the orders CSV writes dates as bytes)', () => {
  /** What it writes for `iso` standing amid other text, or null when it declines. */
  const written = (iso: string) => {
    const s = `status\x1f${iso}\x1fnext`;
    const buf = new Uint8Array(64).fill(120);
    const end = indiaCsvDateTimeInto(s, 7, 7 + iso.length, buf, 3);
    if (end < 0) {
      expect(buf.every((b) => b === 120)).toBe(true); // nothing written
      return null;
    }
    expect(end).toBe(3 + 19);
    return new TextDecoder().decode(buf.subarray(3, end));
  };

  it('writes the same text as the time-zone database for any instant from 1970 to 2199', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2199, 11, 31) }), (ms) => {
        expect(written(new Date(ms).toISOString())).toBe(expected(ms));
      }),
      { numRuns: 5000 },
    );
  });

  it('rolls over midnight, month ends, leap days and the year end, with or without a fraction', () => {
    expect(written('2024-02-28T18:30:00.000Z')).toBe('29/02/2024 00:00:00');
    expect(written('2023-02-28T18:30:00Z')).toBe('01/03/2023 00:00:00');
    expect(written('2100-02-28T20:00:00.5Z')).toBe('01/03/2100 01:30:00');
    expect(written('2026-12-31T23:59:59.999999Z')).toBe('01/01/2027 05:29:59');
    expect(written('2026-04-30T18:29:59.999Z')).toBe('30/04/2026 23:59:59');
  });

  it('declines, writing nothing, what is not a real ISO instant (the plain row path writes it then)', () => {
    for (const bad of ['', '2026-11-25', '2026-11-25 10:00:00', '2026-11-25T10:00:00', '2026-11-25T10:00:00+05:30', '2026-11-25T10:00:00.Z', '2026-13-01T00:00:00.000Z',
      '2026-02-29T00:00:00.000Z', '2026-04-31T00:00:00.000Z', '2026-11-00T00:00:00.000Z', '2026-11-25T24:00:00.000Z', '2026-11-25T10:60:00.000Z', '2026-11-25T10:00:60.000Z',
      '2O26-11-25T10:00:00.000Z', '2026-11-25T10:00:00.0a0Z', '9999-12-31T23:00:00.000Z']) {
      expect(written(bad), bad).toBeNull();
    }
  });
});

describe('the app’s one date style', () => {
  it('writes a moment as "26 Nov 2026, 10:30 am" and its day as "26 Nov 2026", in India time', () => {
    expect(indiaDateTime('2026-11-26T05:00:00.000Z')).toBe('26 Nov 2026, 10:30 am');
    expect(indiaDateText('2026-11-26T20:00:00.000Z')).toBe('27 Nov 2026'); // 1:30 am the next day in India
    expect(indiaDateTime('2026-11-02T09:45:00.000Z')).toBe('2 Nov 2026, 3:15 pm');
  });
});
