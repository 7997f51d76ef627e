// Catalogue items: the add/edit form's rules (spec part 2 §5 'Catalogue form'),
// the payload it sends (part 1 §7, part 2 §7) and the messages it shows.
// One schema serves the form (strings typed by a person) and the API (numbers
// or strings), so both refuse the same input with the same words.
import { z } from 'zod';
import { okBody, pageFields } from './api';
import { IMAGE_EXTENSIONS, ONLY_IMAGES } from './uploads';
import { GTIN_INVALID, isValidGtin } from './gs1';

export const CATALOG_ADDED = 'Catalog added successfully!';
export const CATALOG_UPDATED = 'Catalog Updated successfully!';
/** Catalogue load or save failure (part 1 §8): title and message. */
export const CATALOGUE_SERVER_ERROR = { title: 'Server Error', message: 'Please try again after some time.' } as const;
export const SKU_NO_SPACE = 'SKU ID must not contain space';
export const SKU_NO_BRACKETS = 'SKU ID must not contain brackets';
export const SKU_EXISTS = 'SKU ID already exists';
export const WEIGHT_NON_ZERO = 'Weight must be a non-zero number';
export const ONE_IMAGE_ONLY = 'Only one image is allowed';
export const PRODUCT_ID_MAX = 'Product ID must be at most 36 characters';
export const CATALOGUE_ADMIN_READ_ONLY = 'Catalogue is read-only for admin';
export const CATALOGUE_NOT_EDITABLE = 'Items of this shop type cannot be edited here';

export const isRequired = (label: string) => `${label} is required!`;
export const mustBeNumber = (label: string) => `${label} must be a number`;
export const atMostTwoDecimals = (label: string) => `${label} can have at most 2 decimal places`;
export const gstInputMsg = (label: string) => `Please input ${label}`;
export const gstRangeMsg = (label: string) => `${label} must be between 0 and 100`;

/** Active status (part 1 §4): 1 Active, 0 InActive. */
export const ACTIVE_STATUS = { Active: 1, InActive: 0 } as const;
export const ACTIVE_LABELS: Record<0 | 1, string> = { 1: 'Active', 0: 'InActive' };
/** The catalogue sync button stays disabled this long after a click (part 2 §9). */
export const CATALOGUE_SYNC_COOLDOWN_MS = 60_000;
export const CATALOGUE_SHOP_TYPES = ['manual', 'shopify', 'woocommerce'] as const;
export type CatalogueShopType = (typeof CATALOGUE_SHOP_TYPES)[number];
export const DEFAULT_CATALOGUE_TAB: CatalogueShopType = 'manual';
export const PRODUCT_ID_MAX_LENGTH = 36;

const DECIMAL_RE = /^\d+(\.\d+)?$|^\.\d+$/;

/** A typed or sent number as trimmed text ('' when empty), or null when it is not text or a number. */
function asText(raw: unknown): string | null {
  if (raw === undefined || raw === null) return '';
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : null;
  if (typeof raw === 'string') return raw.trim();
  return null;
}

/** A non-negative decimal ('12', '12.5', 12.5), or null. */
export function parseDecimal(raw: unknown): number | null {
  const s = asText(raw);
  if (s === null || s === '' || !DECIMAL_RE.test(s)) return null;
  return Number(s);
}

import { rupeesToPaise } from './money';

export { paiseToRupees, rupeesToPaise } from './money';

type DecimalOpts = {
  /** Message when empty; omit for an optional field. */
  required?: string;
  invalid: string;
  /** Money: refuse more than 2 decimals with this message. */
  twoDecimals?: string;
  /** Refuse zero with this message. */
  nonZero?: string;
  /** Refuse above this value with this message. */
  max?: { value: number; message: string };
  /** Message for a negative number (default: `invalid`). */
  negative?: string;
};

function decimalCheck(raw: unknown, o: DecimalOpts, ctx: z.RefinementCtx): number | undefined {
  const s = asText(raw);
  if (s === '') {
    if (o.required) ctx.addIssue({ code: 'custom', message: o.required });
    return undefined;
  }
  const n = parseDecimal(s);
  if (n === null) {
    const negative = s !== null && /^-\s*(\d+(\.\d*)?|\.\d+)$/.test(s);
    ctx.addIssue({ code: 'custom', message: negative && o.negative ? o.negative : o.invalid });
    return undefined;
  }
  if (o.twoDecimals && rupeesToPaise(s) === null) ctx.addIssue({ code: 'custom', message: o.twoDecimals });
  if (o.nonZero && n === 0) ctx.addIssue({ code: 'custom', message: o.nonZero });
  if (o.max && n > o.max.value) ctx.addIssue({ code: 'custom', message: o.max.message });
  return n;
}

