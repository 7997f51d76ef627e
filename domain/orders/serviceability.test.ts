import { describe, expect, it } from 'vitest';
import { servesSpecialZones, serviceability } from './serviceability';

describe('serviceability', () => {
  it('needs a known pincode, and a courier serving special zones there', () => {
    expect(serviceability('999999', null, true).ok).toBe(false);
    expect(serviceability('560001', { isSpecial: false }, false).ok).toBe(true);
    expect(serviceability('194101', { isSpecial: true }, false).ok).toBe(false);
    expect(serviceability('194101', { isSpecial: true }, true).ok).toBe(true);
    expect(servesSpecialZones('{"special":6}')).toBe(true);
    expect(servesSpecialZones({ same_city: 1 })).toBe(false);
    expect(servesSpecialZones('not json')).toBe(false);
  });
});
