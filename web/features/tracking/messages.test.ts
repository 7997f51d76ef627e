import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../domain/statuses';
import { MESSAGES, msg, STATUS_TEXT, statusText } from './messages';

describe('tracking page catalogue', () => {
  it('has the spec messages word for word in English', () => {
    expect(MESSAGES.en.awbRequired).toBe('Please Enter Tracking Number');
    expect(MESSAGES.en.awbInvalid).toBe('Invalid AWB');
    expect(MESSAGES.en.awbNotValid).toBe('Kindly Enter a valid AWB Number');
    expect(MESSAGES.en.lookupFailedTitle).toBe('Invalid Tracking Number');
    expect(MESSAGES.en.lookupFailedMessage).toBe('Kindly enter a valid Tracking Number');
    expect(MESSAGES.en.moreUpdates).toBe('More Updates Available');
    expect(msg('en', 'showMore', { n: 3 })).toBe('Show more (3)');
  });
  it('translates every text and every order status into Hindi', () => {
    for (const [key, text] of Object.entries(MESSAGES.hi)) {
      if (key === 'awb' || key === 'otherLanguage' || key === 'otherLanguageLabel') continue;
      expect(text, key).not.toBe(MESSAGES.en[key as keyof typeof MESSAGES.en]);
      expect(text, key).toMatch(/[\u0900-\u097F]/);
    }
    for (const s of ORDER_STATUSES) {
      expect(STATUS_TEXT.en[s], s).toBeTruthy();
      expect(STATUS_TEXT.hi[s], s).toMatch(/[\u0900-\u097F]/);
    }
    expect(msg('hi', 'showMore', { n: 2 })).toBe('और देखें (2)');
    expect(statusText('hi', 'SOMETHING_NEW')).toBe('something new');
  });
});
