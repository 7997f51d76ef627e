import ExcelJS from 'exceljs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { ITEMS, sampleInvoice, sampleOrder } from './fixtures';
import { renderTallyVouchers, renderVoucherFailuresXlsx, tallyFailures, VOUCHER_FAILURE_COLUMNS } from './tally';
import type { DocInvoiceProfile } from './types';

const profile: DocInvoiceProfile = {
  registeredName: 'Acme Retail Private Limited',
  brandName: 'Acme Basics',
  address: { line1: 'Unit 7', line2: 'Andheri East', city: 'Mumbai', state: 'Maharashtra', pincode: '400059' },
  gstin: '27AABCA1234C1Z5',
  logo: null,
  signature: null,
};

interface Entry {
  LEDGERNAME: string;
  ISDEEMEDPOSITIVE: 'Yes' | 'No';
  ISPARTYLEDGER?: string;
  AMOUNT: string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => name === 'TALLYMESSAGE' || name === 'ALLLEDGERENTRIES.LIST',
});

function vouchersOf(xml: string) {
  const doc = parser.parse(xml);
  expect(doc.ENVELOPE.HEADER.TALLYREQUEST).toBe('Import Data');
  expect(doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDESC.REPORTNAME).toBe('Vouchers');
  const messages = doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE ?? [];
  return messages.map((m: { VOUCHER: Record<string, unknown> }) => m.VOUCHER) as Array<Record<string, unknown> & { 'ALLLEDGERENTRIES.LIST': Entry[] }>;
}

/** Sum in paise, from Tally's 2-decimal amounts. */
const paise = (amount: string) => Math.round(Number(amount) * 100);

