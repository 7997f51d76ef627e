import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FINAL_ORDER_VALUE_NEGATIVE,
  PRICING_TYPE,
  computeOrderTotals,
  formatINR,
  type OrderItemPricingInput,
  type OrderTotalsInput,
} from './pricing';

const GST18 = { cgst: 9, sgst: 9, igst: 18 };
const item = (over: Partial<OrderItemPricingInput> = {}): OrderItemPricingInput => ({
  cataloguePricePaise: 118000,
  quantity: 1,
  gst: GST18,
  ...over,
});
const order = (over: Partial<OrderTotalsInput> = {}): OrderTotalsInput => ({
  items: [item()],
  pricingType: PRICING_TYPE.none,
  commonPricingValue: 0,
  sellerState: 'Maharashtra',
  buyerState: 'Maharashtra',
  shippingPaise: 0,
  specialDiscountPaise: 0,
  ...over,
});

describe('computeOrderTotals: pricing types', () => {
  it('none charges the catalogue price', () => {
    const r = computeOrderTotals(order({ items: [item({ quantity: 3 })] }));
    expect(r.lines[0]).toMatchObject({ unitPaise: 118000, lineTotalPaise: 354000, taxablePaise: 300000, cgstPaise: 27000, sgstPaise: 27000 });
    expect(r.totals).toMatchObject({ itemsPaise: 354000, finalPaise: 354000, totalUnits: 3 });
    expect(r.error).toBeNull();
  });

  it('none ignores any pricing value', () => {
    const r = computeOrderTotals(order({ commonPricingValue: 50, items: [item({ pricingValue: 20 })] }));
    expect(r.lines[0].unitPaise).toBe(118000);
  });

  it('margin takes the retailer margin off the price', () => {
    const r = computeOrderTotals(order({ pricingType: PRICING_TYPE.margin, commonPricingValue: 10 }));
    expect(r.lines[0].unitPaise).toBe(106200);
  });

  it('discount takes the percent off and rounds to the paisa', () => {
    const r = computeOrderTotals(order({ pricingType: PRICING_TYPE.discount, commonPricingValue: 25, items: [item({ cataloguePricePaise: 99999 })] }));
    expect(r.lines[0].unitPaise).toBe(74999); // 74999.25
    const half = computeOrderTotals(order({ pricingType: PRICING_TYPE.discount, commonPricingValue: 50, items: [item({ cataloguePricePaise: 101 })] }));
    expect(half.lines[0].unitPaise).toBe(51); // 50.5 rounds up
  });

  it('discount of 100% makes the item free of charge, 0% leaves the price', () => {
    expect(computeOrderTotals(order({ pricingType: PRICING_TYPE.discount, commonPricingValue: 100 })).lines[0].lineTotalPaise).toBe(0);
    expect(computeOrderTotals(order({ pricingType: PRICING_TYPE.discount, commonPricingValue: 0 })).lines[0].unitPaise).toBe(118000);
  });

  it('flat price charges the given per-unit price, or the catalogue price when none is given', () => {
    const r = computeOrderTotals(order({
      pricingType: PRICING_TYPE.flatPrice,
      commonPricingValue: 40,
      items: [item({ pricingValue: 59000, quantity: 2 }), item({ pricingValue: null })],
    }));
    expect(r.lines[0]).toMatchObject({ unitPaise: 59000, lineTotalPaise: 118000, taxablePaise: 100000 });
    expect(r.lines[1].unitPaise).toBe(118000);
  });

  it('a per-item pricing value overrides the common value', () => {
    const r = computeOrderTotals(order({
      pricingType: PRICING_TYPE.margin,
      commonPricingValue: 10,
      items: [item({ pricingValue: 20 }), item({}), item({ pricingValue: 0 })],
    }));
    expect(r.lines.map((l) => l.unitPaise)).toEqual([94400, 106200, 118000]);
  });

  it('free items cost nothing and carry no tax but still count as units', () => {
    const r = computeOrderTotals(order({
      pricingType: PRICING_TYPE.flatPrice,
      items: [item({ quantity: 2 }), item({ isFree: true, quantity: 5, pricingValue: 1000 })],
    }));
    expect(r.lines[1]).toEqual({
      quantity: 5, isFree: true, unitPaise: 0, lineTotalPaise: 0,
      taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, utgstPaise: 0, igstPaise: 0, cessPaise: 0,
    });
    expect(r.totals).toMatchObject({ itemsPaise: 236000, totalUnits: 7 });
  });

  it('rejects percentages outside 0..100 and malformed numbers', () => {
    expect(() => computeOrderTotals(order({ pricingType: PRICING_TYPE.margin, commonPricingValue: 101 }))).toThrow(RangeError);
    expect(() => computeOrderTotals(order({ pricingType: PRICING_TYPE.discount, items: [item({ pricingValue: -5 })] }))).toThrow(RangeError);
    expect(() => computeOrderTotals(order({ items: [item({ cataloguePricePaise: 10.5 })] }))).toThrow(RangeError);
    expect(() => computeOrderTotals(order({ items: [item({ quantity: 1.5 })] }))).toThrow(RangeError);
    expect(() => computeOrderTotals(order({ shippingPaise: -1 }))).toThrow(RangeError);
  });
});

