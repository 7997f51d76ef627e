import { describe, expect, it } from 'vitest';
import { parseDayText } from './DayInput';

describe('a typed day', () => {
  it('reads DD/MM/YYYY (and D/M/YYYY, - or .) as the ISO day', () => {
    expect(parseDayText('26/11/2026')).toBe('2026-11-26');
    expect(parseDayText('5/1/2026')).toBe('2026-01-05');
    expect(parseDayText('05-01-2026')).toBe('2026-01-05');
  });
  it('refuses a day that does not exist and the month-first order', () => {
    expect(parseDayText('31/02/2026')).toBeNull();
    expect(parseDayText('11/26/2026')).toBeNull();
    expect(parseDayText('2026-11-26')).toBeNull();
  });
});