/** A required non-negative decimal given as text or number; parses to a number. */
export const requiredDecimal = (o: DecimalOpts & { required: string }) =>
  z.unknown().transform((raw, ctx) => decimalCheck(raw, o, ctx) as number);
/** An optional non-negative decimal; empty parses to undefined. */
export const optionalDecimal = (o: Omit<DecimalOpts, 'required'>) =>
  z.unknown().transform((raw, ctx) => decimalCheck(raw, o, ctx)).optional();

const requiredText = (label: string, max = 500) =>
  z
    .unknown()
    .transform((raw, ctx) => {
      const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
      if (!s) ctx.addIssue({ code: 'custom', message: isRequired(label) });
      else if (s.length > max) ctx.addIssue({ code: 'custom', message: `${label} must be at most ${max} characters` });
      return s;
    });
const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((s) => (s ? s : undefined));

/** SKU ID: required on create, no whitespace, no brackets. */
export const skuIdField = requiredText('SKU ID', 100).superRefine((s, ctx) => {
  if (/\s/.test(s)) ctx.addIssue({ code: 'custom', message: SKU_NO_SPACE });
  if (/[()[\]{}<>]/.test(s)) ctx.addIssue({ code: 'custom', message: SKU_NO_BRACKETS });
});

/** jpg, jpeg, png or webp by the path's extension (query string ignored). */
export function isImageUrl(url: string): boolean {
  const path = url.split(/[?#]/)[0];
  const ext = path.split('.').pop()?.toLowerCase() ?? '';
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext) && (path.startsWith('/api/files/') || /^https?:\/\//i.test(path));
}

const imageUrlsField = z
  .array(z.string().max(500), { error: isRequired('Image') })
  .max(10, ONE_IMAGE_ONLY)
  .superRefine((urls, ctx) => {
    if (urls.length === 0) ctx.addIssue({ code: 'custom', message: isRequired('Image') });
    else if (urls.length > 1) ctx.addIssue({ code: 'custom', message: ONE_IMAGE_ONLY });
    else if (!urls.every(isImageUrl)) ctx.addIssue({ code: 'custom', message: ONLY_IMAGES });
  });

const gstOpts = (label: string) => ({ invalid: gstInputMsg(label), max: { value: 100, message: gstRangeMsg(label) } });
const requiredGst = (label: string) => requiredDecimal({ ...gstOpts(label), required: gstInputMsg(label) });
const optionalGst = (label: string) => optionalDecimal(gstOpts(label));

const activeField = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], { error: isRequired('Status') })
  .transform((v) => (v === 1 || v === '1' || v === true ? 1 : 0) as 0 | 1);

const moneyOpts = (label: string) => ({ invalid: mustBeNumber(label), twoDecimals: atMostTwoDecimals(label) });
const dimension = (label: string) => requiredDecimal({ required: isRequired(label), invalid: mustBeNumber(label) });

