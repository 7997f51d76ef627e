import { describe, expect, it } from 'vitest';
import { manualOrderSchema } from '../../../domain/manual-order';
import { initialValues, toPayload } from './formValues';

const address = { firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: '', address1: 'Flat 3', address2: 'Indiranagar', zip: '560038', city: 'Bengaluru', state: 'Karnataka', gstin: '' };

describe('manual order form values', () => {
  it('starts D2R for a D2R account, None otherwise, and keeps a cloned order type and lines but not its id', () => {
    expect(initialValues({ companyId: 'c', isD2RAccount: true }).orderType).toBe('2');
    expect(initialValues({ companyId: 'c', isD2RAccount: false }).orderType).toBe('0');
    const v = initialValues({
      companyId: 'c', isD2RAccount: true,
      prefill: {
        orderId: 'o1', status: 'PLACED', companyId: 'c', shopOrderId: 'X-1', orderType: 1, whId: '', selectedStoreAddressId: '', d2rSalesmanId: '',
        purchaseOrderNumber: 'PO', termsOfPayment: '', dueDate: '', beatId: '', paymentMethod: 'cod', pricingType: 2, commonPricingValue: '5',
        shippingPrice: '40', specialDiscount: '', ewayBill: '', sameAsShipping: true, shippingAddress: { ...address, pincode: '560038' }, billingAddress: address,
        items: [{ catalogueId: 'tea', quantity: 3, isFree: false, pricingValue: '5' }],
      },
    });
    expect(v).toMatchObject({ id: '', orderType: '1', pricingType: '2', paymentMethod: 'cod', purchaseOrderNumber: 'PO', shippingPrice: '40' });
    expect(v.items).toMatchObject([{ catalogueId: 'tea', quantity: 3, pricingValue: '5' }]);
  });

  it('a retailer order starts as D2R with the store and its address', () => {
    const v = initialValues({ companyId: 'c', isD2RAccount: false, retailer: { storeAddressId: 's1', shippingAddress: address } });
    expect(v).toMatchObject({ orderType: '2', selectedStoreAddressId: 's1', shippingAddress: { city: 'Bengaluru', zip: '560038' } });
  });

  it('sends the new store only for a D2R order in "new store" mode, and no billing address when same as shipping', () => {
    const v = { ...initialValues({ companyId: 'c', isD2RAccount: true }), id: 'A-1', whId: 'w1', storeMode: 'new' as const, shippingAddress: address };
    v.items = [{ ...v.items[0], catalogueId: 'tea', quantity: 2 }];
    const p = toPayload(v, { cloneFrom: 'o1', mode: 'edit' });
    expect(p).toMatchObject({ orderType: '2', whId: 'w1', cloneFrom: 'o1', mode: 'edit', billingAddress: undefined, selectedStoreAddressId: undefined });
    expect(p.storeAddress).toEqual(v.storeAddress);
    // the incomplete inline store is what the schema refuses
    const r = manualOrderSchema.safeParse(p);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain('storeAddress.storeName');
    const none = toPayload({ ...v, orderType: '0' });
    // Every order type is sent with its ship-from warehouse; only the store is D2R's own.
    expect(none).toMatchObject({ whId: 'w1', storeAddress: undefined });
    expect(manualOrderSchema.safeParse(none).success).toBe(true);
  });
});
