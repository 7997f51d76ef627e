// The bulk upload types (spec part 2 §2 bulk preview screens, §7 'Bulk
// submits', §9 'Bulk column orders'): columns in the spec's order with the
// rule, note and example of each, who may upload, and where the rows go.
import type { Role } from '../roles';
import {
  all, amount, awb, date, email, maxChars, minChars, numberMin, oneOf, oneOfExact, optional, percent, phone, pincode, productId, required, sku, yesNo,
  type BulkRow, type Rule,
} from './rules';
import { z } from 'zod';
import { okBody } from '../api';
import { GTIN_INVALID, isValidGtin } from '../gs1';

export const BULK_TYPES = [
  'catalogues', 'inventory', 'wsin-upload', 'wsin-map', 'orders', 'cod-remittance', 'shipping-charge-adjustment', 'd2r-discount', 'd2r-beats',
  'external-retailers', 'lightning-orders',
] as const;
export type BulkType = (typeof BULK_TYPES)[number];
export const isBulkType = (s: string): s is BulkType => (BULK_TYPES as readonly string[]).includes(s);

export type BulkColumn = {
  key: string;
  /** A missing required column blocks the upload ('Missing column ...'). */
  required: boolean;
  rule: Rule;
  /** The rule in words (cell note of the template). */
  note: string;
  example: string;
};

export type BulkTypeDef = {
  type: BulkType;
  title: string;
  description: string;
  columns: BulkColumn[];
  roles: readonly Role[];
  /** Submit waits up to 600000 ms (catalogues, orders, inventory): runs as a durable job with progress. */
  long: boolean;
  /** Needs a store chosen before upload (D2R discount: the store whose D2R price changes). */
  needsStore?: boolean;
};

export const PAYMENT_METHODS = ['cod', 'prepaid', 'credit'] as const;
export const LIGHTNING_PAYMENT_METHODS = ['cod', 'prepaid'] as const;
export const REMITTANCE_STATUSES = ['due', 'paid'] as const;
export const RETAILER_CLASSES = ['A', 'B', 'C', 'D', 'E'] as const;
export const RETAILER_TYPES = ['Kirana', 'Supermarket', 'Pharmacy', 'Wholesaler', 'Modern Trade', 'HoReCa', 'Other'] as const;
/**
 * Clusters are not a fixed list: they are the clusters of the admin console
 * (db/admin, table clusters). The sheet checks the name is there; the server
 * checks it against the real clusters (bulkRowSchema's `clusters`).
 */
export const CLUSTER_NAME_MAX = 100;
/** The reason on an external retailer's cluster cell naming no cluster of the admin console. */
export function unknownClusterMsg(value: string, clusters: readonly string[]): string {
  if (!clusters.length) return `Unknown cluster: ${value}. No clusters exist yet; an admin adds them under Clusters`;
  const shown = clusters.length > 30 ? `${clusters.slice(0, 30).join(', ')}, …` : clusters.join(', ');
  return `Unknown cluster: ${value}. cluster must be one of ${shown}`;
}
/** The rule of the cluster column against the real cluster names (case ignored). */
export const clusterRule = (clusters: readonly string[]): Rule =>
  required('cluster', (v) => (clusters.some((c) => c.toLowerCase() === v.toLowerCase()) ? null : unknownClusterMsg(v, clusters)));

/** 'W1:2, W2' → {W1: 2, W2: 1}; null when malformed. */
export function parseWsinMap(v: string): Record<string, number> | null {
  const out: Record<string, number> = {};
  const parts = v.split(',').map((p) => p.trim()).filter(Boolean);
  if (!parts.length || parts.length > 20) return null;
  for (const p of parts) {
    const m = /^([A-Za-z0-9_-]{1,40})(?::(\d{1,4}))?$/.exec(p);
    if (!m) return null;
    const n = m[2] === undefined ? 1 : Number(m[2]);
    if (n < 1) return null;
    out[m[1]] = n;
  }
  return out;
}
export const WSIN_MAP_INVALID = 'wsinMap must be WSIN or WSIN:units, separated by commas';
export const WSIN_INVALID = 'WSIN may use only letters, digits, - and _ (at most 40)';
const wsinRule: Rule = (v) => (/^[A-Za-z0-9_-]{1,40}$/.test(v) ? null : WSIN_INVALID);
const idList: Rule = (v) => (v.split(',').every((s) => /^[A-Za-z0-9_-]{1,64}$/.test(s.trim())) && v.split(',').length <= 200 ? null : 'retailerIds must be ids separated by commas');