const catalogueFields = {
  companyId: z.string().max(64).optional(),
  shopType: z.enum(CATALOGUE_SHOP_TYPES).default('manual'),
  eventType: z.enum(['create', 'update']).optional(),
  productTitle: requiredText('Item Name', 300),
  productId: requiredText('Product ID', 200).refine((s) => s.length <= PRODUCT_ID_MAX_LENGTH, PRODUCT_ID_MAX),
  variantId: optionalText(100),
  variantTitle: optionalText(300),
  category: requiredText('Category', 100),
  /** Derived from the category when not given. */
  productType: optionalText(100),
  d2rCategory: optionalText(100),
  hsnCode: optionalText(20),
  /** The maker's GTIN (UPC-A, EAN-13, GTIN-14; EAN-8), checked by its check digit. */
  barCode: optionalText(50).refine((s) => s === undefined || isValidGtin(s), GTIN_INVALID),
  handle: optionalText(300),
  active: activeField,
  price: requiredDecimal({ ...moneyOpts('Price'), required: isRequired('Price') }),
  priceCurrency: z.literal('INR').optional(),
  basePrice: optionalDecimal(moneyOpts('Base Price')),
  margin: optionalDecimal({ invalid: mustBeNumber('Margin') }),
  distributorMargin: optionalDecimal({ invalid: mustBeNumber('Distributor Margin') }),
  weight: requiredDecimal({ required: isRequired('Weight'), invalid: mustBeNumber('Weight'), nonZero: WEIGHT_NON_ZERO }),
  weightUnit: z.literal('g').optional(),
  dimensions: z.object(
    { length: dimension('Length'), breadth: dimension('Breadth'), height: dimension('Height') },
    { error: isRequired('Length') },
  ),
  inventoryQuantity: z.coerce.number().int().min(0).optional(),
  imageUrls: imageUrlsField,
  gstPercentage: z.object(
    {
      sgst: requiredGst('SGST'),
      cgst: requiredGst('CGST'),
      igst: requiredGst('IGST'),
      utgst: optionalGst('UTGST'),
      cess: optionalGst('CESS'),
    },
    { error: gstInputMsg('SGST') },
  ),
};

export const PRODUCT_TYPE_NOT_CATEGORY = 'Product Type must be the Category';
/** The productType is the category (part 2 §7): one that disagrees is refused, not stored. */
const productTypeAgrees = (v: { productType?: string; category: string }, ctx: z.RefinementCtx) => {
  if (v.productType !== undefined && v.productType !== v.category) ctx.addIssue({ code: 'custom', path: ['productType'], message: PRODUCT_TYPE_NOT_CATEGORY });
};
/** Update form and PUT /catalogue/:id body: the SKU ID cannot change. */
export const catalogueUpdateSchema = z.object(catalogueFields).superRefine(productTypeAgrees);
/** Add form and POST /catalogue body: everything, plus the SKU ID. */
export const catalogueCreateSchema = z.object({ skuId: skuIdField, ...catalogueFields }).superRefine(productTypeAgrees);
export const catalogueFormSchema = (mode: 'create' | 'update') => (mode === 'create' ? catalogueCreateSchema : catalogueUpdateSchema);

export type CatalogueCreateInput = z.input<typeof catalogueCreateSchema>;
export type CatalogueCreate = z.output<typeof catalogueCreateSchema>;
export type CatalogueUpdate = z.output<typeof catalogueUpdateSchema>;

export type CatalogueGst = { cgst: number; sgst: number; igst: number; utgst: number; cess?: number };

/** UTGST falls back to SGST when empty; CESS only when given. */
export function normaliseGst(g: { cgst: number; sgst: number; igst: number; utgst?: number; cess?: number }): CatalogueGst {
  return { cgst: g.cgst, sgst: g.sgst, igst: g.igst, utgst: g.utgst ?? g.sgst, ...(g.cess !== undefined ? { cess: g.cess } : {}) };
}

/**
 * The body the form sends (part 2 §7): weightUnit always g, productType from
 * the category, utgst defaulting to sgst, cess only if given, price in INR.
 */
export function toCataloguePayload<T extends CatalogueUpdate | CatalogueCreate>(v: T, mode: 'create' | 'update') {
  return {
    ...v,
    productType: v.category,
    weightUnit: 'g' as const,
    priceCurrency: 'INR' as const,
    eventType: mode,
    gstPercentage: normaliseGst(v.gstPercentage),
  };
}

/** Edit is offered when editing is allowed (manual catalogue) and never to admin (read-only). */
export function canEditCatalogue(role: string, shopType: string): boolean {
  return role !== 'admin' && shopType === 'manual';
}

