import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './amount-in-words';

describe('amountInWords', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [1, 'Rupees Zero and One Paise Only'],
    [100, 'Rupees One Only'],
    [1_150, 'Rupees Eleven and Fifty Paise Only'],
    [2_000, 'Rupees Twenty Only'],
    [9_999, 'Rupees Ninety Nine and Ninety Nine Paise Only'],
    [10_000, 'Rupees One Hundred Only'],
    [1_01_00, 'Rupees One Hundred One Only'],
    [1_19_000, 'Rupees One Thousand One Hundred Ninety Only'],
    [2_49_600, 'Rupees Two Thousand Four Hundred Ninety Six Only'],
    [1_23_45_678, 'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Seventy Eight Paise Only'],
    [10_00_000_00, 'Rupees Ten Lakh Only'],
    [1_00_00_000_00, 'Rupees One Crore Only'],
    [1_02_03_004_05, 'Rupees One Crore Two Lakh Three Thousand Four and Five Paise Only'],
    [99_99_99_999_99, 'Rupees Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only'],
    [1_000_00_00_000_00, 'Rupees One Thousand Crore Only'],
    [12_34_56_78_901_23, 'Rupees One Thousand Two Hundred Thirty Four Crore Fifty Six Lakh Seventy Eight Thousand Nine Hundred One and Twenty Three Paise Only'],
  ])('%i paise -> %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('spells every number below a thousand without doubled or missing spaces', () => {
    for (let n = 1; n < 1000; n++) {
      const words = numberInWords(n);
      expect(words).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)*$/);
    }
    expect(numberInWords(13)).toBe('Thirteen');
    expect(numberInWords(40)).toBe('Forty');
    expect(numberInWords(700)).toBe('Seven Hundred');
    expect(numberInWords(999)).toBe('Nine Hundred Ninety Nine');
  });

  it('refuses negative or fractional paise', () => {
    expect(() => amountInWords(-100)).toThrow(RangeError);
    expect(() => amountInWords(10.5)).toThrow(RangeError);
  });
});
