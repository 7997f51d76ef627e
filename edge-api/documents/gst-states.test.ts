import { describe, expect, it } from 'vitest';
import { findState, isGstinFormat, stateOfGstin } from './gst-states';

describe('Indian states for GST', () => {
  it('levies UTGST only in the union territories without a legislature', () => {
    for (const ut of ['Chandigarh', 'Ladakh', 'Lakshadweep', 'Andaman and Nicobar Islands', 'Dadra and Nagar Haveli and Daman and Diu']) {
      expect(findState(ut)?.utgst, ut).toBe(true);
    }
    for (const sgst of ['Delhi', 'Puducherry', 'Jammu and Kashmir', 'Maharashtra', 'Karnataka']) {
      expect(findState(sgst)?.utgst, sgst).toBe(false);
    }
  });

  it('recognises the spellings found in addresses', () => {
    expect(findState('NEW DELHI')?.code).toBe('07');
    expect(findState('NCT of Delhi')?.code).toBe('07');
    expect(findState('Andaman & Nicobar')?.code).toBe('35');
    expect(findState('Jammu & Kashmir')?.code).toBe('01');
    expect(findState('Orissa')?.name).toBe('Odisha');
    expect(findState('Pondicherry')?.name).toBe('Puducherry');
    expect(findState('Daman and Diu')?.code).toBe('26');
    expect(findState('  tamil   nadu ')?.code).toBe('33');
    expect(findState('KA')?.name).toBe('Karnataka');
    expect(findState('Atlantis')).toBeUndefined();
    expect(findState('')).toBeUndefined();
  });

  it('reads the state from a GSTIN, including retired codes', () => {
    expect(stateOfGstin('27AABCA1234C1Z5')?.name).toBe('Maharashtra');
    expect(stateOfGstin('04AABCA1234C1Z5')?.utgst).toBe(true);
    expect(stateOfGstin('25AABCA1234C1Z5')?.code).toBe('26');
    expect(stateOfGstin('28AABCA1234C1Z5')?.name).toBe('Andhra Pradesh');
    expect(stateOfGstin('00AABCA1234C1Z5')).toBeUndefined();
  });

  it('checks the GSTIN layout', () => {
    expect(isGstinFormat('29AAACB2230M1ZX')).toBe(true);
    expect(isGstinFormat('29aaacb2230m1zx')).toBe(true);
    expect(isGstinFormat('29AAACB2230M1Z')).toBe(false);
    expect(isGstinFormat('29AAACB2230M1AX')).toBe(false);
    expect(isGstinFormat('ABCDEFGHIJKLMNO')).toBe(false);
  });
});
