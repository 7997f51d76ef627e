import { describe, expect, it } from 'vitest';
import {
  INDIAN_REGIONS,
  findRegion,
  gstStateCode,
  isMetroDistrict,
  isSpecialState,
  isValidPincode,
  metroCity,
  normaliseState,
  stateOfGstin,
  usesUtgst,
} from './india';

describe('states and union territories', () => {
  it('lists 28 states and 8 union territories with unique GST codes', () => {
    expect(INDIAN_REGIONS.filter((r) => r.kind === 'state')).toHaveLength(28);
    expect(INDIAN_REGIONS.filter((r) => r.kind !== 'state')).toHaveLength(8);
    expect(new Set(INDIAN_REGIONS.map((r) => r.gstCode)).size).toBe(36);
  });

  it('normalises the spellings found in India Post data and user input', () => {
    expect(normaliseState('MAHARASHTRA')).toBe('Maharashtra');
    expect(normaliseState('  tamil   nadu ')).toBe('Tamil Nadu');
    expect(normaliseState('Chattisgarh')).toBe('Chhattisgarh');
    expect(normaliseState('Orissa')).toBe('Odisha');
    expect(normaliseState('Pondicherry')).toBe('Puducherry');
    expect(normaliseState('Jammu & Kashmir')).toBe('Jammu and Kashmir');
    expect(normaliseState('ANDAMAN & NICOBAR ISLANDS')).toBe('Andaman and Nicobar Islands');
    expect(normaliseState('Andaman & Nicobar')).toBe('Andaman and Nicobar Islands');
    expect(normaliseState('Daman & Diu')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(normaliseState('Dadra & Nagar Haveli')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(normaliseState('New Delhi')).toBe('Delhi');
    expect(normaliseState('27')).toBe('Maharashtra');
    expect(normaliseState('Atlantis')).toBeNull();
    expect(normaliseState('')).toBeNull();
    expect(normaliseState(undefined)).toBeNull();
  });

  it('moves Leh and Kargil from Jammu & Kashmir to Ladakh', () => {
    expect(normaliseState('Jammu & Kashmir', 'Leh')).toBe('Ladakh');
    expect(normaliseState('Jammu & Kashmir', 'Kargil')).toBe('Ladakh');
    expect(normaliseState('Jammu & Kashmir', 'Srinagar')).toBe('Jammu and Kashmir');
  });

  it('knows GST state codes and reads them from a GSTIN', () => {
    expect(gstStateCode('Karnataka')).toBe('29');
    expect(gstStateCode('Telangana')).toBe('36');
    expect(gstStateCode('Ladakh')).toBe('38');
    expect(stateOfGstin('27AAPFU0939F1ZV')).toBe('Maharashtra');
    expect(stateOfGstin('25AAAAA0000A1Z5')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(stateOfGstin('99XXXX')).toBeNull();
    expect(stateOfGstin('')).toBeNull();
  });

  it('applies UTGST only in union territories without legislature', () => {
    for (const ut of ['Chandigarh', 'Ladakh', 'Lakshadweep', 'Andaman and Nicobar Islands', 'Dadra and Nagar Haveli and Daman and Diu']) {
      expect(usesUtgst(ut), ut).toBe(true);
    }
    for (const s of ['Delhi', 'Puducherry', 'Jammu and Kashmir', 'Maharashtra']) expect(usesUtgst(s), s).toBe(false);
    expect(findRegion('Delhi')?.kind).toBe('ut_with_legislature');
  });

  it('marks the special zones', () => {
    for (const s of ['Jammu & Kashmir', 'Ladakh', 'Assam', 'Arunachal Pradesh', 'Manipur', 'Meghalaya', 'Mizoram', 'Nagaland', 'Tripura', 'Sikkim', 'Andaman & Nicobar', 'Lakshadweep']) {
      expect(isSpecialState(s), s).toBe(true);
    }
    for (const s of ['West Bengal', 'Delhi', 'Kerala', 'Bihar']) expect(isSpecialState(s), s).toBe(false);
  });

  it('recognises metro districts, every Delhi district included', () => {
    expect(metroCity('Central Delhi', 'Delhi')).toBe('Delhi');
    expect(metroCity('Shahdara', 'Delhi')).toBe('Delhi');
    expect(metroCity('South West Delhi')).toBe('Delhi');
    expect(metroCity('Bangalore')).toBe('Bengaluru');
    expect(metroCity('Bengaluru Urban')).toBe('Bengaluru');
    expect(metroCity('Mumbai Suburban')).toBe('Mumbai');
    for (const d of ['Mumbai', 'Kolkata', 'Chennai', 'Hyderabad', 'Ahmedabad', 'Pune']) expect(isMetroDistrict(d), d).toBe(true);
    for (const d of ['Bangalore Rural', 'Thane', 'Jaipur', '']) expect(isMetroDistrict(d), d).toBe(false);
  });

  it('validates pincodes', () => {
    expect(isValidPincode('110001')).toBe(true);
    expect(isValidPincode(560001)).toBe(true);
    expect(isValidPincode('011000')).toBe(false);
    expect(isValidPincode('11000')).toBe(false);
    expect(isValidPincode('1100011')).toBe(false);
    expect(isValidPincode('11000a')).toBe(false);
  });
});
