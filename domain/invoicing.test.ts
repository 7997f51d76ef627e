import { describe, expect, it } from 'vitest';
import {
  BRAND_NAME_REQUIRED,
  formatRupees,
  invoiceKindOf,
  invoiceListQuerySchema,
  invoiceProfileSchema,
  invoiceStatusOf,
  LOGO_REQUIRED,
  paymentSchema,
  PAYMENT_DATE_FUTURE,
  PAYMENT_REFERENCE_REQUIRED,
  REGISTERED_NAME_REQUIRED,
  rupeesToPaise,
  SERIES_CHARACTERS,
  SERIES_NO_WHITESPACE,
  SERIES_REQUIRED,
  SERIES_TOO_LONG,
  SERIES_UNIQUE,
  SIGNATURE_REQUIRED,
  todayInIndia,
} from './invoicing';

const valid = {
  registeredName: 'Acme Retail Pvt Ltd',
  brandName: 'Acme',
  invoicingAddress: { line1: '1 MG Road', line2: 'Ashok Nagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
  logo: 'logo-0192f0c4-7a3b-7c1e-9d2a-000000000001.png',
  signature: 'signature-0192f0c4-7a3b-7c1e-9d2a-000000000001.png',
  sgstPercentage: '9',
  cgstPercentage: '9',
  igstPercentage: '18',
  warehouseInvoiceSeries: { w1: { invoicePrefix: 'BLR/', b2bInvoicePrefix: 'BLRB/' }, w2: { invoicePrefix: 'MUM-', b2bInvoicePrefix: 'MUMB-' } },
};

function messages(input: unknown) {
  const r = invoiceProfileSchema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('invoice profile', () => {
  it('parses a complete profile; UT-GST defaults to SGST, decimals become numbers', () => {
    const r = invoiceProfileSchema.parse({ ...valid, sgstPercentage: '2.5', cgstPercentage: 2.5, utgstPercentage: '' });
    expect(r).toMatchObject({ sgstPercentage: 2.5, cgstPercentage: 2.5, igstPercentage: 18, utgstPercentage: 2.5 });
    expect(invoiceProfileSchema.parse({ ...valid, utgstPercentage: '7' }).utgstPercentage).toBe(7);
  });

  it('names every missing field with the spec text', () => {
    const m = messages({ warehouseInvoiceSeries: {} });
    expect(m).toMatchObject({
      registeredName: REGISTERED_NAME_REQUIRED,
      brandName: BRAND_NAME_REQUIRED,
      'invoicingAddress.line1': 'Please input your Address Line 1',
      'invoicingAddress.line2': 'Please input your Address Line 2',
      'invoicingAddress.city': 'Please input your City',
      'invoicingAddress.state': 'Please input your State',
      'invoicingAddress.pincode': 'Please input your Pincode',
      logo: LOGO_REQUIRED,
      signature: SIGNATURE_REQUIRED,
      sgstPercentage: 'Please input SGST',
      cgstPercentage: 'Please input CGST',
      igstPercentage: 'Please input IGST',
    });
    expect(m).not.toHaveProperty('utgstPercentage');
  });

  it('validates the tax percentages as decimals from 0 to 100', () => {
    expect(messages({ ...valid, sgstPercentage: '9%' }).sgstPercentage).toBe('SGST must be a number');
    expect(messages({ ...valid, igstPercentage: '-1' }).igstPercentage).toBe('IGST must be a number');
    expect(messages({ ...valid, cgstPercentage: '101' }).cgstPercentage).toBe('CGST must be between 0 and 100');
    expect(messages({ ...valid, utgstPercentage: 'x' }).utgstPercentage).toBe('UTGST must be a number');
  });

  it('requires every invoice series, without white space, unique across warehouses and B2C/B2B', () => {
    const series = (w1: [string, string], w2: [string, string]) => ({
      ...valid,
      warehouseInvoiceSeries: { w1: { invoicePrefix: w1[0], b2bInvoicePrefix: w1[1] }, w2: { invoicePrefix: w2[0], b2bInvoicePrefix: w2[1] } },
    });
    expect(messages(series(['', 'B'], ['C', 'D']))['warehouseInvoiceSeries.w1.invoicePrefix']).toBe(SERIES_REQUIRED);
    expect(messages(series(['A B', 'B'], ['C', 'D']))['warehouseInvoiceSeries.w1.invoicePrefix']).toBe(SERIES_NO_WHITESPACE);
    expect(messages(series([' A', 'B'], ['C', 'D']))['warehouseInvoiceSeries.w1.invoicePrefix']).toBe(SERIES_NO_WHITESPACE);
    expect(messages(series(['   ', 'B'], ['C', 'D']))['warehouseInvoiceSeries.w1.invoicePrefix']).toBe(SERIES_REQUIRED);
    const dup = messages(series(['A', 'B'], ['b', 'D']));
    expect(dup['warehouseInvoiceSeries.w1.b2bInvoicePrefix']).toBe(SERIES_UNIQUE);
    expect(dup['warehouseInvoiceSeries.w2.invoicePrefix']).toBe(SERIES_UNIQUE);
    expect(dup).not.toHaveProperty('warehouseInvoiceSeries.w1.invoicePrefix');
    expect(messages(series(['A', 'A'], ['C', 'D']))['warehouseInvoiceSeries.w1.invoicePrefix']).toBe(SERIES_UNIQUE);
    expect(messages(series(['ABCDEFGHIJK', 'B'], ['C', 'D']))['warehouseInvoiceSeries.w1.invoicePrefix']).toBe(SERIES_TOO_LONG);
    expect(messages(series(['A#', 'B'], ['C', 'D']))['warehouseInvoiceSeries.w1.invoicePrefix']).toBe(SERIES_CHARACTERS);
    // Uniqueness is reported even while other fields are still empty.
    expect(messages({ ...series(['A', 'A'], ['C', 'D']), brandName: '' })['warehouseInvoiceSeries.w1.b2bInvoicePrefix']).toBe(SERIES_UNIQUE);
  });
});

describe('invoices and payments', () => {
  it('picks the B2B series for B2B orders and for retailer orders billed to a GSTIN', () => {
    expect(invoiceKindOf(0, null)).toBe('B2C');
    expect(invoiceKindOf(0, '27AAACB1234C1Z9')).toBe('B2C');
    expect(invoiceKindOf(1, null)).toBe('B2B');
    expect(invoiceKindOf(2, null)).toBe('B2C');
    expect(invoiceKindOf(2, '27AAACB1234C1Z9')).toBe('B2B');
  });

  it('derives the status from the amount paid', () => {
    expect(invoiceStatusOf(1000, 0)).toBe('UNPAID');
    expect(invoiceStatusOf(1000, 1)).toBe('PARTIALLY_PAID');
    expect(invoiceStatusOf(1000, 1000)).toBe('PAID');
  });

  it('converts typed rupees to paise exactly', () => {
    expect(rupeesToPaise('1249.5')).toBe(124950);
    expect(rupeesToPaise(0.1)).toBe(10);
    expect(rupeesToPaise('.05')).toBe(5);
    expect(rupeesToPaise('1.005')).toBeNull();
    expect(rupeesToPaise('-1')).toBeNull();
    expect(rupeesToPaise('')).toBeNull();
    expect(formatRupees(12345678)).toBe('₹1,23,456.78');
    expect(formatRupees(5)).toBe('₹0.05');
  });

  it('requires a reference for UPI, NEFT and cheque, and no future date', () => {
    const today = todayInIndia();
    expect(paymentSchema.parse({ amount: '100.50', mode: 'cash', paidOn: today })).toEqual({ amountPaise: 10050, mode: 'cash', reference: '', paidOn: today });
    for (const mode of ['upi', 'neft', 'cheque']) {
      const r = paymentSchema.safeParse({ amount: '1', mode, paidOn: today });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]).toMatchObject({ path: ['reference'], message: PAYMENT_REFERENCE_REQUIRED });
    }
    const future = paymentSchema.safeParse({ amount: '1', mode: 'cash', paidOn: '2999-12-31' });
    expect(future.error!.issues[0].message).toBe(PAYMENT_DATE_FUTURE);
    expect(paymentSchema.safeParse({ amount: '0', mode: 'cash', paidOn: today }).success).toBe(false);
  });

  it('reads the list filter from JSON in the query string', () => {
    expect(invoiceListQuerySchema.parse({ page: '2', filter: '{"status":"PAID","search":" INV "}' })).toEqual({
      page: 2, pageSize: 20, filter: { status: 'PAID', search: 'INV' },
    });
    expect(invoiceListQuerySchema.parse({}).filter).toEqual({});
    expect(invoiceListQuerySchema.safeParse({ filter: '{bad' }).success).toBe(false);
    expect(invoiceListQuerySchema.safeParse({ filter: '{"from":"21/11/2026"}' }).success).toBe(false);
  });
});