/** The item as the list, the slider and the form read it (part 1 §3 'Catalogue item'). */
export type CatalogueItemDto = {
  id: string;
  catalogId: string;
  companyId: string;
  shopType: string;
  productId: string;
  variantId: string | null;
  productTitle: string;
  variantTitle: string | null;
  category: string;
  productType: string | null;
  sku: string;
  skuId: string;
  handle: string | null;
  barCode: string | null;
  hsnCode: string | null;
  price: number;
  pricePaise: number;
  priceCurrency: 'INR';
  basePrice: number | null;
  margin: number | null;
  distributorMargin: number | null;
  weight: number;
  weightUnit: 'g';
  dimensions: { length: number; breadth: number; height: number };
  active: 0 | 1;
  isActive: 0 | 1;
  imageUrls: string[];
  inventoryQuantity: number;
  /**
   * Live stock of the item's mapped WSIN(s) in the company's
   * warehouses, in units of the item (per warehouse and in total); null when
   * the item is not mapped to any WSIN (it cannot be packed until mapped).
   */
  liveStock?: LiveStock | null;
  wsinMapping: Record<string, number>;
  d2rCategory: string | null;
  gstPercentage: CatalogueGst;
  createdAt: string;
  updatedAt: string;
};

export const catalogueListQuerySchema = z.object({
  shopType: z.enum(CATALOGUE_SHOP_TYPES).default('manual'),
  search: z.string().trim().max(100).optional(),
  active: z.enum(['0', '1']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type CatalogueListQuery = z.output<typeof catalogueListQuerySchema>;

// ---- Live stock of a catalogue item ---------------------------------

export const NOT_MAPPED_CANNOT_PACK = 'Not mapped to a WSIN: it cannot be packed until it is mapped';

export type LiveStock = { total: number; warehouses: { id: string; name: string; units: number }[] };

/**
 * Units of an item a warehouse can pack from its WSIN stock: for each mapped
 * WSIN, available units / multiplier (rounded down); a kit of several WSINs is
 * limited by the scarcest. null when the item has no WSIN mapping.
 */
export function itemUnitsFromStock(mapping: Readonly<Record<string, number>>, available: Readonly<Record<string, number>>): number | null {
  const entries = Object.entries(mapping);
  if (!entries.length) return null;
  return Math.min(...entries.map(([wsin, m]) => Math.floor(Math.max(0, available[wsin] ?? 0) / (Number(m) > 0 ? Number(m) : 1))));
}

// ---- Responses (typed once, used by handler and client) ---------------

const LiveStockSchema = z.object({ total: z.number(), warehouses: z.array(z.object({ id: z.string(), name: z.string(), units: z.number() })) });
const zeroOne = z.union([z.literal(0), z.literal(1)]);

/** The catalogue item the API answers with (same name as its type). */
export const CatalogueItemDto: z.ZodType<CatalogueItemDto> = z.object({
  id: z.string(),
  catalogId: z.string(),
  companyId: z.string(),
  shopType: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  productTitle: z.string(),
  variantTitle: z.string().nullable(),
  category: z.string(),
  productType: z.string().nullable(),
  sku: z.string(),
  skuId: z.string(),
  handle: z.string().nullable(),
  barCode: z.string().nullable(),
  hsnCode: z.string().nullable(),
  price: z.number(),
  pricePaise: z.number(),
  priceCurrency: z.literal('INR'),
  basePrice: z.number().nullable(),
  margin: z.number().nullable(),
  distributorMargin: z.number().nullable(),
  weight: z.number(),
  weightUnit: z.literal('g'),
  dimensions: z.object({ length: z.number(), breadth: z.number(), height: z.number() }),
  active: zeroOne,
  isActive: zeroOne,
  imageUrls: z.array(z.string()),
  inventoryQuantity: z.number(),
  liveStock: LiveStockSchema.nullable().optional(),
  wsinMapping: z.record(z.string(), z.number()),
  d2rCategory: z.string().nullable(),
  gstPercentage: z.object({ cgst: z.number(), sgst: z.number(), igst: z.number(), utgst: z.number(), cess: z.number().optional() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** GET /api/catalogue/company/:id */
export const CatalogueListResponse = okBody({
  catalogues: z.array(CatalogueItemDto),
  currentCount: z.number(),
  totalRecords: z.number(),
  ...pageFields,
});
export type CatalogueListResponse = z.infer<typeof CatalogueListResponse>;

/** GET /api/catalogue/:id */
export const CatalogueItemResponse = okBody({ data: CatalogueItemDto });
export type CatalogueItemResponse = z.infer<typeof CatalogueItemResponse>;

/** POST /api/catalogue (201), PUT /api/catalogue/:id */
export const CatalogueSavedResponse = okBody({ message: z.string(), data: CatalogueItemDto });
export type CatalogueSavedResponse = z.infer<typeof CatalogueSavedResponse>;