describe('computeOrderTotals: GST and totals', () => {
  it('charges CGST + SGST within a state and IGST across states', () => {
    const intra = computeOrderTotals(order({ sellerState: 'Karnataka', buyerState: 'KARNATAKA' }));
    expect(intra.regime.supply).toBe('intra_state');
    expect(intra.totals).toMatchObject({ taxablePaise: 100000, cgstPaise: 9000, sgstPaise: 9000, igstPaise: 0, totalTaxPaise: 18000 });
    const inter = computeOrderTotals(order({ sellerState: 'Karnataka', buyerState: 'Tamil Nadu' }));
    expect(inter.regime.supply).toBe('inter_state');
    expect(inter.totals).toMatchObject({ taxablePaise: 100000, cgstPaise: 0, sgstPaise: 0, igstPaise: 18000 });
  });

  it('charges UTGST in place of SGST within a union territory without legislature', () => {
    const r = computeOrderTotals(order({ sellerState: 'Chandigarh', buyerState: 'Chandigarh' }));
    expect(r.regime).toEqual({ supply: 'intra_state', utgst: true });
    expect(r.totals).toMatchObject({ cgstPaise: 9000, sgstPaise: 0, utgstPaise: 9000, igstPaise: 0 });
    const delhi = computeOrderTotals(order({ sellerState: 'Delhi', buyerState: 'Delhi' }));
    expect(delhi.totals).toMatchObject({ sgstPaise: 9000, utgstPaise: 0 });
  });

  it('adds shipping and takes off the special discount', () => {
    const r = computeOrderTotals(order({ shippingPaise: 5000, specialDiscountPaise: 3000 }));
    expect(r.totals.finalPaise).toBe(118000 + 5000 - 3000);
    expect(r.isNegative).toBe(false);
  });

  it('flags a negative final value with the spec message', () => {
    const r = computeOrderTotals(order({ items: [item({ cataloguePricePaise: 1000 })], specialDiscountPaise: 2000 }));
    expect(r.totals.finalPaise).toBe(-1000);
    expect(r.isNegative).toBe(true);
    expect(r.error).toBe('Final Order Value is Negative');
    expect(FINAL_ORDER_VALUE_NEGATIVE).toBe('Final Order Value is Negative');
  });

  it('a zero final value is not negative', () => {
    const r = computeOrderTotals(order({ items: [item({ cataloguePricePaise: 1000 })], specialDiscountPaise: 1000 }));
    expect(r.totals.finalPaise).toBe(0);
    expect(r.error).toBeNull();
  });

  it('tax parts and taxable add up exactly to every line and to the order, for any input', () => {
    const rate = fc.oneof(
      fc.constantFrom(0, 0.25, 1.5, 3, 5, 12, 18, 28),
      fc.integer({ min: 0, max: 5000 }).map((n) => n / 100),
    );
    const states = fc.constantFrom('Maharashtra', 'Karnataka', 'Chandigarh', 'Delhi', 'Ladakh', 'Assam', 'Puducherry');
    const itemArb = fc.record({
      cataloguePricePaise: fc.integer({ min: 0, max: 50_000_000 }),
      quantity: fc.integer({ min: 0, max: 500 }),
      isFree: fc.boolean(),
      pricingValue: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
      gst: fc.record({
        half: rate,
        utgst: fc.option(rate, { nil: undefined }),
        cess: fc.option(rate, { nil: undefined }),
      }).map(({ half, utgst, cess }) => ({ cgst: half, sgst: half, igst: Math.min(100, half * 2), utgst, cess })),
    });
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(0, 1, 2, 3) as fc.Arbitrary<0 | 1 | 2 | 3>,
        fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
        states,
        states,
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (rawItems, pricingType, common, seller, buyer, ship, disc) => {
          // pricing value: a percent (two decimals) for margin/discount, paise for flat price
          const items = rawItems.map((it) => ({
            ...it,
            pricingValue: it.pricingValue == null ? null : pricingType === 3 ? it.pricingValue * 137 : it.pricingValue / 100,
          }));
          const r = computeOrderTotals({
            items, pricingType, commonPricingValue: common, sellerState: seller, buyerState: buyer,
            shippingPaise: ship, specialDiscountPaise: disc,
          });
          let sum = 0;
          r.lines.forEach((l, i) => {
            const parts = [l.taxablePaise, l.cgstPaise, l.sgstPaise, l.utgstPaise, l.igstPaise, l.cessPaise];
            for (const p of parts) {
              expect(Number.isInteger(p)).toBe(true);
              expect(p).toBeGreaterThanOrEqual(0);
            }
            expect(parts.reduce((a, b) => a + b, 0)).toBe(l.lineTotalPaise);
            expect(l.lineTotalPaise).toBe(l.unitPaise * items[i].quantity);
            if (items[i].isFree) expect(l.lineTotalPaise).toBe(0);
            if (r.regime.supply === 'inter_state') expect(l.cgstPaise + l.sgstPaise + l.utgstPaise).toBe(0);
            else {
              expect(l.igstPaise).toBe(0);
              if (!r.regime.utgst) expect(l.cgstPaise).toBe(l.sgstPaise);
            }
            // taxable is the exact inclusive / (1 + rate) within rounding: at most three
            // tax parts (cgst, sgst or utgst, cess) are each rounded by at most half a paisa.
            const g = items[i].gst;
            const pct = r.regime.supply === 'inter_state' ? g.igst + (g.cess ?? 0)
              : g.cgst + (r.regime.utgst ? (g.utgst ?? g.sgst) : g.sgst) + (g.cess ?? 0);
            expect(Math.abs(l.taxablePaise - l.lineTotalPaise / (1 + pct / 100))).toBeLessThanOrEqual(1.5 + 1e-6);
            sum += l.lineTotalPaise;
          });
          const t = r.totals;
          expect(t.itemsPaise).toBe(sum);
          expect(t.taxablePaise + t.totalTaxPaise).toBe(t.itemsPaise);
          expect(t.finalPaise).toBe(sum + ship - disc);
          expect(r.error).toBe(t.finalPaise < 0 ? 'Final Order Value is Negative' : null);
        },
      ),
      { numRuns: Number(process.env.PRICING_RUNS ?? 500) },
    );
  });
});

describe('formatINR', () => {
  it('groups rupees the Indian way with two decimals', () => {
    expect(formatINR(12345678)).toBe('₹1,23,456.78');
    expect(formatINR(0)).toBe('₹0.00');
    expect(formatINR(5)).toBe('₹0.05');
    expect(formatINR(99900)).toBe('₹999.00');
    expect(formatINR(100000)).toBe('₹1,000.00');
    expect(formatINR(1234567890)).toBe('₹1,23,45,678.90');
    expect(formatINR(-150)).toBe('-₹1.50');
  });

  it('matches the en-IN currency format for any amount', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (p) => {
        expect(formatINR(p)).toBe(intl.format(p / 100));
      }),
      { numRuns: 1000 },
    );
  });
});
