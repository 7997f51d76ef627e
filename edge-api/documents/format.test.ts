import { describe, expect, it } from 'vitest';
import { addressLines, formatDate, formatInr, formatPaise, paiseToDecimal, pdfText, tallyDate } from './format';

describe('document formatting', () => {
  it('groups rupees the Indian way', () => {
    expect(formatPaise(0)).toBe('0.00');
    expect(formatPaise(5)).toBe('0.05');
    expect(formatPaise(123_400)).toBe('1,234.00');
    expect(formatPaise(12_345_678)).toBe('1,23,456.78');
    expect(formatPaise(1_234_567_890)).toBe('1,23,45,678.90');
    expect(formatPaise(-99_900)).toBe('-999.00');
    expect(formatInr(123_400)).toBe('₹1,234.00');
    expect(() => formatPaise(1.5)).toThrow(RangeError);
  });

  it('writes machine amounts with two decimals', () => {
    expect(paiseToDecimal(118_000)).toBe('1180.00');
    expect(paiseToDecimal(-118_005)).toBe('-1180.05');
    expect(paiseToDecimal(7)).toBe('0.07');
  });

  it('dates documents by the calendar day in India', () => {
    expect(formatDate('2025-01-05')).toBe('05-01-2025');
    // 20:00 UTC on the 4th is 01:30 IST on the 5th.
    expect(formatDate('2025-01-04T20:00:00Z')).toBe('05-01-2025');
    expect(tallyDate('2025-03-31T18:29:00Z')).toBe('20250331');
    expect(tallyDate('2025-03-31T18:31:00Z')).toBe('20250401');
    expect(() => formatDate('yesterday')).toThrow(RangeError);
  });

  it('keeps text printable with the standard PDF fonts', () => {
    expect(pdfText('Café ₹500 “best”')).toBe('Café ₹500 “best”');
    expect(pdfText('Ōtsu')).toBe('Otsu');
    expect(pdfText('नमस्ते A')).toBe('नमस्ते A');
    expect(pdfText('漢字 A')).toBe('?? A');
    expect(pdfText('line\nbreak')).toBe('line break');
    expect(pdfText(null)).toBe('');
  });

  it('prints an address as street lines then city, state and PIN', () => {
    expect(
      addressLines({ name: 'X', phone: '1', lines: ['12 MG Road', ' ', 'Near Metro'], city: 'Pune', state: 'Maharashtra', pincode: '411001' }),
    ).toEqual(['12 MG Road', 'Near Metro', 'Pune, Maharashtra - 411001']);
  });
});
