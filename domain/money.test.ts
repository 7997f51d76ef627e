import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addIndiaDays, indiaDate, indiaDayEnd, indiaDayStart } from './india-time';
import { formatRupeeAmount, formatRupees, paiseToDecimalText, paiseToRupees, rupeesToNearestPaisa, rupeesToPaise } from './money';
import { normalisePhone, normalisePincode } from './phone';
import { gstinCheckChar, gstinProblem, makeGstin } from './gstin';

describe('one rupee formatter', () => {
  it('groups the Indian way with the rupee sign', () => {
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(12_345_678)).toBe('₹1,23,456.78');
    expect(formatRupees(1_234_567_890)).toBe('₹1,23,45,678.90');
    expect(formatRupees(-99_900)).toBe('-₹999.00');
    expect(formatRupeeAmount(123_400)).toBe('1,234.00');
    expect(paiseToDecimalText(-118_005)).toBe('-1180.05');
  });
  it('reads back to the same paise', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (p) => {
      expect(Math.round(Number(formatRupees(p).replace(/[₹,]/g, '')) * 100)).toBe(p);
    }));
  });
});

describe('one India-time date helper', () => {
  it('dates by the calendar day in India', () => {
    expect(indiaDate('2025-01-04T20:00:00Z')).toBe('2025-01-05');
    expect(indiaDate('2025-01-04T18:29:59Z')).toBe('2025-01-04');
    expect(indiaDayStart('2025-01-05')).toBe('2025-01-04T18:30:00.000Z');
    expect(indiaDayEnd('2025-01-05')).toBe('2025-01-05T18:29:59.999Z');
    expect(addIndiaDays('2025-02-28', 1)).toBe('2025-03-01');
  });
});

describe('phone and pincode as people paste them', () => {
  it('normalises +91, 0, spaces and dashes to 10 digits', () => {
    for (const raw of ['+919845012345', '+91 98450 12345', '+91-98450-12345', '919845012345', '09845012345', '98450 12345', '98450-12345', ' (0) 98450 12345 ', '0091 98450 12345']) {
      expect(normalisePhone(raw)).toBe('9845012345');
    }
    expect(normalisePhone('98450123')).toBe('98450123'); // still too short: the validator says so
    expect(normalisePincode('560 001')).toBe('560001');
  });
});

describe('GSTIN', () => {
  it('checks length, state code and check character', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V'); // a published valid GSTIN: 27AAPFU0939F1ZV
    expect(gstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('GSTIN is not valid: its check character does not match');
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('GSTIN must be 15 characters');
    expect(gstinProblem('27AAPFU0939F1ZV', 'Karnataka')).toBe('GSTIN for Karnataka must start with 29');
    expect(gstinProblem(makeGstin('29', 'AABCS1429B'), 'Karnataka')).toBeNull();
  });
});

describe('exact conversions between paise and the API\'s rupee amounts', () => {
  const CRORE_PAISE = 1_00_00_000 * 100; // ₹1 crore
  const decimal = (p: number) => `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`; // digit arithmetic on integers only

  it('round-trips every paise value up to ₹1 crore, as a number and as its text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: CRORE_PAISE }), (p) => {
        const rupees = paiseToRupees(p);
        expect(rupees).toBe(Number(decimal(p))); // the decimal, read as a number
        expect(rupeesToPaise(rupees)).toBe(p);
        expect(rupeesToPaise(String(rupees))).toBe(p);
        expect(rupeesToPaise(decimal(p))).toBe(p);
      }),
      { numRuns: 20_000 },
    );
  });

  it('holds at the edges float arithmetic gets wrong', () => {
    // 0.29 * 100 = 28.999999999999996, 1.15 * 100 = 114.99999999999999, 4.35 * 100 = 434.99999999999994
    expect(rupeesToPaise(0.29)).toBe(29);
    expect(rupeesToPaise(1.15)).toBe(115);
    expect(rupeesToPaise(4.35)).toBe(435);
    expect(rupeesToPaise('10000000.00')).toBe(CRORE_PAISE);
    expect(paiseToRupees(CRORE_PAISE)).toBe(10_000_000);
    expect(paiseToRupees(1)).toBe(0.01);
    expect(paiseToRupees(0)).toBe(0);
  });

  it('refuses what is not an amount with at most two decimals, never rounding it', () => {
    for (const bad of ['1.005', '-1', 'abc', '1,234.50', '1e3', '', ' ', '.', NaN, Infinity, {}, '12.3.4']) expect(rupeesToPaise(bad), String(bad)).toBeNull();
    expect(rupeesToPaise('.05')).toBe(5);
    expect(rupeesToPaise(' 249 ')).toBe(24900);
  });

  it("rounds a partner's price with more decimals half up to the paisa, on its digits", () => {
    // Math.round(1.005 * 100) is 100: the float is a hair under 1.005.
    expect(rupeesToNearestPaisa(97.944)).toBe(9794);
    expect(rupeesToNearestPaisa('97.945')).toBe(9795);
    expect(rupeesToNearestPaisa(1.005)).toBe(101);
    expect(rupeesToNearestPaisa(71.25)).toBe(7125);
    expect(rupeesToNearestPaisa('84.5')).toBe(8450);
    expect(rupeesToNearestPaisa(0.295)).toBe(30);
    for (const bad of ['-1', 'abc', '1e3', '', '.', NaN, {}, '12.3.4']) expect(rupeesToNearestPaisa(bad), String(bad)).toBeNull();
    fc.assert(fc.property(fc.integer({ min: 0, max: CRORE_PAISE }), (p) => { expect(rupeesToNearestPaisa(decimal(p))).toBe(p); }), { numRuns: 2000 });
  });
});
