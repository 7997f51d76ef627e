// One money, tax and date core. A manual order's total (the
// order screens and the form's preview compute it with domain/pricing) equals
// its tax invoice's total (edge-api/documents, through the same domain/gst
// split) to the paisa, each item line carries the same tax on both, and every
// Tally voucher balances. Property-based over prices, quantities, pricing
// types and discounts, GST slabs, and ship-from / place-of-supply states.
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { computeInvoice } from '../../edge-api/documents/invoice-calc';
import { renderTallyVouchers } from '../../edge-api/documents/tally';
import type { DocInvoice, DocItem } from '../../edge-api/documents/types';
import { makeGstin } from '../../domain/gstin';
import { findRegion } from '../../domain/india';
import { manualOrderTotals } from '../../domain/manual-order';
import { formatRupees } from '../../domain/money';
import { formatINR } from '../../domain/pricing';
import { formatRupees as invoicingFormatRupees } from '../../domain/invoicing';
import { formatInr, formatPaise } from '../../edge-api/documents/format';

const STATES = ['Maharashtra', 'Karnataka', 'Delhi', 'Chandigarh', 'Ladakh', 'Tamil Nadu', 'Puducherry', 'Gujarat'];
const SLABS = [0, 5, 12, 18, 28];

const slab = fc.constantFrom(...SLABS);
const line = fc.record({
  pricePaise: fc.integer({ min: 100, max: 5_00_000 }),
  quantity: fc.integer({ min: 1, max: 50 }),
  rate: slab,
  cess: fc.constantFrom(0, 0, 0, 12),
  isFree: fc.constantFrom(false, false, false, false, true),
  pricingValue: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
});
const orderArb = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 6 }),
  pricingType: fc.constantFrom(0, 1, 2, 3),
  commonPricingValue: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  shippingPaise: fc.constantFrom(0, 4_000, 9_900, 12_345),
  specialDiscountPaise: fc.constantFrom(0, 100, 5_000, 17_777),
  shipFrom: fc.constantFrom(...STATES),
  shipTo: fc.constantFrom(...STATES),
});

type LineT = { pricePaise: number; quantity: number; rate: number; cess: number; isFree: boolean; pricingValue: number | null };
type OrderT = {
  lines: LineT[]; pricingType: number; commonPricingValue: number | null; shippingPaise: number; specialDiscountPaise: number; shipFrom: string; shipTo: string;
};

function scenario(o: OrderT) {
  const rates = (l: LineT) => ({ cgst: l.rate / 2, sgst: l.rate / 2, igst: l.rate, utgst: l.rate / 2, cess: l.cess });
  const catalogue = new Map(o.lines.map((l, i) => [`c${i}`, { pricePaise: l.pricePaise, gst: rates(l) }]));
  const items = o.lines.map((l, i) => ({
    catalogueId: `c${i}`, quantity: l.quantity, isFree: l.isFree,
    // Flat price takes paise; margin and discount take a percent.
    pricingValue: l.pricingValue == null ? null : o.pricingType === 3 ? l.pricingValue * 137 : l.pricingValue,
  }));
  const totals = manualOrderTotals(
    { items, pricingType: o.pricingType, commonPricingValue: o.commonPricingValue, shippingPaise: o.shippingPaise, specialDiscountPaise: o.specialDiscountPaise, sellerState: o.shipFrom, buyerState: o.shipTo },
    (id) => catalogue.get(id),
  );
  const docItems: DocItem[] = o.lines.map((l, i) => ({
    title: `Item ${i}`, sku: `SKU-${i}`, hsn: '0902', quantity: l.quantity, unitPricePaise: totals.lines[i].unitPaise, gst: rates(l), wsin: null, location: null,
  }));
  const code = findRegion(o.shipFrom)!.gstCode;
  const invoice: DocInvoice = {
    order: {
      id: 'o1', shopOrderId: 'MO-1', awb: 'AWB1', courierName: 'Courier', paymentMode: 'prepaid', status: 'READY_TO_SHIP', createdAt: '2026-11-23T10:00:00Z',
      codPaise: 0, totalPaise: totals.totals.finalPaise, shippingPaise: o.shippingPaise, discountPaise: o.specialDiscountPaise,
      weightGrams: 500, dimensionsCm: { length: 10, breadth: 10, height: 10 },
      shipTo: { name: 'Buyer', phone: '9812345678', lines: ['1 Road'], city: 'City', state: o.shipTo, pincode: '110001' },
      returnAddress: { name: 'WH', phone: '9812345678', lines: ['Plot 1'], city: 'City', state: o.shipFrom, pincode: '400001' },
      items: docItems,
    },
    profile: {
      registeredName: 'Seller Pvt Ltd', brandName: 'Seller', gstin: makeGstin(code, 'AABCS1429B'), logo: null, signature: null,
      address: { line1: 'x', line2: 'y', city: 'City', state: o.shipFrom, pincode: '400001' },
    },
    invoiceNumber: 'INV/1', invoiceDate: '2026-11-23', buyerGstin: null,
  };
  return { totals, invoice };
}

