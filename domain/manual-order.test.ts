import { describe, expect, it } from 'vitest';
import {
  d2rPricingStore,
  defaultOrderType,
  manualOrderSchema,
  previewTotals,
  salesmanSchema,
  shouldOfferB2B,
  totalsOfOrder,
  withStoreDiscounts,
  type PricedCatalogueItem,
} from './manual-order';

const address = {
  firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: '', address1: 'Flat 302', address2: 'Indiranagar',
  zip: '560038', city: 'Bengaluru', state: 'Karnataka', gstin: '',
};
/** Karnataka GSTIN with a valid check character (29 + PAN AABCS1429B + 1Z + check). */
const b2bAddress = { ...address, companyName: 'Sharma Traders', gstin: '29AABCS1429B1ZQ' };
const valid = {
  id: 'MO-1', orderType: 0, pricingType: 0, paymentMethod: 'cod', shippingPrice: '', shippingAddress: address, sameAsShipping: true,
  items: [{ catalogueId: 'tea', quantity: 2 }],
};
function errors(over: Record<string, unknown>) {
  const r = manualOrderSchema.safeParse({ ...valid, ...over });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}
const catalogue: Record<string, PricedCatalogueItem> = {
  tea: { pricePaise: 34900, gst: { cgst: 2.5, sgst: 2.5, igst: 5 } },
  oil: { pricePaise: 24900, gst: { cgst: 9, sgst: 9, igst: 18 } },
};
const lookup = (id: string) => catalogue[id];

