import { describe, expect, it } from 'vitest';
import { canCancelEwb, ewbDateToIso, ewbValidUntil } from './rules';

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

  it('counts validity as rule 138(10) does: one day per 200 km or part, each ending 11:59 PM India time', () => {
    // The e-way bill system's sample: generated 01/05/2024 07:04 PM for 1000 km, valid up to 06/05/2024 11:59 PM.
    expect(ewbValidUntil(Date.parse('2024-05-01T13:34:00.000Z'), 1000)).toBe('2024-05-06T18:29:00.000Z');
    // 200 km is one day, 201 km two; generated just after midnight India time (26/11 18:31 UTC is 27/11 00:01 IST).
    expect(ewbValidUntil(Date.parse('2026-11-26T18:31:00.000Z'), 200)).toBe('2026-11-28T18:29:00.000Z');
    expect(ewbValidUntil(Date.parse('2026-11-26T18:31:00.000Z'), 201)).toBe('2026-11-29T18:29:00.000Z');
    // Over-dimensional cargo: 20 km a day.
    expect(ewbValidUntil(Date.parse('2024-05-01T13:34:00.000Z'), 50, true)).toBe('2024-05-04T18:29:00.000Z');
  });
});