describe('one GST core: manual order totals, invoice and Tally agree', () => {
  it('an order total equals its invoice total to the paisa, with the same tax on every item line', () => {
    fc.assert(
      fc.property(orderArb, (o) => {
        const { totals, invoice } = scenario(o);
        fc.pre(!totals.isNegative);
        const calc = computeInvoice(invoice);
        expect(calc.totals.grossPaise).toBe(totals.totals.finalPaise);
        const tax = Object.values(calc.totals.tax).reduce((a, b) => a + b, 0);
        expect(calc.totals.taxablePaise + tax).toBe(totals.totals.finalPaise);
        totals.lines.forEach((l, i) => {
          const s = calc.lines[i].split;
          expect([s.taxablePaise, s.tax.cgst, s.tax.sgst, s.tax.utgst, s.tax.igst, s.tax.cess]).toEqual([l.taxablePaise, l.cgstPaise, l.sgstPaise, l.utgstPaise, l.igstPaise, l.cessPaise]);
        });
      }),
      { numRuns: 1500 },
    );
  });

  it('every Tally voucher balances (debits equal credits)', () => {
    const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, isArray: (name) => name === 'ALLLEDGERENTRIES.LIST' });
    fc.assert(
      fc.property(orderArb, (o) => {
        const { totals, invoice } = scenario(o);
        fc.pre(!totals.isNegative && totals.totals.finalPaise > 0);
        const { xml, vouchers } = renderTallyVouchers([invoice]);
        expect(vouchers).toBe(1);
        const entries = parser.parse(xml).ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.VOUCHER['ALLLEDGERENTRIES.LIST'] as { AMOUNT: string }[];
        const paise = entries.map((e) => Math.round(Number(e.AMOUNT) * 100));
        expect(paise.reduce((a, b) => a + b, 0)).toBe(0);
        expect(-paise[0]).toBe(totals.totals.finalPaise);
      }),
      { numRuns: 500 },
    );
  });

  it('states the rounding once: ₹100 at 18% within a state is 84.74 + 7.63 + 7.63 on screen and on the invoice', () => {
    const { totals, invoice } = scenario({
      lines: [{ pricePaise: 10_000, quantity: 1, rate: 18, cess: 0, isFree: false, pricingValue: null }],
      pricingType: 0, commonPricingValue: null, shippingPaise: 0, specialDiscountPaise: 0, shipFrom: 'Karnataka', shipTo: 'Karnataka',
    });
    expect(totals.totals).toMatchObject({ taxablePaise: 8_474, cgstPaise: 763, sgstPaise: 763 });
    const calc = computeInvoice(invoice);
    expect(calc.totals).toMatchObject({ grossPaise: 10_000, taxablePaise: 8_474, tax: { cgst: 763, sgst: 763, igst: 0, utgst: 0, cess: 0 } });
  });

  it('formats rupees one way everywhere (Indian grouping)', () => {
    for (const p of [0, 5, 99_999, 1_23_456_78, -4_500, 10_00_00_000_00]) {
      expect(formatINR(p)).toBe(formatRupees(p));
      expect(invoicingFormatRupees(p)).toBe(formatRupees(p));
      expect(`₹${formatPaise(p < 0 ? p : p)}`.replace('₹-', '-₹')).toBe(formatRupees(p));
    }
    expect(formatRupees(1_23_456_78)).toBe('₹1,23,456.78');
    expect(formatInr(1_23_456_78)).toContain('1,23,456.78');
  });
});
