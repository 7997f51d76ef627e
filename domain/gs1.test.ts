// GTIN check digits and GS1 scans, with the examples GS1 and the symbol
// standards publish (GS1 General Specifications, GS1 Digital Link standard,
// GS1 US / GS1 Germany sample numbers).
import { describe, expect, it } from 'vitest';
import { GS, gs1Date, gtin14, gtinCheckDigit, isValidGtin, parseGs1 } from './gs1';

describe('GTIN check digit', () => {
  it.each([
    ['09506000134352', 'GTIN-14 of the GS1 Digital Link standard'],
    ['09501101530003', 'GTIN-14 of the GS1 General Specifications examples'],
    ['4006381333931', 'EAN-13 (GS1 Germany sample)'],
    ['5901234123457', 'EAN-13 of the EAN-13 symbol specification sample'],
    ['036000291452', 'UPC-A (GS1 US sample)'],
    ['96385074', 'EAN-8 sample'],
    ['10614141000415', 'GTIN-14 of GS1 US (packaging indicator 1)'],
  ])('%s (%s) is valid', (code) => {
    expect(isValidGtin(code)).toBe(true);
  });

  it('computes the published check digits', () => {
    expect(gtinCheckDigit('0950600013435')).toBe(2);
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('03600029145')).toBe(2);
  });

  it('refuses a wrong check digit, a wrong length, and letters', () => {
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('036000291453')).toBe(false);
    expect(isValidGtin('40063813339')).toBe(false); // 11 digits
    expect(isValidGtin('400638133393100')).toBe(false); // 15 digits
    expect(isValidGtin('WCP000001')).toBe(false);
    expect(isValidGtin('')).toBe(false);
  });

  it('UPC-A, EAN-13 and GTIN-14 of one product are one 14-digit GTIN', () => {
    expect(gtin14('036000291452')).toBe('00036000291452');
    expect(gtin14('0036000291452')).toBe('00036000291452');
    expect(gtin14('00036000291452')).toBe('00036000291452');
    expect(gtin14('036000291453')).toBeNull();
  });
});

describe('GS1 element strings (GS1-128, GS1 DataMatrix)', () => {
  it('reads the bracketed form as printed under the symbol', () => {
    expect(parseGs1('(01)09501101530003(17)140704(10)AB-123', 2026)).toEqual({
      ok: true,
      data: { gtin: '09501101530003', expiry: '2014-07-04', lot: 'AB-123' },
    });
  });

  it('reads the scanned form: symbology identifier, FNC1 as GS after a variable-length field, fixed fields without one', () => {
    const scanned = `]d201095011015300031714070410AB-123${GS}21SN0042`;
    expect(parseGs1(scanned, 2026)).toEqual({ ok: true, data: { gtin: '09501101530003', expiry: '2014-07-04', lot: 'AB-123', serial: 'SN0042' } });
    // GS1-128 with a leading FNC1 and a trade measure (AI 3103, net weight in kg, 3 decimals) between.
    expect(parseGs1(`]C1${GS}0109506000134352310300150010LOT7`, 2026)).toEqual({ ok: true, data: { gtin: '09506000134352', lot: 'LOT7' } });
  });

  it('says what is wrong with a GS1 code it cannot read', () => {
    expect(parseGs1('(01)09501101530004(10)X', 2026)).toEqual({ ok: false, reason: 'GTIN 09501101530004 has a wrong check digit' });
    expect(parseGs1('(01)09501101530003(17)141304', 2026)).toEqual({ ok: false, reason: 'Expiry 141304 is not a date (YYMMDD)' });
    expect(parseGs1(`0109501101530003${'10'}${'L'.repeat(21)}`, 2026)).toEqual({ ok: false, reason: 'AI 10 has more than 20 characters' });
    expect(parseGs1('010950110153000399XYZ', 2026)).toMatchObject({ ok: false });
  });

  it('leaves WSINs, AWBs and order numbers alone', () => {
    for (const code of ['WCP000001', 'CP15085874273', 'CP10027', '1234567890']) expect(parseGs1(code, 2026)).toBeNull();
  });
});

describe('GS1 Digital Link', () => {
  it('reads the GTIN, lot and serial from the path and the expiry from the query (Digital Link standard example)', () => {
    expect(parseGs1('https://id.gs1.org/01/09506000134352/10/ABC1/21/12345?17=180426', 2026)).toEqual({
      ok: true,
      data: { gtin: '09506000134352', lot: 'ABC1', serial: '12345', expiry: '2018-04-26' },
    });
  });

  it('any host, percent-encoded values, a GTIN-13 padded to 14', () => {
    expect(parseGs1('https://brand.example.com/some/prefix/01/4006381333931/10/A%2F1', 2026)).toEqual({ ok: true, data: { gtin: '04006381333931', lot: 'A/1' } });
  });

  it('a link without a GTIN is not a product scan', () => {
    expect(parseGs1('https://example.com/track/CP10027', 2026)).toBeNull();
  });
});

describe('GS1 dates (YYMMDD, General Specifications §7.12)', () => {
  it('day 00 is the last day of the month; the century follows the sliding window', () => {
    expect(gs1Date('240200', 2026)).toBe('2024-02-29');
    expect(gs1Date('761231', 2026)).toBe('2076-12-31'); // 50 ahead: this century
    expect(gs1Date('771231', 2026)).toBe('1977-12-31'); // 51 ahead: the past century
    expect(gs1Date('990101', 2060)).toBe('2099-01-01');
    expect(gs1Date('100101', 2060)).toBe('2110-01-01');
    expect(gs1Date('240230', 2026)).toBeNull();
  });
});
