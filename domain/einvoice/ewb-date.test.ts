import { describe, expect, it } from 'vitest';
import { canCancelEwb, ewbDateToIso } from './rules';

describe("the e-way bill system's dates (India time, 12-hour clock)", () => {
  it('reads the documented sample and both ends of the day', () => {
    // docs.ewaybillgst.gov.in cancel-eway-bill: "cancelDate": "15/12/2017 11:35:00 AM" (IST = UTC+5:30).
    expect(ewbDateToIso('15/12/2017 11:35:00 AM')).toBe('2017-12-15T06:05:00.000Z');
    expect(ewbDateToIso('15/12/2017 12:05:00 PM')).toBe('2017-12-15T06:35:00.000Z');
    expect(ewbDateToIso('15/12/2017 12:05:00 AM')).toBe('2017-12-14T18:35:00.000Z');
    expect(ewbDateToIso('15/12/2017 11:59:59 PM')).toBe('2017-12-15T18:29:59.000Z');
    expect(() => ewbDateToIso('2017-12-15 11:35:00')).toThrow(RangeError);
  });

  it('allows a cancel within 24 hours of generation only', () => {
    const at = '2026-11-27T06:00:00.000Z';
    expect(canCancelEwb(at, Date.parse(at) + 24 * 3600_000 - 1)).toBe(true);
    expect(canCancelEwb(at, Date.parse(at) + 24 * 3600_000)).toBe(false);
  });
});
