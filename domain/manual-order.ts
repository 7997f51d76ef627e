// Manual orders (spec part 2 §3 'Manual order payload', 'Manual order form
// state', §4 'Manual order', §5 'Manual order'): the one schema the form and
// POST /api/orders/manual validate with, and the totals both compute with
// computeOrderTotals.
import { z } from 'zod';
import { okBody } from './api';
import { optionalDecimal, parseDecimal, rupeesToPaise } from './catalogue';
import { gstinProblem, normaliseGstin } from './gstin';
import { PINCODE_RE } from './india';
import { indiaToday, addIndiaDays } from './india-time';
import { normalisePhone, normalisePincode, PHONE_INPUT_MAX } from './phone';
import { computeOrderTotals, FINAL_ORDER_VALUE_NEGATIVE, PRICING_TYPE, reduceByPercent, type GstRates, type OrderTotalsResult, type PricingType } from './pricing';
import { PAYMENT_MODES } from './statuses';
import { normaliseAwb } from './tracking-events';

export { FINAL_ORDER_VALUE_NEGATIVE, PRICING_TYPE };

export const ORDER_ID_REQUIRED = 'Please input Order ID!';
export const ORDER_ID_MAX = 'Order ID must be at most 40 characters';
export const PO_NUMBER_MAX = 'Purchase Order Number must be at most 40 characters';
export const WAREHOUSE_REQUIRED = 'Please select warehouse';
export const COMPANY_REQUIRED = 'Please select company';
export const PRODUCTS_REQUIRED = 'Please select atleast 1 product';
export const PRODUCT_REQUIRED = 'Please select product';
export const QUANTITY_REQUIRED = 'Please input Quantity!';
export const QUANTITY_MIN = 'Quantity must be at least 1';
export const FIELD_REQUIRED = 'This field is required';
export const PERCENT_RANGE = 'Value must be between 0 and 100';
export const PRICE_INVALID = 'Price must be a number';
export const SHIPPING_MIN = 'Shipping Price cannot be less than 0';
export const DISCOUNT_MIN = 'Special Discount cannot be less than 0';
export const PAYMENT_METHOD_REQUIRED = 'Please select Payment Method!';
export const EMAIL_NOT_VALID = 'Email is not valid!';
export const PHONE_10_DIGITS = 'Phone number must be 10 digits';
export const PINCODE_NOT_VALID = 'Please input a valid Pincode!';
export const GSTIN_MAX = 'GSTIN must be at most 15 characters';
export const STORE_ADDRESS_INCOMPLETE = 'Please fill all fields in store address';
export const DUE_DATE_INVALID = 'Please select a valid Due Date';
/** How far back an order may be dated ('backdate', within limits the form states). */
export const BACKDATE_MAX_DAYS = 30;
export const BACKDATE_HINT = `The order's date: today or up to ${BACKDATE_MAX_DAYS} days back`;
export const BACKDATE_RANGE = `Order Date must be between ${BACKDATE_MAX_DAYS} days ago and today`;
export const B2B_BUSINESS_NAME_REQUIRED = "A B2B order needs the buyer's business name: it is printed on the tax invoice";
export const B2B_GSTIN_REQUIRED = "A B2B order needs the buyer's GSTIN: the tax invoice must carry it for the buyer to claim input tax credit";
export const AWB_PARTNER_REQUIRED = 'Please select the courier of this AWB';
/** A seller's own AWB (part 2 §5, §9: 4 to 15), as the tracking page and the carriers read it. */
export const AWB_LENGTH = 'AWB must be 4 to 15 characters';
export const AWB_FORMAT = 'AWB must be 4 to 15 letters or digits';
export const ORDER_CREATED = 'Order created successfully!';
export const B2B_PROMPT = {
  title: 'Convert to B2B order?',
  message: 'This order has more than 10 units. Do you want to convert it to a B2B order?',
  confirm: 'Convert to B2B',
  cancel: 'Keep as is',
} as const;
/** An address whose state is not the pincode's (the GST place of supply follows the pincode). */
export const pincodeStateMismatch = (pincode: string, pincodeState: string, state: string) =>
  `Pincode ${pincode} is in ${pincodeState}, not ${state}`;
