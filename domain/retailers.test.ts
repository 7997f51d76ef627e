import { describe, expect, it } from 'vitest';
import { retailerMappingSchema, storeAddressSchema, storeAsShippingAddress, storeSearchType } from './retailers';

describe('store search', () => {
  it('searches by phone only when the text is numeric and longer than 3 characters', () => {
    expect(storeSearchType('9845')).toBe('phone');
    expect(storeSearchType(' 98450 ')).toBe('phone');
    expect(storeSearchType('984')).toBe('text');
    expect(storeSearchType('98a45')).toBe('text');
    expect(storeSearchType('Kirana')).toBe('text');
  });
});

describe('store address schema', () => {
  const store = { storeName: 'Balaji Traders', phone: '9845012345', address1: 'Shop 3', address2: 'MG Road', zip: '560001', city: 'Bengaluru', state: 'Karnataka' };
  it('asks for every required field with one message', () => {
    const r = storeAddressSchema.safeParse({});
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['address1', 'address2', 'city', 'phone', 'state', 'storeName', 'zip']);
    expect(new Set(r.error!.issues.map((i) => i.message))).toEqual(new Set(['Please fill all fields in store address']));
  });
  it('checks phone, pincode, e-mail and GSTIN formats', () => {
    const errs = (over: object) => storeAddressSchema.safeParse({ ...store, ...over }).error?.issues.map((i) => i.message);
    expect(errs({ phone: '98450' })).toEqual(['Phone number must be 10 digits']);
    expect(errs({ zip: '5600' })).toEqual(['Please input a valid Pincode!']);
    expect(errs({ email: 'x@' })).toEqual(['Email is not valid!']);
    expect(errs({ gstin: '1234567890123456' })).toEqual(['GSTIN must be at most 15 characters']);
    expect(storeAddressSchema.parse(store).isDistributor).toBe(false);
  });
  it('a store fills the shipping address, its name standing in for a missing person', () => {
    expect(storeAsShippingAddress({ ...store, firstName: '', lastName: '', email: null, GSTIN: null })).toMatchObject({
      firstName: 'Balaji Traders', lastName: 'Balaji Traders', zip: '560001', email: '', gstin: '',
    });
  });
});

describe('retailer mapping schema', () => {
  it('needs both ids and refuses mapping a retailer to itself', () => {
    expect(retailerMappingSchema.safeParse({ retailerId: 'a', mappedTo: 'a' }).error?.issues[0].message).toBe('A retailer cannot be mapped to itself');
    expect(retailerMappingSchema.safeParse({ retailerId: 'a' }).error?.issues[0].message).toBe('Please select primary retailer');
    expect(retailerMappingSchema.safeParse({ retailerId: 'a', mappedTo: 'b' }).success).toBe(true);
  });
});