const col = (key: string, rule: Rule, note: string, example: string, req = true): BulkColumn => ({ key, required: req, rule, note, example });
const text = (key: string, max: number, example: string, req = true) =>
  col(key, req ? required(key, maxChars(key, max)) : optional(maxChars(key, max)), req ? `Required, at most ${max} characters` : `Optional, at most ${max} characters`, example, req);
const min3 = (key: string, example: string, max = 300) => col(key, required(key, minChars(key, 3, max)), 'Required, at least 3 characters', example);
const nonNeg = (key: string, example: string, req = true) =>
  col(key, req ? required(key, numberMin(key, 0)) : optional(numberMin(key, 0)), req ? 'Required, a number not less than 0' : 'Optional, a number not less than 0', example, req);
/** A rupee amount: a number not less than 0 with at most two decimals. */
const money = (key: string, example: string, req = true) =>
  col(key, req ? required(key, amount(key)) : optional(amount(key)), req ? 'Required, a number not less than 0' : 'Optional, a number not less than 0', example, req);
const atLeast1 = (key: string, example: string, whole = false) =>
  col(key, required(key, numberMin(key, 1, whole)), whole ? 'Required, a whole number of at least 1' : 'Required, a number of at least 1', example);
/** Columns several sheets share, with one note each. */
const phoneCol = (key: string, example: string, req = true) =>
  col(key, req ? required(key, phone) : optional(phone), req ? 'Required: 10 digits' : 'Optional: 10 digits', example, req);
const emailCol = (example: string) => col('email', optional(email), 'Optional: a valid e-mail address', example, false);
const pincodeCol = (example: string) => col('pincode', required('pincode', pincode), 'Required: exactly 6 digits', example);
const dateCol = (key: string) => col(key, optional(date), 'Optional: YYYY-MM-DD', '', false);
const yesNoCol = (key: string, example: string, req: boolean) =>
  col(key, req ? required(key, yesNo(key)) : optional(yesNo(key)), req ? 'Required: yes or no' : 'Optional: yes or no', example, req);

type Recipient = { name: string; phone: string; email: string; line1: string; line2: string; city: string; state: string; pincode: string };
/**
 * Whom a shipment goes to (a bulk order's customer, a lightning order's consignee): one rule set, under the
 * sheet's own names for the name and address lines, with the sheet's examples.
 */
const recipientCols = (key: Pick<Recipient, 'name' | 'line1' | 'line2'>, example: Recipient): BulkColumn[] => [
  min3(key.name, example.name, 200),
  phoneCol('phone', example.phone),
  emailCol(example.email),
  min3(key.line1, example.line1),
  text(key.line2, 300, example.line2, false),
  min3('city', example.city, 100),
  min3('state', example.state, 100),
  pincodeCol(example.pincode),
];

const ORDERS: BulkColumn[] = [
  col('id', required('id', maxChars('id', 40)), 'Required: your order id (rows with the same id are items of one order), at most 40 characters', 'ORD-1001'),
  atLeast1('length', '20'),
  atLeast1('breadth', '15'),
  atLeast1('height', '10'),
  atLeast1('weight', '500'),
  col('paymentMethod', required('paymentMethod', oneOf('paymentMethod', PAYMENT_METHODS)), 'Required: cod, prepaid or credit', 'cod'),
  text('itemName', 300, 'Masala Chai 250g'),
  atLeast1('itemQuantity', '2', true),
  col('discount', required('discount', percent), 'Required: discount in percent, 0 to 100', '0'),
  col('sku', required('sku', sku), 'Required: the SKU ID of a catalogue item; no spaces or brackets', 'CP-0001'),
  ...recipientCols(
    { name: 'name', line1: 'line1', line2: 'line2' },
    { name: 'Asha Verma', phone: '9876543210', email: 'asha@example.com', line1: '12 MG Road', line2: 'Near Metro', city: 'Mumbai', state: 'Maharashtra', pincode: '400001' },
  ),
  col('awb', optional(awb), 'Optional: 4 to 15 characters', '', false),
  text('deliveryPartner', 64, '', false),
  text('shippingLabelUrl', 500, '', false),
  text('invoiceUrl', 500, '', false),
  money('shippingPrice', '50', false),
  col('itemPrice', optional(numberMin('itemPrice', 0)), 'Not used: the price comes from the catalogue', '', false),
  text('ewayBill', 50, '', false),
  text('warehouseId', 64, '', false),
  dateCol('backdate'),
  text('purchaseOrderNumber', 40, '', false),
  yesNoCol('isb2bOrder', 'no', false),
  yesNoCol('isD2ROrder', 'no', false),
  text('beatId', 64, '', false),
  dateCol('dueDate'),
];

