import { describe, expect, it } from 'vitest';
import { ITEMS, sampleInvoice, sampleOrder, WAREHOUSE_ADDRESS } from './fixtures';
import { computeInvoice, InvoiceDataError, invoiceProblems, SHIPPING_LINE_TITLE } from './invoice-calc';
import type { DocInvoiceProfile } from './types';

const profile: DocInvoiceProfile = {
  registeredName: 'Acme Retail Private Limited',
  brandName: 'Acme Basics',
  address: { line1: 'Unit 7', line2: 'Andheri East', city: 'Mumbai', state: 'Maharashtra', pincode: '400059' },
  gstin: '27AABCA1234C1Z5',
  logo: null,
  signature: null,
};

describe('computeInvoice', () => {
  it('uses IGST across states and CGST + SGST within one', () => {
    const inter = computeInvoice(sampleInvoice(sampleOrder(0), profile)); // to Karnataka
    expect(inter.supplyKind).toBe('inter-state');
    expect(inter.placeOfSupply.name).toBe('Karnataka');
    const intra = computeInvoice(sampleInvoice(sampleOrder(1), profile)); // to Maharashtra
    expect(intra.supplyKind).toBe('intra-state');
    expect(intra.totals.tax).toEqual({ cgst: 11_433, sgst: 11_433, utgst: 0, igst: 0, cess: 0 });
  });

  it('uses UTGST for a seller and buyer in Chandigarh, SGST in Delhi', () => {
    const chandigarh = { ...profile, gstin: '04AABCA1234C1Z5', address: { ...profile.address, state: 'Chandigarh' } };
    const ut = computeInvoice(sampleInvoice(sampleOrder(2), chandigarh)); // sampleOrder(2) ships to Chandigarh
    expect(ut.supplyKind).toBe('intra-ut');
    expect(ut.totals.tax.utgst).toBeGreaterThan(0);
    expect(ut.totals.tax.sgst).toBe(0);

    const delhi = { ...profile, gstin: '07AABCA1234C1Z5', address: { ...profile.address, state: 'Delhi' } };
    const dl = computeInvoice(sampleInvoice(sampleOrder(3), delhi)); // ships to New Delhi
    expect(dl.supplyKind).toBe('intra-state');
    expect(dl.totals.tax.sgst).toBeGreaterThan(0);
  });

  it('taxes shipping with the goods, at the highest item rate, and totals add up to the order', () => {
    const order = sampleOrder(0); // kurta 5 % x2, bottle 18 %, shipping 49.00
    const calc = computeInvoice(sampleInvoice(order, profile));
    const shipping = calc.lines.at(-1)!;
    expect(shipping.title).toBe(SHIPPING_LINE_TITLE);
    expect(shipping.hsn).toBe('7323');
    expect(shipping.split.rates.igst).toBe(18);
    expect(calc.totals.grossPaise).toBe(order.totalPaise);
    const tax = Object.values(calc.totals.tax).reduce((a, b) => a + b, 0);
    expect(calc.totals.taxablePaise + tax).toBe(order.totalPaise);
    expect(calc.lines.map((l) => l.split.taxablePaise)).toEqual([171_238, 55_000, 4_153]);
  });

  it('lists every reason an invoice cannot be made', () => {
    const order = sampleOrder(0, {
      shipTo: { ...sampleOrder(0).shipTo, state: 'Narnia' },
      items: [{ ...ITEMS[0], gst: null }],
    });
    const invoice = sampleInvoice(order, { ...profile, gstin: 'XX', address: { ...profile.address, state: '' } }, { invoiceNumber: null, buyerGstin: 'not-a-gstin' });
    expect(invoiceProblems(invoice)).toEqual([
      'Invoice number not generated yet',
      'Seller state unknown: check the GSTIN and address of the invoicing profile',
      "Ship-to state not recognised: 'Narnia'",
      "Buyer GSTIN is not valid: 'not-a-gstin'",
    ]);
    expect(() => computeInvoice(invoice)).toThrow(InvoiceDataError);

    const noRates = sampleInvoice(sampleOrder(1, { items: [{ ...ITEMS[0], sku: 'X1', gst: { cgst: 2.5, sgst: null, igst: 5 } }], returnAddress: WAREHOUSE_ADDRESS }), profile);
    expect(invoiceProblems(noRates)).toEqual(['GST rates missing for SKU X1 (SGST)']);
  });
});
