import { describe, expect, it } from 'vitest';
import { effectiveGstPercent, gstRegime, splitInclusive } from './gst';

const GST18 = { cgst: 9, sgst: 9, igst: 18 };

describe('gstRegime', () => {
  it('is intra-state for the same state in any spelling, inter-state otherwise', () => {
    expect(gstRegime('Maharashtra', 'MAHARASHTRA')).toEqual({ supply: 'intra_state', utgst: false });
    expect(gstRegime('Orissa', 'Odisha')).toEqual({ supply: 'intra_state', utgst: false });
    expect(gstRegime('Maharashtra', 'Karnataka')).toEqual({ supply: 'inter_state', utgst: false });
  });

  it('uses UTGST within a union territory without legislature, SGST in Delhi and Puducherry', () => {
    expect(gstRegime('Chandigarh', 'Chandigarh')).toEqual({ supply: 'intra_state', utgst: true });
    expect(gstRegime('Ladakh', 'Ladakh')).toEqual({ supply: 'intra_state', utgst: true });
    expect(gstRegime('Delhi', 'New Delhi')).toEqual({ supply: 'intra_state', utgst: false });
    expect(gstRegime('Puducherry', 'Pondicherry')).toEqual({ supply: 'intra_state', utgst: false });
    expect(gstRegime('Chandigarh', 'Punjab')).toEqual({ supply: 'inter_state', utgst: false });
  });
});

describe('splitInclusive', () => {
  it('splits ₹1,180 at 18% into ₹1,000 + ₹90 CGST + ₹90 SGST within a state', () => {
    expect(splitInclusive(118000, GST18, gstRegime('Karnataka', 'Karnataka'))).toEqual({
      taxablePaise: 100000, cgstPaise: 9000, sgstPaise: 9000, utgstPaise: 0, igstPaise: 0, cessPaise: 0,
    });
  });

  it('charges ₹180 IGST across states', () => {
    expect(splitInclusive(118000, GST18, gstRegime('Karnataka', 'Kerala'))).toEqual({
      taxablePaise: 100000, cgstPaise: 0, sgstPaise: 0, utgstPaise: 0, igstPaise: 18000, cessPaise: 0,
    });
  });

  it('charges UTGST instead of SGST in Chandigarh, falling back to the SGST rate when empty', () => {
    const ut = gstRegime('Chandigarh', 'Chandigarh');
    expect(splitInclusive(112000, { cgst: 6, sgst: 6, igst: 12, utgst: 6 }, ut)).toMatchObject({
      taxablePaise: 100000, cgstPaise: 6000, sgstPaise: 0, utgstPaise: 6000,
    });
    expect(splitInclusive(112000, { cgst: 6, sgst: 6, igst: 12, utgst: null }, ut)).toMatchObject({
      taxablePaise: 100000, cgstPaise: 6000, sgstPaise: 0, utgstPaise: 6000,
    });
  });

  it('adds cess on top of the GST rate', () => {
    const rates = { cgst: 14, sgst: 14, igst: 28, cess: 12 };
    expect(effectiveGstPercent(rates, gstRegime('Goa', 'Goa'))).toBe(40);
    expect(splitInclusive(140000, rates, gstRegime('Goa', 'Goa'))).toEqual({
      taxablePaise: 100000, cgstPaise: 14000, sgstPaise: 14000, utgstPaise: 0, igstPaise: 0, cessPaise: 12000,
    });
  });

  it('handles half-percent rates exactly (2.5% + 2.5%)', () => {
    expect(splitInclusive(105000, { cgst: 2.5, sgst: 2.5, igst: 5 }, gstRegime('Bihar', 'Bihar'))).toMatchObject({
      taxablePaise: 100000, cgstPaise: 2500, sgstPaise: 2500,
    });
  });

  it('rounds each tax to the paisa and leaves the remainder on the taxable value', () => {
    // ₹1 at 18%: exact taxable 84.745..., each half 7.627... -> 8 paise.
    const s = splitInclusive(100, GST18, gstRegime('Assam', 'Assam'));
    expect(s).toMatchObject({ cgstPaise: 8, sgstPaise: 8, taxablePaise: 84 });
  });

  it('is all taxable at 0% and all zero on a zero amount', () => {
    expect(splitInclusive(9999, { cgst: 0, sgst: 0, igst: 0 }, gstRegime('Goa', 'Kerala')).taxablePaise).toBe(9999);
    expect(splitInclusive(0, GST18, gstRegime('Goa', 'Goa'))).toEqual({
      taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, utgstPaise: 0, igstPaise: 0, cessPaise: 0,
    });
  });

  it('never lets the taxable value go negative, even with absurd rates on a few paise', () => {
    const s = splitInclusive(2, { cgst: 100, sgst: 100, igst: 100, cess: 100 }, gstRegime('Goa', 'Goa'));
    expect(s.taxablePaise).toBeGreaterThanOrEqual(0);
    expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.cessPaise).toBe(2);
  });

  it('rejects fractional or negative amounts and rates outside 0..100', () => {
    expect(() => splitInclusive(10.5, GST18, gstRegime('Goa', 'Goa'))).toThrow(RangeError);
    expect(() => splitInclusive(-1, GST18, gstRegime('Goa', 'Goa'))).toThrow(RangeError);
    expect(() => splitInclusive(100, { cgst: -9, sgst: 9, igst: 18 }, gstRegime('Goa', 'Goa'))).toThrow(RangeError);
  });
});