const CATALOGUES: BulkColumn[] = [
  text('itemName', 300, 'Masala Chai 250g'),
  col('productId', required('productId', productId), 'Required: at most 36 characters', 'CPP2001'),
  col('sku', required('sku', sku), 'Required: no spaces or brackets; an existing SKU is updated', 'CP-2001'),
  text('hsnCode', 20, '0902'),
  text('category', 100, 'Tea'),
  col('status', required('status', oneOfExact('status', ['Active', 'InActive', '1', '0'])), 'Required: Active or InActive', 'Active'),
  money('price', '249'),
  nonNeg('length', '10'),
  nonNeg('breadth', '8'),
  nonNeg('height', '5'),
  nonNeg('weight', '250'),
  nonNeg('sgst', '2.5'),
  nonNeg('cgst', '2.5'),
  nonNeg('igst', '5'),
  nonNeg('utgst', '', false),
  money('basePrice', '', false),
  nonNeg('margin', '', false),
  nonNeg('distributorMargin', '', false),
  // After the spec's A..R: the maker's GTIN, checked by its check digit (domain/gs1.ts), as in the catalogue form.
  col('barCode', optional((v) => (isValidGtin(v) ? null : GTIN_INVALID)), 'Optional: the GTIN (UPC-A, EAN-13 or GTIN-14) with its check digit', '8901234567890', false),
];

