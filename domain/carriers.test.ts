import { describe, expect, it } from 'vitest';
import { defaultCourier, rateFor, zoneByPincodes, type CourierQuote, type RateCard } from './carriers';

const card: RateCard = { zone: 'rest_of_india', baseWeightG: 500, basePaise: 6000, extraWeightG: 500, extraPaise: 4800, codFeePaise: 3500, codBp: 175, maxWeightG: 30_000, codLimitPaise: 5_000_000 };

describe('rateFor', () => {
  it('charges the first slab, then each started extra slab', () => {
    expect(rateFor(card, 500, 0)).toBe(6000);
    expect(rateFor(card, 501, 0)).toBe(6000 + 4800);
    expect(rateFor(card, 1000, 0)).toBe(6000 + 4800);
    expect(rateFor(card, 1001, 0)).toBe(6000 + 2 * 4800);
  });
  it('adds the larger of the COD fee and the COD percentage', () => {
    expect(rateFor(card, 500, 100_000)).toBe(6000 + 3500); // 1.75% of ₹1000 = ₹17.50 < ₹35 fee
    expect(rateFor(card, 500, 1_000_000)).toBe(6000 + 17_500); // 1.75% of ₹10000 = ₹175
  });
});

describe('zoneByPincodes', () => {
  it('tells city, state, special, metro and rest of India apart', () => {
    expect(zoneByPincodes('400001', '400093')).toBe('same_city');
    expect(zoneByPincodes('400001', '411001')).toBe('same_state');
    expect(zoneByPincodes('400001', '190001')).toBe('special');
    expect(zoneByPincodes('400001', '560001')).toBe('metro_to_metro');
    expect(zoneByPincodes('421302', '302001')).toBe('rest_of_india');
  });
});

describe('defaultCourier', () => {
  const q = (code: string, ratePaise: number, serviceable = true): CourierQuote => ({ code, name: code, serviceable, reason: null, zone: 'same_state', ratePaise, edd: null, codAvailable: true, rateSource: 'table', rateNote: null, via: null });
  const quotes = [q('xpressbees', 100), q('bluedart', 300), q('clickpost', 200), q('delhivery', 150, false)];
  it('takes the first serviceable courier of the preference order', () => {
    expect(defaultCourier(quotes, { preferred: ['delhivery', 'bluedart'], clickpostActive: true })).toBe('bluedart');
  });
  it('without a usable preference: Clickpost for its companies, else the cheapest', () => {
    expect(defaultCourier(quotes, { preferred: ['delhivery'], clickpostActive: true })).toBe('clickpost');
    expect(defaultCourier(quotes, { preferred: [], clickpostActive: false })).toBe('xpressbees');
    expect(defaultCourier([q('a', 1, false)], { preferred: [], clickpostActive: false })).toBeNull();
  });
});
