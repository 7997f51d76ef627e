import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_LEVEL, deliveryZone, estimateDelivery, parseServiceLevel, ZONES, type ServiceLevel, type ZoneLocation } from './zones';

const loc = (pincode: string, district: string, state: string, isMetro = false, isSpecial = false): ZoneLocation => ({
  pincode, district, state, isMetro, isSpecial,
});
const centralDelhi = loc('110001', 'Central Delhi', 'Delhi', true);
const southDelhi = loc('110017', 'South Delhi', 'Delhi', true);
const mumbai = loc('400001', 'Mumbai', 'Maharashtra', true);
const pune = loc('411001', 'Pune', 'Maharashtra', true);
const nagpur = loc('440001', 'Nagpur', 'Maharashtra');
const bengaluru = loc('560001', 'Bangalore', 'Karnataka', true);
const jaipur = loc('302001', 'Jaipur', 'Rajasthan');
const lucknow = loc('226001', 'Lucknow', 'Uttar Pradesh');
const guwahati = loc('781001', 'Kamrup Metropolitan', 'Assam', false, true);
const guwahati2 = loc('781005', 'Kamrup Metropolitan', 'Assam', false, true);
const srinagar = loc('190001', 'Srinagar', 'Jammu and Kashmir', false, true);
const leh = loc('194101', 'Leh', 'Ladakh', false, true);

describe('deliveryZone', () => {
  it('same pincode, same district or two districts of one metro are the same city', () => {
    expect(deliveryZone(mumbai, mumbai)).toBe('same_city');
    expect(deliveryZone(centralDelhi, southDelhi)).toBe('same_city');
    expect(deliveryZone(loc('400050', 'Mumbai Suburban', 'Maharashtra', true), mumbai)).toBe('same_city');
    expect(deliveryZone(guwahati, guwahati2)).toBe('same_city');
  });

  it('other cities in one state are the same state, even between two metros', () => {
    expect(deliveryZone(mumbai, nagpur)).toBe('same_state');
    expect(deliveryZone(mumbai, pune)).toBe('same_state');
    expect(deliveryZone(loc('400001', 'Mumbai', 'MAHARASHTRA', true), loc('440001', 'Nagpur', 'Maharashtra'))).toBe('same_state');
  });

  it('metro to metro across states', () => {
    expect(deliveryZone(mumbai, bengaluru)).toBe('metro_to_metro');
    expect(deliveryZone(centralDelhi, mumbai)).toBe('metro_to_metro');
  });

  it('anything else is rest of India', () => {
    expect(deliveryZone(jaipur, lucknow)).toBe('rest_of_india');
    expect(deliveryZone(mumbai, jaipur)).toBe('rest_of_india');
  });

  it('to or from a special zone across states is special', () => {
    expect(deliveryZone(mumbai, guwahati)).toBe('special');
    expect(deliveryZone(guwahati, jaipur)).toBe('special');
    expect(deliveryZone(srinagar, leh)).toBe('special');
  });
});

describe('estimateDelivery', () => {
  const levels: ServiceLevel = { same_city: 1, same_state: 2, metro_to_metro: 3, rest_of_india: 5, special: 0 };

  it('adds the zone days from the partner service levels', () => {
    // Monday 23 Nov 2026, 10:00 IST
    expect(estimateDelivery('2026-11-23T04:30:00.000Z', 'same_city', levels)).toBe('2026-11-24');
    expect(estimateDelivery('2026-11-23T04:30:00.000Z', 'metro_to_metro', levels)).toBe('2026-11-26');
  });

  it('skips Sundays', () => {
    // Friday 20 Nov 2026 + 2 days: Saturday, (Sunday), Monday
    expect(estimateDelivery('2026-11-20T06:00:00.000Z', 'same_state', levels)).toBe('2026-11-23');
    // Saturday + 1 -> Monday
    expect(estimateDelivery('2026-11-21T06:00:00.000Z', 'same_city', levels)).toBe('2026-11-23');
    // Monday + 5 -> Saturday; Friday + 5 -> Thursday (one Sunday skipped)
    expect(estimateDelivery('2026-11-23T06:00:00.000Z', 'rest_of_india', levels)).toBe('2026-11-28');
    expect(estimateDelivery('2026-11-20T06:00:00.000Z', 'rest_of_india', levels)).toBe('2026-11-26');
    // Monday + 12 working days skips two Sundays
    expect(estimateDelivery('2026-11-23T06:00:00.000Z', 'rest_of_india', { ...levels, rest_of_india: 12 })).toBe('2026-12-07');
  });

  it('counts days on the Indian calendar and never delivers on a Sunday', () => {
    // 20:00 UTC Saturday is 01:30 IST Sunday: shipped on Sunday, 0 days -> Monday
    expect(estimateDelivery('2026-11-21T20:00:00.000Z', 'special', levels)).toBe('2026-11-23');
    // 18:00 UTC Friday is 23:30 IST Friday, 1 day -> Saturday
    expect(estimateDelivery('2026-11-20T18:00:00.000Z', 'same_city', levels)).toBe('2026-11-21');
    expect(estimateDelivery('2026-11-20T23:59:00+05:30', 'same_city', levels)).toBe('2026-11-21');
  });

  it('crosses month and year ends', () => {
    expect(estimateDelivery('2026-12-30T06:00:00.000Z', 'same_state', levels)).toBe('2027-01-01');
  });

  it('rejects a bad time or service level', () => {
    expect(() => estimateDelivery('not a date', 'same_city', levels)).toThrow(RangeError);
    expect(() => estimateDelivery('2026-11-20T06:00:00Z', 'same_city', { ...levels, same_city: -1 })).toThrow(RangeError);
  });
});

describe('service levels', () => {
  it('has a default for every zone, for seeding', () => {
    for (const z of ZONES) expect(DEFAULT_SERVICE_LEVEL[z]).toBeGreaterThan(0);
  });

  it('reads stored JSON, filling missing or bad zones from the fallback', () => {
    const stored = JSON.stringify({ same_city: 2, special: 9, rest_of_india: 'x', metro_to_metro: -3 });
    expect(parseServiceLevel(stored)).toEqual({ ...DEFAULT_SERVICE_LEVEL, same_city: 2, special: 9 });
    expect(parseServiceLevel('{broken')).toEqual(DEFAULT_SERVICE_LEVEL);
    expect(parseServiceLevel({ same_state: 4 })).toEqual({ ...DEFAULT_SERVICE_LEVEL, same_state: 4 });
  });
});