const LIGHTNING: BulkColumn[] = [
  text('referenceId', 64, 'LN-1001'),
  atLeast1('quantity', '1', true),
  atLeast1('weight', '500'),
  money('totalPrice', '499'),
  col('paymentMethod', required('paymentMethod', oneOf('paymentMethod', LIGHTNING_PAYMENT_METHODS)), 'Required: cod or prepaid', 'cod'),
  ...recipientCols(
    { name: 'shippingPersonName', line1: 'addressLine1', line2: 'addressLine2' },
    { name: 'Ravi Kumar', phone: '9876543210', email: '', line1: '4 Residency Road', line2: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560025' },
  ),
  col('awb', required('awb', awb), 'Required: 4 to 15 characters', 'LN0000001'),
];

const EXTERNAL_RETAILERS: BulkColumn[] = [
  text('externalId', 64, 'EXT-001'),
  text('storeName', 200, 'Sai Kirana Stores'),
  text('firstName', 100, 'Sai'),
  text('lastName', 100, 'Prasad', false),
  phoneCol('phone', '9876543210'),
  phoneCol('alternatePhone', '', false),
  emailCol(''),
  text('addressLine1', 300, '14 Station Road'),
  text('addressLine2', 300, 'Opp. Bus Stand'),
  text('landmark', 200, '', false),
  text('city', 100, 'Pune'),
  text('state', 100, 'Maharashtra'),
  pincodeCol('411001'),
  text('gstin', 15, '', false),
  text('pan', 10, '', false),
  col('class', required('class', oneOfExact('class', RETAILER_CLASSES)), 'Required: A, B, C, D or E', 'A'),
  col('type', required('type', oneOfExact('type', RETAILER_TYPES)), `Required: one of ${RETAILER_TYPES.join(', ')}`, 'Kirana'),
  col('cluster', required('cluster', maxChars('cluster', CLUSTER_NAME_MAX)), 'Required: the name of a cluster of the admin console (Clusters)', 'Mumbai Metro'),
  text('salesmanId', 64, '', false),
  text('beatName', 100, '', false),
  money('creditLimit', '', false),
  col('creditDays', optional(numberMin('creditDays', 0, true)), 'Optional: whole days, not less than 0', '', false),
  col('latitude', optional(all((v) => (Math.abs(Number(v)) <= 90 ? null : 'latitude must be between -90 and 90'))), 'Optional: -90 to 90', '', false),
  col('longitude', optional(all((v) => (Math.abs(Number(v)) <= 180 ? null : 'longitude must be between -180 and 180'))), 'Optional: -180 to 180', '', false),
];

export const BULK_DEFS: Record<BulkType, BulkTypeDef> = {
  catalogues: { type: 'catalogues', title: 'Catalogues', description: 'Create or update catalogue items', columns: CATALOGUES, roles: ['seller', 'warehouse'], long: true },
  inventory: {
    type: 'inventory', title: 'Inventory', description: 'Inbound stock at your warehouse, with an inventory trail entry per row', roles: ['warehouse'], long: true,
    columns: [
      col('wsin', required('wsin', wsinRule), 'Required: a WSIN of the company', 'WCP000001'),
      col('inboundAccepted', required('inboundAccepted', numberMin('inboundAccepted', 0, true)), 'Required: whole units accepted, not less than 0', '10'),
      col('inboundRejected', required('inboundRejected', numberMin('inboundRejected', 0, true)), 'Required: whole units rejected, not less than 0', '0'),
      text('remarks', 300, 'GRN 4411', false),
    ],
  },
  'wsin-upload': {
    type: 'wsin-upload', title: 'WSIN Upload', description: 'Generate WSINs for products (leave wsin empty to generate one)', roles: ['seller', 'warehouse'], long: false,
    columns: [text('productName', 300, 'Masala Chai 250g'), col('wsin', optional(wsinRule), 'Optional: left empty, a WSIN is generated', '', false)],
  },
  'wsin-map': {
    type: 'wsin-map', title: 'WSIN Map', description: 'Map catalogue items to WSINs', roles: ['seller', 'warehouse'], long: false,
    columns: [
      text('catalogueId', 64, ''),
      text('productTitle', 300, '', false),
      text('productType', 100, '', false),
      col('wsinMap', required('wsinMap', (v) => (parseWsinMap(v) ? null : WSIN_MAP_INVALID)), 'Required: WSIN or WSIN:units, separated by commas', 'WCP000001:1'),
    ],
  },
  orders: { type: 'orders', title: 'Orders', description: 'Create orders (one row per item)', columns: ORDERS, roles: ['seller', 'warehouse'], long: true },
  'cod-remittance': {
    type: 'cod-remittance', title: 'COD Remittance', description: 'Mark delivered COD orders as remittance DUE or PAID', roles: ['admin'], long: false,
    columns: [
      col('awb', required('awb', awb), 'Required: the AWB of a delivered COD order', 'SD1234567'),
      money('codAmount', '499'),
      col('remittanceStatus', required('remittanceStatus', oneOf('remittanceStatus', REMITTANCE_STATUSES)), 'Required: due or paid', 'paid'),
    ],
  },
  'shipping-charge-adjustment': {
    type: 'shipping-charge-adjustment', title: 'Shipping Charge Adjustment', description: 'Adjust the shipping charge of orders', roles: ['admin'], long: false,
    columns: [
      col('awb', required('awb', awb), 'Required: the AWB of the order (or of its return when isDto is yes)', 'SD1234567'),
      money('shippingPrice', '65'),
      yesNoCol('isDto', 'no', true),
    ],
  },
  'd2r-discount': {
    type: 'd2r-discount', title: 'D2R Discount', description: "Set a store's D2R discount per catalogue item", roles: ['seller', 'warehouse'], long: false, needsStore: true,
    columns: [text('catalogueId', 64, ''), col('discount', required('discount', percent), 'Required: 0 to 100 percent', '5')],
  },
  'd2r-beats': {
    type: 'd2r-beats', title: 'D2R Beats', description: 'Create or update beats: a named route of retailer stores', roles: ['seller', 'warehouse'], long: false,
    columns: [
      text('Name', 100, 'Andheri West Monday'),
      text('Description', 300, '', false),
      text('salesmanId', 64, '', false),
      col('retailerIds', optional(idList), 'Optional: store address ids separated by commas', '', false),
    ],
  },
  'external-retailers': {
    type: 'external-retailers', title: 'External Retailers', description: 'Add retailer stores from another system', columns: EXTERNAL_RETAILERS, roles: ['seller', 'warehouse'], long: false,
  },
  'lightning-orders': { type: 'lightning-orders', title: 'Lightning Orders', description: 'Create same-day delivery orders', columns: LIGHTNING, roles: ['seller', 'warehouse'], long: false },
};

export const MAX_BULK_ROWS = 100;
/** Wait before showing the submit result (part 2 §4, §9). */
export const RESULT_DELAY_MS = 2000;
export const LONG_SUBMIT_TIMEOUT_MS = 600_000;

/** The submit call of each type (part 2 §7); D2R discount and beats carry the company (and store) in the path. */
export function submitPath(type: BulkType, p: { companyId?: string | null; storeId?: string | null } = {}): string {
  switch (type) {
    case 'catalogues': return '/api/catalogue/bulk';
    case 'orders': return '/api/order/bulk';
    case 'inventory': return '/api/inventory/bulk';
    case 'wsin-upload': return '/api/wsin/bulk/generate';
    case 'wsin-map': return '/api/catalogue/bulk/map-wsin';
    case 'lightning-orders': return '/api/lightning/orders/bulk';
    case 'cod-remittance': return '/api/cod-remittance/status/bulk';
    case 'shipping-charge-adjustment': return '/api/charges/adjust-shipping-charges';
    case 'external-retailers': return '/api/bulk/external-retailers';
    case 'd2r-discount': return `/api/catalogue/pricing/${encodeURIComponent(p.companyId ?? '')}/${encodeURIComponent(p.storeId ?? '')}`;
    case 'd2r-beats': return `/api/d2r/bulk-upload-beats/${encodeURIComponent(p.companyId ?? '')}`;
  }
}
export const templatePath = (type: BulkType) => `/api/bulk/templates/${type}`;

export const bulkTypesFor = (role: string) => BULK_TYPES.filter((t) => (BULK_DEFS[t].roles as readonly string[]).includes(role));

export type { BulkRow };

/** What the uploads fed, as the API answers it. */
export type ShippingAdjustmentDto = { awb: string; isDto: boolean; previousPaise: number | null; shippingPaise: number; by: string | null; at: string };
export type ShippingAdjustmentsResponse = { status: true; adjustments: ShippingAdjustmentDto[] };
/**
 * How much an adjustment changed the charge: new − previous (a return's first
 * charge counts from nothing). An order's adjustments add up to its total
 * adjustment (the orders CSV's 'Shipping Charge Adjustment (INR)').
 */
export const adjustmentChangePaise = (a: { shippingPaise: number; previousPaise: number | null }) => a.shippingPaise - (a.previousPaise ?? 0);
export type BeatDto = { id: string; companyId: string; name: string; description: string | null; salesmanId: string | null; storeIds: string[] };
export type BeatsResponse = { status: true; beats: BeatDto[] };
export type StorePricesResponse = { status: true; prices: { catalogueId: string; discount: number; updatedAt: string; by: string | null }[] };

// Response schemas (same names as the types above; listed in /api/openapi.json).
/** GET /api/orders/:id/shipping-adjustments */
export const ShippingAdjustmentsResponse: z.ZodType<ShippingAdjustmentsResponse> = okBody({
  adjustments: z.array(z.object({ awb: z.string(), isDto: z.boolean(), previousPaise: z.number().nullable(), shippingPaise: z.number(), by: z.string().nullable(), at: z.string() })),
});
/** GET /api/d2r/beats */
export const BeatsResponse: z.ZodType<BeatsResponse> = okBody({
  beats: z.array(z.object({ id: z.string(), companyId: z.string(), name: z.string(), description: z.string().nullable(), salesmanId: z.string().nullable(), storeIds: z.array(z.string()) })),
});
/** GET /api/catalogue/pricing/:companyId/:shopId */
export const StorePricesResponse: z.ZodType<StorePricesResponse> = okBody({
  prices: z.array(z.object({ catalogueId: z.string(), discount: z.number(), updatedAt: z.string(), by: z.string().nullable() })),
});