describe('Tally sales vouchers', () => {
  it('posts party debit = sales + output tax credits, in rupees with 2 decimals', () => {
    const invoices = [
      sampleInvoice(sampleOrder(0), profile), // to Karnataka: IGST
      sampleInvoice(sampleOrder(1), profile, { buyerGstin: '27AAACB2230M1ZX' }), // Maharashtra B2B: CGST + SGST
    ];
    const { xml, vouchers, failures } = renderTallyVouchers(invoices, { companyName: 'Acme Retail Pvt Ltd' });
    expect(vouchers).toBe(2);
    expect(failures).toEqual([]);
    expect(parser.parse(xml).ENVELOPE.BODY.IMPORTDATA.REQUESTDESC.STATICVARIABLES.SVCURRENTCOMPANY).toBe('Acme Retail Pvt Ltd');
    const [b2c, b2b] = vouchersOf(xml);

    expect(b2c['@_VCHTYPE']).toBe('Sales');
    expect(b2c['@_ACTION']).toBe('Create');
    expect(b2c.DATE).toBe('20250105');
    expect(b2c.VOUCHERNUMBER).toBe('BWD/24-25/1001');
    expect(b2c.PARTYLEDGERNAME).toBe('Cash');
    expect(b2c.NARRATION).toBe('Order #1001, AWB 771000000000, Delhivery Surface');
    expect(b2c['ALLLEDGERENTRIES.LIST']).toEqual([
      { LEDGERNAME: 'Cash', ISDEEMEDPOSITIVE: 'Yes', ISPARTYLEDGER: 'Yes', AMOUNT: '-2496.00' },
      { LEDGERNAME: 'Sales', ISDEEMEDPOSITIVE: 'No', AMOUNT: '2303.91' },
      { LEDGERNAME: 'Output IGST', ISDEEMEDPOSITIVE: 'No', AMOUNT: '192.09' },
    ]);

    expect(b2b.PARTYLEDGERNAME).toBe('Rahul Deshmukh');
    expect(b2b.PARTYGSTIN).toBe('27AAACB2230M1ZX');
    expect(b2b['ALLLEDGERENTRIES.LIST'].map((e) => [e.LEDGERNAME, e.AMOUNT])).toEqual([
      ['Rahul Deshmukh', '-1499.00'],
      ['Sales', '1270.34'],
      ['Output CGST', '114.33'],
      ['Output SGST', '114.33'],
    ]);

    for (const voucher of [b2c, b2b]) {
      const entries = voucher['ALLLEDGERENTRIES.LIST'];
      expect(entries.reduce((sum, e) => sum + paise(e.AMOUNT), 0)).toBe(0);
      for (const e of entries) {
        expect(e.AMOUNT).toMatch(/^-?\d+\.\d{2}$/);
        expect(e.ISDEEMEDPOSITIVE).toBe(paise(e.AMOUNT) < 0 ? 'Yes' : 'No');
      }
    }
  });

  it('balances every voucher over many orders, including UTGST and cess', () => {
    const chandigarh = { ...profile, gstin: '04AABCA1234C1Z5', address: { ...profile.address, state: 'Chandigarh' } };
    const invoices = Array.from({ length: 40 }, (_, i) =>
      sampleInvoice(
        sampleOrder(i, i % 5 === 0 ? { items: [{ ...ITEMS[2], unitPricePaise: 10_001 + i, gst: { cgst: 14, sgst: 14, igst: 28, cess: 12 } }] } : {}),
        // Orders go to Karnataka, Maharashtra, Chandigarh, Delhi in turn: IGST, CGST + SGST, CGST + UTGST, IGST.
        i % 4 === 2 ? chandigarh : profile,
      ),
    );
    const { xml, vouchers } = renderTallyVouchers(invoices, { ledgers: { sales: 'Online Sales', utgst: 'UTGST Payable' } });
    expect(vouchers).toBe(40);
    const parsed = vouchersOf(xml);
    const ledgers = new Set(parsed.flatMap((v) => v['ALLLEDGERENTRIES.LIST'].map((e) => e.LEDGERNAME)));
    expect(ledgers).toEqual(new Set(['Cash', 'Online Sales', 'Output CGST', 'Output SGST', 'UTGST Payable', 'Output IGST', 'Output Cess']));
    for (const voucher of parsed) {
      const entries = voucher['ALLLEDGERENTRIES.LIST'];
      const debit = entries.filter((e) => e.ISDEEMEDPOSITIVE === 'Yes').reduce((s, e) => s - paise(e.AMOUNT), 0);
      const credit = entries.filter((e) => e.ISDEEMEDPOSITIVE === 'No').reduce((s, e) => s + paise(e.AMOUNT), 0);
      expect(debit, String(voucher.VOUCHERNUMBER)).toBe(credit);
    }
  });

  it('escapes names so the XML stays well formed', () => {
    const order = sampleOrder(1, { shipTo: { ...sampleOrder(1).shipTo, name: 'Tom & Jerry <Traders> "Pvt"' } });
    const { xml } = renderTallyVouchers([sampleInvoice(order, profile, { buyerGstin: '27AAACB2230M1ZX' })]);
    expect(xml).toContain('Tom &amp; Jerry &lt;Traders&gt;');
    expect(vouchersOf(xml)[0].PARTYLEDGERNAME).toBe('Tom & Jerry <Traders> "Pvt"');
  });

  it('says per order why no voucher can be made, and leaves those out of the XML', () => {
    const invoices = [
      sampleInvoice(sampleOrder(0), profile),
      sampleInvoice(sampleOrder(1), profile, { invoiceNumber: null }),
      sampleInvoice(sampleOrder(2, { status: 'CANCELLED' }), profile),
      sampleInvoice(sampleOrder(3, { items: [{ ...ITEMS[0], gst: { cgst: null, sgst: null, igst: 5 } }] }), profile), // Delhi: inter-state, IGST is enough
      sampleInvoice(sampleOrder(5, { items: [{ ...ITEMS[0], gst: { cgst: null, sgst: 2.5, igst: 5 } }], shipTo: sampleOrder(1).shipTo }), profile),
      sampleInvoice(sampleOrder(6, { items: [{ ...ITEMS[0], unitPricePaise: 0 }], shippingPaise: 0 }), profile),
      sampleInvoice(sampleOrder(7), profile, { invoiceNumber: 'BWD/24-25/1001' }), // same number as the first
    ];
    const decisions = tallyFailures(invoices);
    expect(decisions.map((d) => [d.orderId, d.ok, d.reasons])).toEqual([
      ['#1001', false, ['Invoice number BWD/24-25/1001 is used by another order in this request']],
      ['#1002', false, ['Invoice number not generated yet']],
      ['#1003', false, ['Order is cancelled']],
      ['#1004', true, []],
      ['#1006', false, ['GST rates missing for SKU KUR-IND-M (CGST)']],
      ['#1007', false, ['Order value is zero']],
      ['#1008', false, ['Invoice number BWD/24-25/1001 is used by another order in this request']],
    ]);
    const { vouchers, failures, xml } = renderTallyVouchers(invoices);
    expect(vouchers).toBe(1);
    expect(failures).toHaveLength(6);
    expect(vouchersOf(xml).map((v) => v.REFERENCE)).toEqual(['#1004']);
  });

  it('writes the failure sheet users download to see the reasons', async () => {
    const decisions = tallyFailures([
      sampleInvoice(sampleOrder(0), profile),
      sampleInvoice(sampleOrder(1), profile, { invoiceNumber: null }),
      sampleInvoice(sampleOrder(2, { status: 'CANCELLED', items: [{ ...ITEMS[0], gst: null }] }), profile),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await renderVoucherFailuresXlsx(decisions)) as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
    const sheet = workbook.worksheets[0];
    const rows = sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows).toEqual([
      [...VOUCHER_FAILURE_COLUMNS],
      ['#1002', '', 'Invoice number not generated yet'],
      ['#1003', 'BWD/24-25/1003', 'Order is cancelled; GST rates missing for SKU KUR-IND-M (IGST)'],
    ]);
  });
});
