import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MissingGstRateError, missingRates, splitInclusive, type SupplyKind } from './gst-split';

const GST18 = { cgst: 9, sgst: 9, igst: 18, utgst: null, cess: null };

describe('splitInclusive', () => {
  it('takes 18 % out of an inclusive price', () => {
    const inter = splitInclusive(118_000, GST18, 'inter-state');
    expect(inter.taxablePaise).toBe(100_000);
    expect(inter.tax).toEqual({ cgst: 0, sgst: 0, utgst: 0, igst: 18_000, cess: 0 });

    const intra = splitInclusive(118_000, GST18, 'intra-state');
    expect(intra.taxablePaise).toBe(100_000);
    expect(intra.tax).toMatchObject({ cgst: 9_000, sgst: 9_000, igst: 0 });
  });

  it('gives an odd paisa of tax to CGST so the components still add up', () => {
    // 649.00 at 18 %: taxable 550.00, tax 99.00 -> 49.50 each.
    expect(splitInclusive(64_900, GST18, 'intra-state').tax).toMatchObject({ cgst: 4_950, sgst: 4_950 });
    // 100.01 at 18 %: taxable 84.75, tax 15.26 -> 7.63 each.
    const s = splitInclusive(10_001, GST18, 'intra-state');
    expect(s.taxablePaise).toBe(8_475);
    expect(s.tax.cgst + s.tax.sgst).toBe(1_526);
    // 1.01 at 18 %: tax 0.15 cannot be halved: CGST 0.08, SGST 0.07.
    const t = splitInclusive(101, GST18, 'intra-state');
    expect(t.taxablePaise).toBe(86);
    expect(t.tax).toMatchObject({ cgst: 8, sgst: 7 });
  });

  it('levies UTGST in a union territory without legislature, falling back to the SGST rate', () => {
    const fallback = splitInclusive(105_000, { cgst: 2.5, sgst: 2.5, igst: 5, utgst: null }, 'intra-ut');
    expect(fallback.tax).toMatchObject({ cgst: 2_500, utgst: 2_500, sgst: 0, igst: 0 });
    expect(fallback.rates.utgst).toBe(2.5);
    const own = splitInclusive(112_000, { cgst: 6, sgst: 9, igst: 12, utgst: 6 }, 'intra-ut');
    expect(own.taxablePaise).toBe(100_000);
    expect(own.tax).toMatchObject({ cgst: 6_000, utgst: 6_000 });
  });

  it('adds cess on top of GST', () => {
    // 28 % + 12 % cess: 140.00 -> taxable 100.00.
    const s = splitInclusive(14_000, { cgst: 14, sgst: 14, igst: 28, cess: 12 }, 'inter-state');
    expect(s.taxablePaise).toBe(10_000);
    expect(s.tax).toMatchObject({ igst: 2_800, cess: 1_200 });
  });

  it('handles zero-rated goods and fractional rates', () => {
    expect(splitInclusive(50_000, { cgst: 0, sgst: 0, igst: 0 }, 'intra-state')).toMatchObject({ taxablePaise: 50_000 });
    // Rough diamonds: 0.25 % IGST, 0.125 % each of CGST and SGST.
    const s = splitInclusive(1_00_25_000, { cgst: 0.125, sgst: 0.125, igst: 0.25 }, 'intra-state');
    expect(s.taxablePaise).toBe(1_00_00_000);
    expect(s.tax).toMatchObject({ cgst: 12_500, sgst: 12_500 });
  });

  it('never loses or invents a paisa, and each component stays within rounding of taxable x rate', () => {
    const kinds: SupplyKind[] = ['intra-state', 'intra-ut', 'inter-state'];
    const rate = fc.constantFrom(0, 0.125, 1.5, 2.5, 5, 6, 9, 14);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_00 }), rate, rate, fc.constantFrom(0, 1, 12, 15, 22), fc.constantFrom(...kinds), (gross, half, ut, cess, kind) => {
        const rates = { cgst: half, sgst: half, igst: half * 2, utgst: ut, cess };
        const s = splitInclusive(gross, rates, kind);
        const taxSum = Object.values(s.tax).reduce((a, b) => a + b, 0);
        expect(s.taxablePaise + taxSum).toBe(gross);
        const totalRate = Object.values(s.rates).reduce((a, b) => a + b, 0) / 100;
        for (const [component, paise] of Object.entries(s.tax)) {
          const exact = (s.taxablePaise * s.rates[component as keyof typeof s.rates]) / 100;
          // Rounding the taxable value moves the tax by up to half a paisa (times 1 + rate); sharing it out, by under one more.
          expect(Math.abs(paise - exact)).toBeLessThanOrEqual(1 + 0.5 * (1 + totalRate) + 1e-9);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses to guess a rate that was not entered', () => {
    expect(missingRates({ cgst: 9, sgst: null, igst: 18 }, 'intra-state')).toEqual(['sgst']);
    expect(missingRates({ cgst: 9, sgst: 9, igst: null }, 'inter-state')).toEqual(['igst']);
    expect(missingRates({ cgst: 9, sgst: null, igst: 18, utgst: 9 }, 'intra-ut')).toEqual([]);
    expect(missingRates(null, 'intra-ut')).toEqual(['cgst', 'utgst']);
    expect(() => splitInclusive(100, { cgst: null, sgst: 9, igst: 18 }, 'intra-state')).toThrow(MissingGstRateError);
    expect(() => splitInclusive(-1, GST18, 'inter-state')).toThrow(RangeError);
  });
});