export const orderIdExists = (id: string) => `Order ID ${id} already exists`;
/** Cancellation reason of the original order after 'Clone & Edit'. */
export const editedAs = (newId: string) => `Edited as ${newId}`;
export const pleaseInput = (label: string) => `Please input ${label}!`;

/** Order types (form state): 0 None, 1 B2B, 2 D2R. */
export const ORDER_TYPE = { none: 0, b2b: 1, d2r: 2 } as const;
export type OrderType = (typeof ORDER_TYPE)[keyof typeof ORDER_TYPE];
export const ORDER_TYPE_LABELS: Record<OrderType, string> = { 0: 'B2C', 1: 'B2B', 2: 'D2R' };
export const ORDER_ID_MAX_LENGTH = 40;
/** More units than this on a non-retailer order asks to convert it to B2B (part 2 §9). */
export const B2B_UNITS_THRESHOLD = 10;
export const MANUAL_SHOP_TYPES = ['manual', 'manual_fbw'] as const;
export type ManualShopType = (typeof MANUAL_SHOP_TYPES)[number];

/** The per-item price field's label for each pricing type. */
export const PRICING_VALUE_LABELS: Record<PricingType, string> = {
  0: 'Price (₹)',
  1: 'Margin (%)',
  2: 'Discount (%)',
  3: 'Flat Price (₹)',
};

const trimmed = (raw: unknown) => (typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '');

const required = (message: string, max = 200) =>
  z.unknown().transform((raw, ctx) => {
    const s = trimmed(raw);
    if (!s) ctx.addIssue({ code: 'custom', message });
    else if (s.length > max) ctx.addIssue({ code: 'custom', message: `Must be at most ${max} characters` });
    return s;
  });

const optional = (max: number, message?: string) =>
  z.unknown().transform((raw, ctx) => {
    const s = trimmed(raw);
    if (s.length > max) ctx.addIssue({ code: 'custom', message: message ?? `Must be at most ${max} characters` });
    return s || undefined;
  }).optional();

/**
 * The seller's own AWB as typed ('ek-1000 000178'): stored as the tracking page and the
 * carriers look it up (no spaces or dashes, in capitals), so that no two orders hold one
 * AWB in two spellings; then 4 to 15 letters or digits (part 2 §9).
 */
export function ownAwbProblem(awb: string): string | null {
  if (awb.length < 4 || awb.length > 15) return AWB_LENGTH;
  return /^[A-Z0-9]+$/.test(awb) ? null : AWB_FORMAT;
}

const awbField = z.unknown().transform((raw, ctx) => {
  const s = normaliseAwb(trimmed(raw));
  const problem = s ? ownAwbProblem(s) : null;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
  return s || undefined;
}).optional();

const emailField = z.unknown().transform((raw, ctx) => {
  const s = trimmed(raw);
  if (s && !z.email().safeParse(s).success) ctx.addIssue({ code: 'custom', message: EMAIL_NOT_VALID });
  return s || undefined;
}).optional();

/** Phone as pasted ('+91 98450-12345'): normalised to 10 digits before it is checked. */
const phoneField = (requiredMessage: string) =>
  required(requiredMessage, PHONE_INPUT_MAX).transform((s) => normalisePhone(s)).superRefine((s, ctx) => {
    if (s && !/^[0-9]{10}$/.test(s)) ctx.addIssue({ code: 'custom', message: PHONE_10_DIGITS });
  });

const pincodeField = (requiredMessage: string) =>
  required(requiredMessage, 12).transform((s) => normalisePincode(s)).superRefine((s, ctx) => {
    if (s && !PINCODE_RE.test(s)) ctx.addIssue({ code: 'custom', message: PINCODE_NOT_VALID });
  });