describe('manual order schema: every rule and message', () => {
  it('order id required, at most 40; purchase order number at most 40', () => {
    expect(errors({ id: '  ' }).id).toBe('Please input Order ID!');
    expect(errors({ id: 'A'.repeat(41) }).id).toBe('Order ID must be at most 40 characters');
    expect(errors({ id: 'A'.repeat(40) })).toEqual({});
    expect(errors({ purchaseOrderNumber: 'P'.repeat(41) }).purchaseOrderNumber).toBe('Purchase Order Number must be at most 40 characters');
  });

  it('D2R needs a warehouse and a store address (chosen or complete)', () => {
    expect(errors({ orderType: 2 })).toEqual({
      whId: 'Please select warehouse', selectedStoreAddressId: 'Please fill all fields in store address',
    });
    expect(errors({ orderType: '2', whId: 'w1', storeAddress: { storeName: 'Sai Stores', phone: '9845012345' } })).toEqual({
      'storeAddress.address1': 'Please fill all fields in store address',
      'storeAddress.address2': 'Please fill all fields in store address',
      'storeAddress.zip': 'Please fill all fields in store address',
      'storeAddress.city': 'Please fill all fields in store address',
      'storeAddress.state': 'Please fill all fields in store address',
    });
    expect(errors({ orderType: 2, whId: 'w1', selectedStoreAddressId: 's1' })).toEqual({});
    // A B2B order names the buyer's business and carries a valid GSTIN of the billing state.
    expect(errors({ orderType: 1, shippingAddress: b2bAddress })).toEqual({});
  });

  it('products: at least one, each chosen, quantity required and at least 1', () => {
    expect(errors({ items: [] }).items).toBe('Please select atleast 1 product');
    expect(errors({ items: undefined }).items).toBe('Please select atleast 1 product');
    expect(errors({ items: [{ catalogueId: '', quantity: 1 }] })['items.0.catalogueId']).toBe('Please select product');
    expect(errors({ items: [{ catalogueId: 'tea', quantity: '' }] })['items.0.quantity']).toBe('Please input Quantity!');
    expect(errors({ items: [{ catalogueId: 'tea', quantity: 0 }] })['items.0.quantity']).toBe('Quantity must be at least 1');
    expect(errors({ items: [{ catalogueId: 'tea', quantity: 1.5 }] })['items.0.quantity']).toBe('Quantity must be at least 1');
  });

  it('discount and flat price need a per-item value unless free; percentages 0 to 100', () => {
    expect(errors({ pricingType: 2 })['items.0.pricingValue']).toBe('This field is required');
    expect(errors({ pricingType: 3, items: [{ catalogueId: 'tea', quantity: 1, pricingValue: '' }] })['items.0.pricingValue']).toBe('This field is required');
    expect(errors({ pricingType: 3, items: [{ catalogueId: 'tea', quantity: 1, isFree: true }] })).toEqual({});
    expect(errors({ pricingType: 1 })).toEqual({});
    expect(errors({ pricingType: 1, commonPricingValue: '100.5' }).commonPricingValue).toBe('Value must be between 0 and 100');
    expect(errors({ pricingType: 2, items: [{ catalogueId: 'tea', quantity: 1, pricingValue: -5 }] })['items.0.pricingValue']).toBe('Value must be between 0 and 100');
    expect(errors({ pricingType: 3, items: [{ catalogueId: 'tea', quantity: 1, pricingValue: 'free' }] })['items.0.pricingValue']).toBe('Price must be a number');
  });

  it('addresses: each field asked for, phone 10 digits, pincode, e-mail, GSTIN at most 15', () => {
    const empty = Object.fromEntries(Object.keys(address).map((k) => [k, '']));
    expect(errors({ shippingAddress: empty })).toEqual({
      'shippingAddress.firstName': 'Please input First Name!',
      'shippingAddress.lastName': 'Please input Last Name!',
      'shippingAddress.phone': 'Please input Phone Number!',
      'shippingAddress.address1': 'Please input Address Line 1!',
      'shippingAddress.address2': 'Please input Address Line 2!',
      'shippingAddress.zip': 'Please input Pincode!',
      'shippingAddress.city': 'Please input City!',
      'shippingAddress.state': 'Please input State!',
    });
    const bad = { ...address, phone: '12345', zip: '012345', email: 'a@b', gstin: '29ABCDE1234F1Z5Q' };
    expect(errors({ shippingAddress: bad })).toEqual({
      'shippingAddress.phone': 'Phone number must be 10 digits',
      'shippingAddress.zip': 'Please input a valid Pincode!',
      'shippingAddress.email': 'Email is not valid!',
      'shippingAddress.gstin': 'GSTIN must be at most 15 characters',
    });
  });

  it('billing is the shipping address when "same as shipping", else checked on its own', () => {
    const same = manualOrderSchema.parse(valid);
    expect(same.billingAddress).toEqual(same.shippingAddress);
    expect(errors({ sameAsShipping: false, billingAddress: { ...address, city: '' } })).toEqual({ 'billingAddress.city': 'Please input City!' });
  });

  it('shipping at least 0; payment method cod, prepaid or credit', () => {
    expect(errors({ shippingPrice: '-10' }).shippingPrice).toBe('Shipping Price cannot be less than 0');
    expect(errors({ shippingPrice: 'ten' }).shippingPrice).toBe('Shipping Price must be a number');
    expect(errors({ paymentMethod: '' }).paymentMethod).toBe('Please select Payment Method!');
    expect(errors({ paymentMethod: 'credit', dueDate: '2026-13-45' }).dueDate).toBe('Please select a valid Due Date');
  });

  it('derives the spec payload flags from the order type', () => {
    expect(manualOrderSchema.parse({ ...valid, orderType: 1, shippingAddress: b2bAddress })).toMatchObject({ b2bOrder: true, isD2ROrder: false });
  });
});

describe('order type and B2B prompt', () => {
  it('D2R accounts default to D2R, others to None; an existing order keeps its type', () => {
    expect(defaultOrderType({ isD2RAccount: true })).toBe(2);
    expect(defaultOrderType({ isD2RAccount: false })).toBe(0);
    expect(defaultOrderType({ isD2RAccount: true, existing: 1 })).toBe(1);
    expect(defaultOrderType({ isD2RAccount: false, existing: 0 })).toBe(0);
    expect(defaultOrderType({ isD2RAccount: false, retailerOrder: true })).toBe(2);
  });
  it('more than 10 units on a non-retailer order asks to convert to B2B', () => {
    expect(shouldOfferB2B(0, [{ quantity: 6 }, { quantity: 5 }])).toBe(true);
    expect(shouldOfferB2B(0, [{ quantity: 10 }])).toBe(false);
    expect(shouldOfferB2B(1, [{ quantity: 20 }])).toBe(false);
    expect(shouldOfferB2B(2, [{ quantity: 20 }])).toBe(false);
  });
});

