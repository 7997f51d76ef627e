import { describe, expect, it } from 'vitest';
import { isoDay, isRealDay } from './iso-day';

describe('isoDay', () => {
  it('takes real days only', () => {
    expect(['2026-11-24', '2024-02-29', '1999-12-31'].every(isRealDay)).toBe(true);
    expect(['2026-02-30', '2026-13-01', '2026-07-83', '2025-02-29', '2026-1-01', ' 2026-01-01', '2026-01-01T00:00'].some(isRealDay)).toBe(false);
    expect(isoDay().safeParse('2326-07-83').success).toBe(false);
  });
});