/** Shipping and billing address of the form state. */
export const addressSchema = z.object({
  firstName: required(pleaseInput('First Name'), 100),
  lastName: required(pleaseInput('Last Name'), 100),
  phone: phoneField(pleaseInput('Phone Number')),
  email: emailField,
  address1: required(pleaseInput('Address Line 1'), 300),
  address2: required(pleaseInput('Address Line 2'), 300),
  zip: pincodeField(pleaseInput('Pincode')),
  city: required(pleaseInput('City'), 100),
  state: required(pleaseInput('State'), 100),
  gstin: optional(15, GSTIN_MAX),
  /** The buyer's business (legal) name; required on a B2B order's billing address. */
  companyName: optional(200),
});
export type Address = z.output<typeof addressSchema>;
export type AddressInput = Omit<Record<keyof Address, string>, 'companyName'> & { companyName?: string };

/** A retailer's store address (new, inline, or POST /d2r/store-address). */
export const storeAddressSchema = z.object({
  companyId: z.string().max(64).optional(),
  storeName: required(STORE_ADDRESS_INCOMPLETE, 200),
  firstName: optional(100),
  lastName: optional(100),
  phone: phoneField(STORE_ADDRESS_INCOMPLETE),
  email: emailField,
  address1: required(STORE_ADDRESS_INCOMPLETE, 300),
  address2: required(STORE_ADDRESS_INCOMPLETE, 300),
  zip: pincodeField(STORE_ADDRESS_INCOMPLETE),
  city: required(STORE_ADDRESS_INCOMPLETE, 100),
  state: required(STORE_ADDRESS_INCOMPLETE, 100),
  gstin: optional(15, GSTIN_MAX),
  /** The spec's name of the field (part 2 §3 'Store address'); the list answers with it too. Wins over `gstin`. */
  GSTIN: optional(15, GSTIN_MAX),
  isDistributor: z.boolean().optional().default(false),
}).transform(({ GSTIN, ...store }) => ({ ...store, gstin: GSTIN ?? store.gstin }));
export type StoreAddressInput = z.input<typeof storeAddressSchema>;
export type StoreAddress = z.output<typeof storeAddressSchema>;

const intIn = <T extends number>(allowed: readonly T[], message: string) =>
  z.unknown().transform((raw, ctx) => {
    const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    if (typeof n !== 'number' || !(allowed as readonly number[]).includes(n)) {
      ctx.addIssue({ code: 'custom', message });
      return allowed[0];
    }
    return n as T;
  });

const quantityField = z.unknown().transform((raw, ctx) => {
  const s = trimmed(raw);
  if (!s) {
    ctx.addIssue({ code: 'custom', message: QUANTITY_REQUIRED });
    return 0;
  }
  const n = Number(s);
  if (!Number.isInteger(n) || n < 1) {
    ctx.addIssue({ code: 'custom', message: QUANTITY_MIN });
    return 0;
  }
  if (n > 100_000) ctx.addIssue({ code: 'custom', message: 'Quantity must be at most 100000' });
  return n;
});

/** One line of the form: a catalogue item, how many, free or not, and its own pricing value. */
export const manualOrderItemSchema = z.object({
  catalogueId: required(PRODUCT_REQUIRED, 64),
  quantity: quantityField,
  isFree: z.boolean().optional().default(false),
  /** Percent for margin and discount, rupees for flat price; empty uses the common value or the catalogue price. */
  pricingValue: z.unknown().optional(),
});

const dateField = z.unknown().transform((raw, ctx) => {
  const s = trimmed(raw);
  if (!s) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s.slice(0, 10)) || Number.isNaN(Date.parse(s.slice(0, 10)))) {
    ctx.addIssue({ code: 'custom', message: DUE_DATE_INVALID });
    return undefined;
  }
  return s.slice(0, 10);
}).optional();

const percentOrEmpty = optionalDecimal({ invalid: PERCENT_RANGE, max: { value: 100, message: PERCENT_RANGE } });

