// The manual order form's values (what a person types) and the payload sent
// to POST /api/orders/manual; the form validates that payload with
// manualOrderSchema, so its messages are the API's.
import { defaultOrderType, type ManualOrderInput } from '../../../domain/manual-order';
import type { OrderPrefill } from './queries';

export type AddressValues = {
  firstName: string; lastName: string; phone: string; email: string; address1: string; address2: string;
  zip: string; city: string; state: string; gstin: string;
  /** Buyer's business name (B2B). */
  companyName?: string;
};
export type StoreValues = AddressValues & { storeName: string };
export type ItemValues = { key: string; catalogueId: string; quantity: number | string; isFree: boolean; pricingValue: string };

export type ManualOrderFormValues = {
  companyId: string;
  id: string;
  orderType: '0' | '1' | '2';
  whId: string;
  storeMode: 'existing' | 'new';
  selectedStoreAddressId: string;
  storeAddress: StoreValues;
  purchaseOrderNumber: string;
  termsOfPayment: string;
  dueDate: string;
  d2rSalesmanId: string;
  beatId: string;
  /** 'YYYY-MM-DD' of a back-dated order; empty = today. */
  backdate: string;
  /** The seller's own courier: its AWB and courier. */
  awb: string;
  awbPartner: string;
  pricingType: '0' | '1' | '2' | '3';
  commonPricingValue: string;
  shippingPrice: string;
  specialDiscount: string;
  paymentMethod: string;
  ewayBill: string;
  shippingAddress: AddressValues;
  sameAsShipping: boolean;
  billingAddress: AddressValues;
  items: ItemValues[];
};

let keySeq = 0;
export const newItem = (over: Partial<ItemValues> = {}): ItemValues => ({ key: `line-${++keySeq}`, catalogueId: '', quantity: 1, isFree: false, pricingValue: '', ...over });

export const emptyAddress = (): AddressValues => ({
  firstName: '', lastName: '', phone: '', email: '', address1: '', address2: '', zip: '', city: '', state: '', gstin: '', companyName: '',
});
export const emptyStore = (): StoreValues => ({ storeName: '', ...emptyAddress() });

const str = (v: unknown) => (v == null ? '' : String(v));
function addressFrom(a: Record<string, unknown> | undefined): AddressValues {
  const e = emptyAddress();
  if (!a) return e;
  return Object.fromEntries(Object.keys(e).map((k) => [k, str(a[k] ?? (k === 'zip' ? a.pincode : undefined))])) as AddressValues;
}

export type InitialOptions = {
  companyId: string;
  isD2RAccount: boolean;
  /** A clone starts without the original's AWB, so the form does not read it. */
  prefill?: Omit<OrderPrefill, 'awb' | 'awbPartner'>;
  retailer?: { storeAddressId?: string; shippingAddress?: Record<string, unknown> };
};

export function initialValues({ companyId, isD2RAccount, prefill, retailer }: InitialOptions): ManualOrderFormValues {
  const orderType = String(defaultOrderType({ isD2RAccount, existing: prefill?.orderType, retailerOrder: !!retailer })) as ManualOrderFormValues['orderType'];
  const shipping = addressFrom(prefill?.shippingAddress ?? retailer?.shippingAddress);
  return {
    companyId: prefill?.companyId ?? companyId,
    // A clone needs a new order id.
    id: '',
    orderType,
    whId: prefill?.whId ?? '',
    storeMode: 'existing',
    selectedStoreAddressId: prefill?.selectedStoreAddressId ?? retailer?.storeAddressId ?? '',
    storeAddress: emptyStore(),
    purchaseOrderNumber: prefill?.purchaseOrderNumber ?? '',
    termsOfPayment: prefill?.termsOfPayment ?? '',
    dueDate: prefill?.dueDate ?? '',
    d2rSalesmanId: prefill?.d2rSalesmanId ?? '',
    beatId: prefill?.beatId ?? '',
    backdate: '',
    awb: '',
    awbPartner: '',
    pricingType: String(prefill?.pricingType ?? 0) as ManualOrderFormValues['pricingType'],
    commonPricingValue: prefill?.commonPricingValue ?? '',
    shippingPrice: prefill?.shippingPrice ?? '0',
    specialDiscount: prefill?.specialDiscount ?? '',
    paymentMethod: prefill?.paymentMethod ?? (orderType === '2' ? 'credit' : 'prepaid'),
    ewayBill: prefill?.ewayBill ?? '',
    shippingAddress: shipping,
    sameAsShipping: prefill ? prefill.sameAsShipping : true,
    billingAddress: prefill ? addressFrom(prefill.billingAddress) : emptyAddress(),
    items: prefill?.items.length ? prefill.items.map((it) => newItem({ ...it, pricingValue: it.pricingValue })) : [newItem()],
  };
}

/** The POST body (and what the form validates): UI-only fields dropped. */
export function toPayload(v: ManualOrderFormValues, clone?: { cloneFrom: string; mode: 'clone' | 'edit' }): ManualOrderInput & Record<string, unknown> {
  const d2r = v.orderType === '2';
  const opt = (s: string) => (s.trim() ? s.trim() : undefined);
  return {
    companyId: opt(v.companyId),
    id: v.id,
    orderType: v.orderType,
    // Every order ships from a warehouse: the one shown under "Ship from" (the server applies the same rule when empty).
    whId: opt(v.whId),
    selectedStoreAddressId: d2r && v.storeMode === 'existing' ? opt(v.selectedStoreAddressId) : undefined,
    storeAddress: d2r && v.storeMode === 'new' ? v.storeAddress : undefined,
    purchaseOrderNumber: opt(v.purchaseOrderNumber),
    termsOfPayment: opt(v.termsOfPayment),
    dueDate: opt(v.dueDate),
    d2rSalesmanId: opt(v.d2rSalesmanId),
    beatId: opt(v.beatId),
    backdate: opt(v.backdate),
    awb: opt(v.awb),
    awbPartner: opt(v.awb) ? opt(v.awbPartner) : undefined,
    pricingType: v.pricingType,
    commonPricingValue: v.pricingType === '1' || v.pricingType === '2' ? opt(v.commonPricingValue) : undefined,
    shippingPrice: opt(v.shippingPrice),
    specialDiscount: opt(v.specialDiscount),
    paymentMethod: v.paymentMethod as ManualOrderInput['paymentMethod'],
    ewayBill: opt(v.ewayBill),
    shippingAddress: { ...v.shippingAddress, companyName: v.orderType === '1' ? (v.shippingAddress.companyName ?? '') : '' },
    sameAsShipping: v.sameAsShipping,
    billingAddress: v.sameAsShipping ? undefined : { ...v.billingAddress, companyName: v.orderType === '1' ? (v.billingAddress.companyName ?? '') : '' },
    items: v.items.map(({ catalogueId, quantity, isFree, pricingValue }) => ({
      catalogueId, quantity, isFree, pricingValue: v.pricingType === '0' ? undefined : pricingValue,
    })),
    weightUnit: 'g',
    eventType: 'create',
    ...(clone ? { cloneFrom: clone.cloneFrom, mode: clone.mode } : {}),
  };
}