describe('totals', () => {
  it('intra-state splits CGST + SGST, inter-state IGST; shipping added', () => {
    const intra = totalsOfOrder(manualOrderSchema.parse({ ...valid, shippingPrice: '49' }), lookup, 'Karnataka');
    expect(intra.totals).toMatchObject({ itemsPaise: 69800, taxablePaise: 66476, cgstPaise: 1662, sgstPaise: 1662, igstPaise: 0, finalPaise: 74700 });
    const inter = totalsOfOrder(manualOrderSchema.parse(valid), lookup, 'Maharashtra');
    expect(inter.totals).toMatchObject({ taxablePaise: 66476, igstPaise: 3324, cgstPaise: 0, finalPaise: 69800 });
  });

  it('flat price is typed in rupees; margin and discount in percent', () => {
    const flat = totalsOfOrder(manualOrderSchema.parse({ ...valid, pricingType: 3, items: [{ catalogueId: 'oil', quantity: 1, pricingValue: '199.99' }] }), lookup, 'Karnataka');
    expect(flat.lines[0].unitPaise).toBe(19999);
    const margin = totalsOfOrder(manualOrderSchema.parse({ ...valid, pricingType: 1, commonPricingValue: 10 }), lookup, 'Karnataka');
    expect(margin.lines[0].unitPaise).toBe(31410);
  });

  it('a special discount above the order value is reported as negative', () => {
    const r = totalsOfOrder(manualOrderSchema.parse({ ...valid, specialDiscount: '1000' }), lookup, 'Karnataka');
    expect(r.error).toBe('Final Order Value is Negative');
  });

  it('the live preview prices what can be read and ignores the rest', () => {
    const r = previewTotals(
      { items: [{ catalogueId: 'tea', quantity: '2' }, { catalogueId: '', quantity: 3 }, { catalogueId: 'oil', quantity: '' }], pricingType: '0', shippingAddress: { state: 'Karnataka' } },
      lookup,
      'Karnataka',
    );
    expect(r?.totals.itemsPaise).toBe(69800);
    expect(previewTotals({ items: [], pricingType: 'x', shippingAddress: {} }, lookup, '')).toBeNull();
    // an out-of-range percentage shows no totals rather than wrong ones
    expect(previewTotals({ items: [{ catalogueId: 'tea', quantity: 1 }], pricingType: 1, commonPricingValue: '150', shippingAddress: {} }, lookup, '')).toBeNull();
  });
});

describe("a store's D2R discounts (bulk 'D2R Discount')", () => {
  const discounts = new Map([['tea', 10]]);
  it('price a D2R order for that store the same in the live preview and on the server', () => {
    const order = manualOrderSchema.parse({ ...valid, orderType: 2, whId: 'wh-1', selectedStoreAddressId: 'store-1' });
    expect(d2rPricingStore(order)).toBe('store-1');
    const server = totalsOfOrder(order, withStoreDiscounts(lookup, discounts), 'Karnataka');
    expect(server.lines[0].unitPaise).toBe(31410); // ₹349 less 10%
    const preview = previewTotals({ items: [{ catalogueId: 'tea', quantity: '2' }], pricingType: '0', shippingAddress: { state: 'Karnataka' } }, withStoreDiscounts(lookup, discounts), 'Karnataka');
    expect(preview?.totals).toEqual(server.totals);
    // The order's own pricing type applies on top of the store's price.
    const margin = totalsOfOrder({ ...order, pricingType: 1, commonPricingValue: 10 }, withStoreDiscounts(lookup, discounts), 'Karnataka');
    expect(margin.lines[0].unitPaise).toBe(28269);
  });
  it('leave other items, other order types and new stores at the catalogue price', () => {
    expect(withStoreDiscounts(lookup, discounts)('oil')).toEqual(lookup('oil'));
    expect(withStoreDiscounts(lookup, new Map())).toBe(lookup);
    expect(d2rPricingStore({ orderType: 0, selectedStoreAddressId: 'store-1' })).toBeNull();
    expect(d2rPricingStore({ orderType: 2, selectedStoreAddressId: '' })).toBeNull();
  });
});

describe('salesman schema', () => {
  it('needs a name, a valid e-mail and a 10 digit phone', () => {
    const r = salesmanSchema.safeParse({ firstName: '', lastName: '', email: 'x', phone: '1' });
    expect(Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      firstName: 'Please input First Name!', lastName: 'Please input Last Name!', email: 'Email is not valid!', phone: 'Phone number must be 10 digits',
    });
  });
});