const orderFields = {
  companyId: z.string().max(64).optional(),
  /** The order id the user gives (shop order id). */
  id: z.unknown().transform((raw, ctx) => {
    const s = trimmed(raw);
    if (!s) ctx.addIssue({ code: 'custom', message: ORDER_ID_REQUIRED });
    else if (s.length > ORDER_ID_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: ORDER_ID_MAX });
    return s;
  }),
  orderType: intIn([0, 1, 2] as const, 'Please select Order Type!').default(0),
  /** Spec payload flags; derived from orderType when sent by us. */
  b2bOrder: z.boolean().optional(),
  isD2ROrder: z.boolean().optional(),
  whId: optional(64),
  selectedStoreAddressId: optional(64),
  storeAddress: z.unknown().optional(),
  beatId: optional(64),
  purchaseOrderNumber: optional(ORDER_ID_MAX_LENGTH, PO_NUMBER_MAX),
  termsOfPayment: optional(200),
  dueDate: dateField,
  d2rSalesmanId: optional(64),
  pricingType: intIn([0, 1, 2, 3] as const, 'Please select Pricing Type!').default(0),
  commonPricingValue: percentOrEmpty,
  shippingPrice: optionalDecimal({
    invalid: 'Shipping Price must be a number', negative: SHIPPING_MIN, twoDecimals: 'Shipping Price can have at most 2 decimal places',
  }),
  specialDiscount: optionalDecimal({
    invalid: 'Special Discount must be a number', negative: DISCOUNT_MIN, twoDecimals: 'Special Discount can have at most 2 decimal places',
  }),
  paymentMethod: z.enum(PAYMENT_MODES, { error: PAYMENT_METHOD_REQUIRED }),
  shippingAddress: addressSchema,
  sameAsShipping: z.boolean().optional().default(false),
  billingAddress: z.unknown().optional(),
  items: z.array(manualOrderItemSchema, { error: PRODUCTS_REQUIRED }).min(1, PRODUCTS_REQUIRED).max(500),
  ewayBill: optional(50),
  backdate: z.unknown().transform((raw, ctx) => {
    const s = trimmed(raw);
    if (!s) return undefined;
    const day = s.slice(0, 10);
    const today = indiaToday();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day)) || day > today || day < addIndiaDays(today, -BACKDATE_MAX_DAYS)) {
      ctx.addIssue({ code: 'custom', message: BACKDATE_RANGE });
      return undefined;
    }
    return day;
  }).optional(),
  awb: awbField,
  awbPartner: optional(64),
  shippingLabelUrl: optional(500),
  invoiceUrl: optional(500),
  isDistributor: z.boolean().optional(),
  shopType: z.enum(MANUAL_SHOP_TYPES).optional(),
  eventType: z.literal('create').optional(),
  /** Clone or 'Clone & Edit' of an existing order (its internal id). */
  cloneFrom: optional(64),
  mode: z.enum(['clone', 'edit']).optional(),
};

function addIssues(ctx: z.RefinementCtx, error: z.ZodError, prefix: (string | number)[]) {
  for (const i of error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: [...prefix, ...i.path] });
}

/**
 * The manual order: form state and POST /api/orders/manual body. Cross-field
 * rules: D2R needs a warehouse and a store address, discount and flat price
 * need a per-item value, billing is checked unless it is the shipping address.
 */
