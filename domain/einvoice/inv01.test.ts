import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildInv01, computeIrn, docDate, financialYear, irnOf, type EinvInput } from './inv01';
import { ewbValidityDays, hsnProblem, needsEwayBill, canCancelIrn, ackDateToIso } from './rules';
import { inv01Problems } from './validate';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('IRN (einv-apisandbox.nic.in/irn.html)', () => {
  it('hashes the documented example string: 01AAAAA9999A19N has issued ABC01234 on 12.12.2019', () => {
    expect(computeIrn('01AAAAA9999A19N', 'INV', 'ABC01234', '12/12/2019')).toBe(sha('01AAAAA9999A19N2019-20INVABC01234'));
  });
  it('takes the financial year from April to March (03.01.2020 is in 2019-20)', () => {
    expect(financialYear('03/01/2020')).toBe('2019-20');
    expect(financialYear('31/03/2026')).toBe('2025-26');
    expect(financialYear('01/04/2026')).toBe('2026-27');
    expect(financialYear('15/06/2099')).toBe('2099-00');
  });
  it('writes the document date in India time', () => {
    expect(docDate('2026-03-31T20:00:00.000Z')).toBe('01/04/2026');
  });
});

describe('HSN digits by turnover band', () => {
  it('asks 6 digits at ₹5 crore or more and 4 below', () => {
    expect(hsnProblem('6109', 'under_5cr')).toBeNull();
    expect(hsnProblem('6109', '5cr_to_10cr')).toBe('HSN code must have at least 6 digits for your turnover');
    expect(hsnProblem('610910', '10cr_plus')).toBeNull();
    expect(hsnProblem('61A9', 'under_5cr')).toBe('HSN code must contain digits only');
    expect(hsnProblem('', 'under_5cr')).toBe('HSN code is required (at least 4 digits)');
    expect(hsnProblem('610910001', 'under_5cr')).toBe('HSN code has at most 8 digits');
  });
});

describe('e-way bill rules', () => {
  it('flags a consignment above ₹50,000, not at it', () => {
    expect(needsEwayBill(50_000_00)).toBe(false);
    expect(needsEwayBill(50_000_01)).toBe(true);
  });
  it('is valid one day per 200 km or part of it (rule 138(10))', () => {
    expect(ewbValidityDays(0)).toBe(1);
    expect(ewbValidityDays(200)).toBe(1);
    expect(ewbValidityDays(201)).toBe(2);
    expect(ewbValidityDays(450)).toBe(3);
    expect(ewbValidityDays(350, true)).toBe(18);
  });
});

describe('cancel window', () => {
  it('reads AckDt as India time and allows cancelling for 24 hours', () => {
    expect(ackDateToIso('2026-11-28 10:30:00')).toBe('2026-11-28T05:00:00.000Z');
    expect(canCancelIrn('2026-11-28T05:00:00.000Z', Date.parse('2026-11-29T04:59:59Z'))).toBe(true);
    expect(canCancelIrn('2026-11-28T05:00:00.000Z', Date.parse('2026-11-29T05:00:00Z'))).toBe(false);
  });
});

const input: EinvInput = {
  docType: 'INV', docNo: 'WH1-B2B-00042', docDate: '27/11/2026',
  seller: { gstin: '29AABCU9603R1ZM', legalName: 'Acme Traders Pvt Ltd', tradeName: 'Acme', addr1: '12 MG Road', city: 'Bengaluru', pincode: '560001', stateCode: '29', phone: '+91 98450 00000', email: 'gst@acme.example' },
  buyer: { gstin: '27AAPFU0939F1ZV', legalName: 'Mumbai Retail LLP', addr1: '4 Linking Road', addr2: 'Bandra West', city: 'Mumbai', pincode: '400050', stateCode: '27', placeOfSupply: '27' },
  lines: [
    { description: 'Cotton T-shirt', hsn: '610910', quantity: 10, taxablePaise: 84746, gstRate: 18, cessRate: 0, igstPaise: 15254, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 },
    { description: 'Shipping Charges', hsn: '610910', quantity: 1, taxablePaise: 8475, gstRate: 18, cessRate: 0, igstPaise: 1525, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 },
  ],
};

describe('INV-01 JSON', () => {
  it('carries the schema version, B2B supply, the document and the parties as the IRP reads them', () => {
    const doc = buildInv01(input) as Record<string, any>;
    expect(doc.Version).toBe('1.1');
    expect(doc.TranDtls).toMatchObject({ TaxSch: 'GST', SupTyp: 'B2B' });
    expect(doc.DocDtls).toEqual({ Typ: 'INV', No: 'WH1-B2B-00042', Dt: '27/11/2026' });
    expect(doc.SellerDtls).toMatchObject({ Gstin: '29AABCU9603R1ZM', Pin: 560001, Stcd: '29', Ph: '9845000000' });
    expect(doc.BuyerDtls).toMatchObject({ Gstin: '27AAPFU0939F1ZV', Pos: '27', Addr2: 'Bandra West' });
    expect(doc.ItemList[0]).toMatchObject({ SlNo: '1', HsnCd: '610910', Qty: 10, UnitPrice: 84.746, AssAmt: 847.46, IgstAmt: 152.54, TotItemVal: 1000 });
    expect(doc.ValDtls).toMatchObject({ AssVal: 932.21, IgstVal: 167.79, TotInvVal: 1100 });
    expect(inv01Problems(doc)).toEqual([]);
    expect(irnOf(doc as never)).toBe(sha('29AABCU9603R1ZM2026-27INVWH1-B2B-00042'));
  });
  it('is refused by the schema when a field breaks the published table, naming the field', () => {
    const doc = buildInv01({ ...input, docNo: '0BAD', lines: [{ ...input.lines[0], hsn: '61' }] });
    const paths = inv01Problems(doc).map((p) => p.path);
    expect(paths).toContain('/DocDtls/No');
    expect(paths).toContain('/ItemList/0/HsnCd');
    expect(inv01Problems({ Version: '1.1' }).length).toBeGreaterThan(0);
  });
});