// Moved here from the removed second engine (edge-api/documents/gst-split.ts): the documents split through splitGross.
import fc from 'fast-check';
import { MissingGstRateError, missingGstRates, splitGross } from './gst';

describe('splitGross (the documents view of the one split)', () => {
  const intra = gstRegime('Maharashtra', 'Maharashtra');
  const inter = gstRegime('Maharashtra', 'Karnataka');
  const ut = gstRegime('Chandigarh', 'Chandigarh');

  it('rounds each tax part from the inclusive amount and leaves the rest taxable: ₹100 at 18% is 84.74 + 7.63 + 7.63', () => {
    expect(splitGross(10_000, { cgst: 9, sgst: 9, igst: 18 }, intra)).toMatchObject({ taxablePaise: 8_474, tax: { cgst: 763, sgst: 763, igst: 0 } });
    expect(splitGross(10_000, { cgst: 9, sgst: 9, igst: 18 }, inter)).toMatchObject({ taxablePaise: 8_475, tax: { igst: 1_525 } });
  });

  it('never loses or invents a paisa, whatever the rates and regime', () => {
    const rate = fc.constantFrom(0, 0.125, 1.5, 2.5, 5, 6, 9, 14);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_00 }), rate, rate, fc.constantFrom(0, 1, 12, 15, 22), fc.constantFrom(intra, inter, ut), (gross, half, u, cess, regime) => {
        const s = splitGross(gross, { cgst: half, sgst: half, igst: half * 2, utgst: u, cess }, regime);
        expect(s.taxablePaise + Object.values(s.tax).reduce((a, b) => a + b, 0)).toBe(gross);
        expect(s.taxablePaise).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses to guess a rate that was not entered; UTGST falls back to SGST', () => {
    expect(missingGstRates({ cgst: 9, sgst: null, igst: 18 }, intra)).toEqual(['sgst']);
    expect(missingGstRates({ cgst: 9, sgst: 9, igst: null }, inter)).toEqual(['igst']);
    expect(missingGstRates({ cgst: 9, sgst: null, igst: 18, utgst: 9 }, ut)).toEqual([]);
    expect(missingGstRates(null, ut)).toEqual(['cgst', 'utgst']);
    expect(() => splitGross(100, { cgst: null, sgst: 9, igst: 18 }, intra)).toThrow(MissingGstRateError);
    expect(splitGross(105_000, { cgst: 2.5, sgst: 2.5, igst: 5, utgst: null }, ut)).toMatchObject({ tax: { cgst: 2_500, utgst: 2_500, sgst: 0 }, rates: { utgst: 2.5 } });
  });
});