export const manualOrderSchema = z
  .object(orderFields)
  .superRefine((v, ctx) => {
    if (v.orderType === ORDER_TYPE.d2r) {
      if (!v.whId) ctx.addIssue({ code: 'custom', path: ['whId'], message: WAREHOUSE_REQUIRED });
      if (!v.selectedStoreAddressId) {
        if (v.storeAddress == null) ctx.addIssue({ code: 'custom', path: ['selectedStoreAddressId'], message: STORE_ADDRESS_INCOMPLETE });
        else {
          const r = storeAddressSchema.safeParse(v.storeAddress);
          if (!r.success) addIssues(ctx, r.error, ['storeAddress']);
        }
      }
    }
    if (!v.sameAsShipping) {
      const r = addressSchema.safeParse(v.billingAddress ?? {});
      if (!r.success) addIssues(ctx, r.error, ['billingAddress']);
    }
    if (v.orderType === ORDER_TYPE.b2b) {
      // The tax invoice of a B2B sale names the buyer's business and carries its GSTIN (of the billing address's state).
      const prefix = v.sameAsShipping ? 'shippingAddress' : 'billingAddress';
      const bill = (v.sameAsShipping ? v.shippingAddress : v.billingAddress) as Record<string, unknown> | undefined;
      if (!trimmed(bill?.companyName)) ctx.addIssue({ code: 'custom', path: [prefix, 'companyName'], message: B2B_BUSINESS_NAME_REQUIRED });
      const g = normaliseGstin(bill?.gstin);
      if (!g) ctx.addIssue({ code: 'custom', path: [prefix, 'gstin'], message: B2B_GSTIN_REQUIRED });
      else {
        const problem = gstinProblem(g, trimmed(bill?.state) || null);
        if (problem) ctx.addIssue({ code: 'custom', path: [prefix, 'gstin'], message: problem });
      }
    }
    if (v.awb && !v.awbPartner) ctx.addIssue({ code: 'custom', path: ['awbPartner'], message: AWB_PARTNER_REQUIRED });
    // A discount line without its own value takes the common pricing value (part 2 §3, §5); a flat price has none.
    const commonGiven = v.commonPricingValue !== undefined && v.commonPricingValue !== null;
    const needsValue = (v.pricingType === PRICING_TYPE.discount && !commonGiven) || v.pricingType === PRICING_TYPE.flatPrice;
    (Array.isArray(v.items) ? v.items : []).forEach((item, i) => {
      if (!item || typeof item !== 'object') return;
      const raw = item.pricingValue;
      const empty = raw === undefined || raw === null || trimmed(raw) === '';
      const path = ['items', i, 'pricingValue'];
      if (empty) {
        if (needsValue && !item.isFree) ctx.addIssue({ code: 'custom', path, message: FIELD_REQUIRED });
        return;
      }
      if (v.pricingType === PRICING_TYPE.flatPrice) {
        if (rupeesToPaise(raw) === null) ctx.addIssue({ code: 'custom', path, message: PRICE_INVALID });
      } else if (v.pricingType !== PRICING_TYPE.none) {
        const n = parseDecimal(raw);
        if (n === null || n > 100) ctx.addIssue({ code: 'custom', path, message: PERCENT_RANGE });
      }
    });
    if (v.mode === 'edit' && !v.cloneFrom) ctx.addIssue({ code: 'custom', path: ['cloneFrom'], message: 'The order to edit is missing' });
  }, {
    // Cross-field rules are reported together with the field ones, so the form shows every message at once.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
  .transform((v) => {
    const billingAddress: Address = v.sameAsShipping ? v.shippingAddress : addressSchema.parse(v.billingAddress);
    const storeAddress = !v.selectedStoreAddressId && v.storeAddress != null && v.orderType === ORDER_TYPE.d2r
      ? storeAddressSchema.parse(v.storeAddress)
      : undefined;
    return {
      ...v,
      billingAddress,
      storeAddress,
      b2bOrder: v.orderType === ORDER_TYPE.b2b,
      isD2ROrder: v.orderType === ORDER_TYPE.d2r,
      items: v.items.map((it) => ({ ...it, pricingValue: pricingValueOf(it.pricingValue, v.pricingType, it.isFree) })),
    };
  });

export type ManualOrderInput = z.input<typeof manualOrderSchema>;
export type ManualOrder = z.output<typeof manualOrderSchema>;

/** The per-item value in computeOrderTotals' units (percent, or paise for flat price); null when empty. */
function pricingValueOf(raw: unknown, pricingType: number, isFree: boolean): number | null {
  if (isFree || raw === undefined || raw === null || trimmed(raw) === '') return null;
  if (pricingType === PRICING_TYPE.none) return null;
  return pricingType === PRICING_TYPE.flatPrice ? rupeesToPaise(raw) : parseDecimal(raw);
}

/** Default order type: an existing order keeps its own; D2R accounts default to D2R; others to None. */
export function defaultOrderType(opts: { isD2RAccount: boolean; existing?: number | null; retailerOrder?: boolean }): OrderType {
  if (opts.existing === 0 || opts.existing === 1 || opts.existing === 2) return opts.existing;
  if (opts.retailerOrder || opts.isD2RAccount) return ORDER_TYPE.d2r;
  return ORDER_TYPE.none;
}

/** Total units of the lines that have a valid quantity. */
export function totalUnits(items: readonly { quantity?: unknown }[]): number {
  return items.reduce((n, it) => {
    const q = Number(it.quantity);
    return n + (Number.isInteger(q) && q > 0 ? q : 0);
  }, 0);
}

/** More than 10 units on an order that is neither B2B nor D2R: ask to convert to B2B. */
export function shouldOfferB2B(orderType: number, items: readonly { quantity?: unknown }[]): boolean {
  return Number(orderType) === ORDER_TYPE.none && totalUnits(items) > B2B_UNITS_THRESHOLD;
}

/** What the totals need of a catalogue item. */
export type PricedCatalogueItem = { pricePaise: number; gst: GstRates };

/** A store's D2R discounts (bulk 'D2R Discount'): catalogue item id → percent off its catalogue price. */
export type StoreDiscounts = ReadonlyMap<string, number>;

/** The store whose D2R discounts price the order: a D2R order for an existing store, else none. */
export function d2rPricingStore(v: { orderType: unknown; selectedStoreAddressId?: string | null }): string | null {
  return Number(v.orderType) === ORDER_TYPE.d2r && v.selectedStoreAddressId ? v.selectedStoreAddressId : null;
}

/**
 * The catalogue as a D2R order for one store sees it: each item's price less
 * the store's discount for that item (the store's D2R price), before the
 * order's own pricing type. The form and the server both price through this.
 */
export function withStoreDiscounts(
  catalogue: (id: string) => PricedCatalogueItem | undefined,
  discounts: StoreDiscounts | null | undefined,
): (id: string) => PricedCatalogueItem | undefined {
  if (!discounts || discounts.size === 0) return catalogue;
  return (id) => {
    const c = catalogue(id);
    const pct = discounts.get(id);
    if (!c || pct === undefined || !(pct > 0 && pct <= 100)) return c;
    return { ...c, pricePaise: reduceByPercent(c.pricePaise, pct) };
  };
}

export type TotalsInput = {
  items: readonly { catalogueId: string; quantity: number; isFree?: boolean; pricingValue?: number | null }[];
  pricingType: number;
  commonPricingValue?: number | null;
  shippingPaise?: number | null;
  specialDiscountPaise?: number | null;
  sellerState: string;
  buyerState: string;
};

/**
 * Order totals from catalogue prices and GST rates, through computeOrderTotals
 * (the same call on the form and on the server). Lines whose catalogue item is
 * unknown are left out. Throws RangeError on malformed numbers.
 */
export function manualOrderTotals(input: TotalsInput, catalogue: (id: string) => PricedCatalogueItem | undefined): OrderTotalsResult {
  const priced = input.items.flatMap((it) => {
    const c = catalogue(it.catalogueId);
    if (!c) return [];
    return [{ cataloguePricePaise: c.pricePaise, quantity: it.quantity, isFree: !!it.isFree, pricingValue: it.pricingValue ?? null, gst: c.gst }];
  });
  return computeOrderTotals({
    items: priced,
    pricingType: input.pricingType as PricingType,
    commonPricingValue: input.pricingType === PRICING_TYPE.flatPrice ? null : (input.commonPricingValue ?? null),
    sellerState: input.sellerState,
    buyerState: input.buyerState,
    shippingPaise: input.shippingPaise ?? 0,
    specialDiscountPaise: input.specialDiscountPaise ?? 0,
  });
}

/** Totals of a validated order. */
export function totalsOfOrder(order: ManualOrder, catalogue: (id: string) => PricedCatalogueItem | undefined, sellerState: string) {
  return manualOrderTotals(
    {
      items: order.items,
      pricingType: order.pricingType,
      commonPricingValue: order.commonPricingValue ?? null,
      shippingPaise: rupeesToPaise(order.shippingPrice ?? 0) ?? 0,
      specialDiscountPaise: rupeesToPaise(order.specialDiscount ?? 0) ?? 0,
      sellerState,
      buyerState: order.shippingAddress.state,
    },
    catalogue,
  );
}

export type PreviewTotals = OrderTotalsResult & {
  /** One entry per form line: its priced line, or null when it cannot be priced yet. */
  rows: (OrderTotalsResult['lines'][number] | null)[];
};

/**
 * Live totals while the form is being typed: what can be read is priced, the
 * rest is ignored; null when nothing sensible can be computed yet (for
 * example a percentage above 100), rather than a wrong figure.
 */
export function previewTotals(
  values: {
    items: readonly { catalogueId?: string; quantity?: unknown; isFree?: boolean; pricingValue?: unknown }[];
    pricingType: unknown;
    commonPricingValue?: unknown;
    shippingPrice?: unknown;
    specialDiscount?: unknown;
    shippingAddress: { state?: string };
  },
  catalogue: (id: string) => PricedCatalogueItem | undefined,
  sellerState: string,
): PreviewTotals | null {
  const pricingType = Number(values.pricingType);
  if (![0, 1, 2, 3].includes(pricingType)) return null;
  const rowIndexes: number[] = [];
  const items = values.items.flatMap((it, i) => {
    const q = Number(it.quantity);
    if (!it.catalogueId || !catalogue(it.catalogueId) || !Number.isInteger(q) || q < 1) return [];
    rowIndexes.push(i);
    return [{ catalogueId: it.catalogueId, quantity: q, isFree: !!it.isFree, pricingValue: pricingValueOf(it.pricingValue, pricingType, !!it.isFree) }];
  });
  const common = parseDecimal(values.commonPricingValue);
  try {
    const result = manualOrderTotals(
      {
        items,
        pricingType,
        commonPricingValue: common,
        shippingPaise: rupeesToPaise(values.shippingPrice ?? 0) ?? 0,
        specialDiscountPaise: rupeesToPaise(values.specialDiscount ?? 0) ?? 0,
        sellerState,
        buyerState: values.shippingAddress.state ?? '',
      },
      catalogue,
    );
    const rows: PreviewTotals['rows'] = values.items.map(() => null);
    rowIndexes.forEach((row, k) => (rows[row] = result.lines[k]));
    return { ...result, rows };
  } catch {
    return null;
  }
}

export const SALESMAN_CREATED = 'Salesman created';
export const SALESMAN_PHONE_TAKEN = 'A salesman with this phone number already exists';

/** POST /salesman body (part 2 §3 'Salesman'). */
export const salesmanSchema = z.object({
  companyId: z.string().max(64).optional(),
  firstName: required(pleaseInput('First Name'), 100),
  lastName: required(pleaseInput('Last Name'), 100),
  email: z.unknown().transform((raw, ctx) => {
    const s = trimmed(raw);
    if (!s) ctx.addIssue({ code: 'custom', message: pleaseInput('Email') });
    else if (!z.email().safeParse(s).success) ctx.addIssue({ code: 'custom', message: EMAIL_NOT_VALID });
    return s;
  }),
  phone: phoneField(pleaseInput('Phone Number')),
});
export type SalesmanInput = z.output<typeof salesmanSchema>;

// ---- Responses (typed once, used by handler and client) ---------------

/** A warehouse a company ships from. */
export const CompanyWarehouse = z.object({
  id: z.string(),
  warehouseId: z.string(),
  name: z.string(),
  profile: z.object({ name: z.string() }),
  active: z.boolean(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});
export type CompanyWarehouse = z.infer<typeof CompanyWarehouse>;

/** GET /api/company/warehouses */
export const CompanyWarehousesResponse = okBody({
  companyId: z.string(),
  companyState: z.string(),
  isD2R: z.boolean(),
  warehouses: z.array(CompanyWarehouse),
});
export type CompanyWarehousesResponse = z.infer<typeof CompanyWarehousesResponse>;

/** GET /api/pincode/:pincode */
export const PincodeResponse = okBody({ warehousePinDetails: z.array(z.object({ state: z.string(), district: z.string() })) });
export type PincodeResponse = z.infer<typeof PincodeResponse>;

export const SalesmanDto = z.object({
  id: z.string(),
  companyId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  createdAt: z.string(),
});
export type SalesmanDto = z.infer<typeof SalesmanDto>;

/** GET /api/salesman */
export const SalesmenResponse = okBody({ salesmen: z.array(SalesmanDto) });
export type SalesmenResponse = z.infer<typeof SalesmenResponse>;

/** POST /api/salesman (201) */
export const SalesmanCreatedResponse = okBody({ message: z.string(), data: SalesmanDto });
export type SalesmanCreatedResponse = z.infer<typeof SalesmanCreatedResponse>;

/**
 * POST /api/orders/manual (201). `data` also carries the computed totals and
 * lines (their shape is computeOrderTotals'); the form reads the id fields.
 */
export const ManualOrderCreatedResponse = okBody({
  message: z.string(),
  data: z.looseObject({ id: z.string(), shopOrderId: z.string(), cancelledOriginal: z.boolean() }),
});
export type ManualOrderCreatedResponse = z.infer<typeof ManualOrderCreatedResponse>;

/** firstName, lastName, phone, email, address1, address2, zip, city, state, gstin, companyName ('' when unset). */
const PrefillAddress = z.record(z.string(), z.string());

/** An existing order as the manual order form's pre-fill (clone, Clone & Edit). */
export const OrderPrefill = z.object({
  orderId: z.string(),
  status: z.string(),
  companyId: z.string(),
  shopOrderId: z.string(),
  orderType: z.number(),
  whId: z.string(),
  selectedStoreAddressId: z.string(),
  d2rSalesmanId: z.string(),
  purchaseOrderNumber: z.string(),
  termsOfPayment: z.string(),
  dueDate: z.string(),
  beatId: z.string(),
  awb: z.string(),
  awbPartner: z.string(),
  paymentMethod: z.string(),
  pricingType: z.number(),
  commonPricingValue: z.string(),
  shippingPrice: z.string(),
  specialDiscount: z.string(),
  ewayBill: z.string(),
  shippingAddress: PrefillAddress,
  billingAddress: PrefillAddress,
  sameAsShipping: z.boolean(),
  items: z.array(z.object({ catalogueId: z.string(), quantity: z.number(), isFree: z.boolean(), pricingValue: z.string() })),
});
export type OrderPrefill = z.infer<typeof OrderPrefill>;

/** GET /api/orders/manual/:id/prefill */
export const OrderPrefillResponse = okBody({ data: OrderPrefill });
export type OrderPrefillResponse = z.infer<typeof OrderPrefillResponse>;

/** GET /api/orders/manual/order-id: a free order id to start the form with (no `id`), or whether `id` is free. */
export const orderIdCheckSchema = z.object({
  companyId: z.string().max(64).optional(),
  id: z.string().trim().max(ORDER_ID_MAX_LENGTH, ORDER_ID_MAX).optional(),
});
export type OrderIdCheckResponse = { status: true; data: { id: string; available: boolean; message: string | null } };
export const OrderIdCheckResponse: z.ZodType<OrderIdCheckResponse> = okBody({
  data: z.object({ id: z.string(), available: z.boolean(), message: z.string().nullable() }),
});

/** The order id the form offers: 'M' and the India date (YYMMDD), then a 3-digit number for the day, e.g. M261127-004. */
export function suggestedOrderId(indiaDay: string, n: number): string {
  return `M${indiaDay.slice(2, 4)}${indiaDay.slice(5, 7)}${indiaDay.slice(8, 10)}-${String(n).padStart(3, '0')}`;
}
