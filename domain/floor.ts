// Rules of the warehouse floor (packing, return approval, stock), shared by
// the server's command handlers, the browser's optimistic effects and the
// screens, so a scan is judged the same way online, offline and on the server.
import { z } from 'zod';
import { MessageResponse, okBody, pageFields } from './api';
import { START_BEFORE_END } from './messages';
import { STATUS_LABELS, type OrderStatus } from './statuses';
import { GS, gtin14, parseGs1, type Gs1Data } from './gs1';

// ---------------------------------------------------------------------------
// Messages quoted by the spec (part 2 §5, §8; part 1 §2, §5)
// ---------------------------------------------------------------------------

export const WSIN_ERROR = { title: 'Wsin Error', message: 'Please Scan a Valid Wsin' } as const;
export const QUANTITY_ERROR = { title: 'Quantity Error', message: 'You can not scan a wsin more than required quantity!' } as const;
export const PACKED_AT_STATION = 'Packed at station';
export const RETURN_MODAL_TITLE = 'Approval for RTO';
export const RETURN_DETAILS = 'RTO/DTO Details';
export const INVENTORY_TABS = { inbound: 'Inventory Inbound', adjust: 'Inventory adjustment', scanned: 'Update Scanned Stock' } as const;
export const TRAIL_TABS = { inventory: 'Inventory', scanned: 'Scanned' } as const;
export const EXPORT_TRAIL = 'Export Inventory Trail';

/** Packing list filter (part 2 §4): All (0), Packed (1), Not Packed (2); default All. */
export const PACK_FILTERS = [
  { value: 0, label: 'All' },
  { value: 1, label: 'Packed' },
  { value: 2, label: 'Not Packed' },
] as const;
export type PackFilter = 0 | 1 | 2;

/** Inventory trail: page size 50, default range 30 days back to tomorrow (part 1 §9). */
export const TRAIL_PAGE_SIZE = 50;

// ---------------------------------------------------------------------------
// Rows the floor keeps offline (pulled by sync, read by the screens)
// ---------------------------------------------------------------------------

/** Synced table names: the `table` of a patch op and of the browser's rows. */
export const FLOOR_TABLES = { orders: 'orders', inventory: 'inventory', catalogue: 'catalogue' } as const;

/** Orders a packer packs: placed, processed, or ready to ship but not yet packed. */
export const PACKABLE_STATUSES = ['PLACED', 'PROCESSED', 'READY_TO_SHIP'] as const satisfies readonly OrderStatus[];
/** Orders awaiting return approval (part 1 §4). */
export const RETURN_APPROVABLE_STATUSES = ['RTO_DELIVERED', 'DTO_DELIVERED'] as const satisfies readonly OrderStatus[];
/** Every status the floor keeps offline. */
export const FLOOR_STATUSES: readonly string[] = [...PACKABLE_STATUSES, ...RETURN_APPROVABLE_STATUSES];

export type PackingStatus = 'PACKED' | 'NOT_PACKED';

export interface FloorOrderItem {
  id: string;
  title: string;
  sku: string;
  quantity: number;
  returnQuantity: number;
  /** WSIN -> units of that WSIN in one unit of the item. */
  wsinMapping: Record<string, number>;
  /** The catalogue item's barCode (the maker's GTIN): scanning it counts as the item's WSIN. */
  barCode?: string | null;
}

export interface ReturnRow {
  productTitle: string;
  sku: string;
  wsin: string;
  missingQuantity: number;
  damageQuantity: number;
  imageLocation: string | null;
}

export interface FloorOrderDoc {
  id: string;
  companyId: string;
  warehouseId: string | null;
  shopOrderId: string;
  awb: string | null;
  returnAwb: string | null;
  status: string;
  paymentMode: string;
  customerName: string;
  city: string;
  /** The delivery pincode (the floor's cluster filter matches it); absent on documents cached before it was carried. */
  pincode?: string | null;
  createdAt: string;
  /** The one company whose READY_TO_SHIP orders may also be approved as returns. */
  approveRtsReturns: boolean;
  items: FloorOrderItem[];
  packing: {
    status: PackingStatus;
    /** WSIN -> units scanned by this device (or all of them once packed). */
    scanned: Record<string, number>;
    packedAt: string | null;
    packedBy: string | null;
  };
  /** Only on this device, between approving a return and the next pull. */
  returnInfo?: ReturnRow[];
}

export interface InventoryDoc {
  id: string;
  warehouseId: string;
  companyId: string;
  wsin: string;
  productName: string | null;
  location: string | null;
  quantity: number;
  blocked: number;
  scannedQuantity: number;
  updatedAt: string;
}

export interface CatalogueDoc {
  id: string;
  companyId: string;
  productTitle: string;
  sku: string;
  wsinMapping: Record<string, number>;
  /** The maker's GTIN (the spec's barCode); absent on documents pulled before it was carried. */
  barCode?: string | null;
}

/** Key of an inventory row: one per warehouse, company and WSIN. */
export const inventoryKey = (k: { warehouseId: string; companyId: string; wsin: string }) => `${k.warehouseId}|${k.companyId}|${k.wsin}`;

// ---------------------------------------------------------------------------
// Packing
// ---------------------------------------------------------------------------

export interface ItemToScan {
  wsin: string;
  qty: number;
  scanned_qty: number;
}

/** Units of each WSIN an item needs; an item without a WSIN mapping is scanned by its SKU. */
function mappingOf(item: Pick<FloorOrderItem, 'sku' | 'wsinMapping'>): Record<string, number> {
  return Object.keys(item.wsinMapping).length > 0 ? item.wsinMapping : { [item.sku]: 1 };
}

/** WSIN -> units the order needs: item quantity x WSIN multiplier, summed over items. */
export function requiredUnits(items: readonly Pick<FloorOrderItem, 'sku' | 'quantity' | 'wsinMapping'>[]): Record<string, number> {
  const required: Record<string, number> = {};
  for (const item of items) {
    for (const [wsin, multiplier] of Object.entries(mappingOf(item))) required[wsin] = (required[wsin] ?? 0) + item.quantity * multiplier;
  }
  return required;
}

/** The spec's packing order: items_to_scan {wsin, qty, scanned_qty}. */
export function itemsToScan(order: Pick<FloorOrderDoc, 'items' | 'packing'>): ItemToScan[] {
  return Object.entries(requiredUnits(order.items)).map(([wsin, qty]) => ({ wsin, qty, scanned_qty: Math.min(qty, order.packing.scanned[wsin] ?? 0) }));
}

export type ScanVerdict = { ok: true; wsin: string; scanned: number; required: number; complete: boolean } | { ok: false; title: string; message: string };

/** Judges one WSIN scan against the order: part 2 §5 'Packing scan'. */
export function judgeScan(order: Pick<FloorOrderDoc, 'items' | 'packing'>, code: string): ScanVerdict {
  const required = requiredUnits(order.items);
  const wsin = Object.keys(required).find((w) => w.toLowerCase() === code.trim().toLowerCase());
  if (!wsin) return { ok: false, ...WSIN_ERROR };
  const already = order.packing.scanned[wsin] ?? 0;
  if (already + 1 > required[wsin]) return { ok: false, ...QUANTITY_ERROR };
  const scanned = { ...order.packing.scanned, [wsin]: already + 1 };
  return { ok: true, wsin, scanned: already + 1, required: required[wsin], complete: isFullyScanned(required, scanned) };
}

// ---------------------------------------------------------------------------
// Weight at the box: at the end of packing the packer weighs the parcel and
// names its box (a shipping package, or its own L x B x H in cm); the courier
// bills by the larger of the dead weight and the volumetric weight L x B x H / 5000 kg.
// ---------------------------------------------------------------------------
export const PARCEL_MAX_WEIGHT_G = 100_000;
export const PARCEL_MAX_SIDE_CM = 300;
export const PARCEL_BOX_REQUIRED = 'Choose a shipping package or enter L × B × H';
export const PARCEL_PHOTO_NOT_UPLOADED = (shopOrderId: string) => `The parcel photo of order ${shopOrderId} was not uploaded`;
export const PARCEL_NOT_PACKED = (shopOrderId: string) => `Order ${shopOrderId} is not packed yet: weigh the parcel once every item is in the box`;
const side = (label: string) =>
  z.number({ error: `Please enter your ${label}!` }).int(`${label} is whole centimetres`).min(1, `${label} must be at least 1 cm`).max(PARCEL_MAX_SIDE_CM, `${label} must be at most ${PARCEL_MAX_SIDE_CM} cm`);
/** The parcel's fields, shared by the packing station's form and the pack.weigh command. */
export const parcelFields = {
  weightG: z.number({ error: 'Please enter your Weight!' }).int('Weight is whole grams').min(1, 'Weight must be at least 1 g').max(PARCEL_MAX_WEIGHT_G, `Weight must be at most ${PARCEL_MAX_WEIGHT_G} g`),
  packageCode: z.string().trim().min(1).max(40).optional(),
  lengthCm: side('Length').optional(),
  breadthCm: side('Breadth').optional(),
  heightCm: side('Height').optional(),
};
export type ParcelInput = { weightG: number; packageCode?: string; lengthCm?: number; breadthCm?: number; heightCm?: number };
/** Why the box is not named, or null: a shipping package, or all three sides. */
export function parcelBoxProblem(p: Pick<ParcelInput, 'packageCode' | 'lengthCm' | 'breadthCm' | 'heightCm'>): string | null {
  if (p.packageCode) return null;
  return p.lengthCm && p.breadthCm && p.heightCm ? null : PARCEL_BOX_REQUIRED;
}
export const parcelSchema = z.object(parcelFields).superRefine((p, ctx) => {
  const problem = parcelBoxProblem(p);
  if (problem) ctx.addIssue({ code: 'custom', path: ['packageCode'], message: problem });
});
/** L x B x H / 5000 kg, in whole grams (rounded up, as couriers bill). */
export const volumetricWeightG = (lengthCm: number, breadthCm: number, heightCm: number) => Math.ceil((lengthCm * breadthCm * heightCm) / 5);
/** What the courier bills: the larger of the dead and the volumetric weight. */
export const chargeableWeightG = (weightG: number, volumetricG: number) => Math.max(weightG, volumetricG);

/** A packing scan as read: the WSIN it counts as (or the code as typed), and what a GS1 barcode said. */
export interface ResolvedScan {
  code: string;
  gs1?: Gs1Data;
}

/** WSINs and AWBs start with a letter: only digits, '(', ']', GS or a URL can be a GS1 scan. */
const mayBeGs1 = (code: string) => /^[\d(\]]|^https?:/i.test(code) || code.startsWith(GS);

/**
 * A product's own barcode counts as its WSIN: a bare GTIN (UPC-A, EAN-13,
 * GTIN-14), a GS1 element string or a GS1 Digital Link whose GTIN is the
 * catalogue barCode of an order line that maps to one WSIN. Anything else
 * (a WSIN, an AWB, a GTIN of no line here) is left as scanned.
 */
export function resolveScan(items: readonly Pick<FloorOrderItem, 'barCode' | 'wsinMapping'>[], raw: string, year?: number): ResolvedScan {
  const code = raw.trim();
  if (!mayBeGs1(code)) return { code };
  const read = parseGs1(code, year);
  if (!read?.ok) return { code };
  const line = items.find((i) => !!i.barCode && gtin14(i.barCode) === read.data.gtin && Object.keys(i.wsinMapping).length === 1);
  if (!line) return { code };
  return { code: Object.keys(line.wsinMapping)[0], gs1: read.data };
}

/**
 * The catalogue item a scanned code names on this device: by one of its WSINs,
 * its SKU (case-insensitive), or its maker's GTIN (a bare UPC-A / EAN-13 /
 * GTIN-14, a GS1 element string or a GS1 Digital Link whose GTIN is its barCode).
 */
export function catalogueItemFor<T extends Pick<CatalogueDoc, 'sku' | 'wsinMapping' | 'barCode'>>(catalogue: readonly T[], raw: string, year?: number): T | undefined {
  const code = raw.trim();
  const wanted = code.toLowerCase();
  if (!wanted) return undefined;
  const named = catalogue.find((c) => c.sku.toLowerCase() === wanted || Object.keys(c.wsinMapping).some((w) => w.toLowerCase() === wanted));
  if (named || !mayBeGs1(code)) return named;
  const read = parseGs1(code, year);
  if (!read?.ok) return undefined;
  return catalogue.find((c) => !!c.barCode && gtin14(c.barCode) === read.data.gtin);
}

/** What else a scan that is not one of the order's units may be, as found on the device. */
export interface WrongScanContext {
  /** Another order whose AWB (or order number) this code is. */
  otherParcel?: boolean;
  /** The product this code is a WSIN, SKU or GTIN of, when the catalogue on the device knows it. */
  productTitle?: string;
  /**
   * The device is still looking the code up (other parcels, the catalogue): said at once as not in
   * this order, and said again, in the same verdict, once the lookup answers.
   */
  lookingUp?: boolean;
}

/** The kinds of a refused scan, each with its own sound and vibration on the device. */
export type WrongScanKind = 'fail' | 'extra' | 'elsewhere';

/**
 * A refused packing scan said as what happened, with the next step: the spec's
 * 'Wsin Error' / 'Quantity Error' title and message (part 2 §5), after the code
 * and what it is ("WCP000009 · Rose Soap · not in this order", "WCP000001 ·
 * already 2 of 2", "CP1000000104 is another parcel: finish CP10027 (2 of 3) or
 * tap Back", "Unknown code WXYZ").
 */
export function describeWrongScan(
  order: Pick<FloorOrderDoc, 'items' | 'packing' | 'awb' | 'shopOrderId'>,
  code: string,
  context: WrongScanContext = {},
): { kind: WrongScanKind; title: string; message: string } {
  const shown = code.trim();
  const required = requiredUnits(order.items);
  const wsin = Object.keys(required).find((w) => w.toLowerCase() === shown.toLowerCase());
  if (wsin) {
    const n = required[wsin];
    return { kind: 'extra', title: QUANTITY_ERROR.title, message: `${wsin} · already ${Math.min(n, order.packing.scanned[wsin] ?? 0)} of ${n}. ${QUANTITY_ERROR.message}` };
  }
  if (context.otherParcel) {
    const total = Object.values(required).reduce((a, b) => a + b, 0);
    const done = Object.entries(required).reduce((a, [w, q]) => a + Math.min(q, order.packing.scanned[w] ?? 0), 0);
    return { kind: 'elsewhere', title: WSIN_ERROR.title, message: `${shown} is another parcel: finish ${order.awb ?? order.shopOrderId} (${done} of ${total}) or tap Back` };
  }
  if (context.productTitle !== undefined) {
    return { kind: 'fail', title: WSIN_ERROR.title, message: `${shown} · ${context.productTitle} · not in this order. ${WSIN_ERROR.message}` };
  }
  if (context.lookingUp) return { kind: 'fail', title: WSIN_ERROR.title, message: `${shown} · not in this order. ${WSIN_ERROR.message}` };
  return { kind: 'fail', title: WSIN_ERROR.title, message: `Unknown code ${shown}. ${WSIN_ERROR.message}` };
}

export function isFullyScanned(required: Record<string, number>, scanned: Record<string, number>): boolean {
  return Object.entries(required).every(([wsin, qty]) => (scanned[wsin] ?? 0) >= qty);
}

/** Why a submitted scan count does not match the order, or null when it does. */
export function checkPackedCounts(required: Record<string, number>, scanned: Record<string, number>): string | null {
  for (const [wsin, n] of Object.entries(scanned)) {
    if (!(wsin in required)) return WSIN_ERROR.message;
    if (n > required[wsin]) return QUANTITY_ERROR.message;
  }
  const short = Object.entries(required).filter(([wsin, qty]) => (scanned[wsin] ?? 0) < qty);
  if (short.length > 0) return `Not every item is scanned yet: ${short.map(([wsin, qty]) => `${wsin} ${scanned[wsin] ?? 0}/${qty}`).join(', ')}`;
  return null;
}

export function isPackable(order: Pick<FloorOrderDoc, 'status' | 'packing'>): boolean {
  return (PACKABLE_STATUSES as readonly string[]).includes(order.status) && order.packing.status !== 'PACKED';
}

const statusWords = (status: string) => STATUS_LABELS[status as OrderStatus] ?? status.toLowerCase();

/** What a packer reads when the server refuses a pack: the order moved on meanwhile. */
export function notPackableReason(order: { shopOrderId: string; status: string }): string {
  if (order.status === 'CANCELLED') return `Order ${order.shopOrderId} was cancelled, so it can no longer be packed. Put its items back.`;
  return `Order ${order.shopOrderId} is now ${statusWords(order.status)}, so it can no longer be packed.`;
}

export function alreadyPackedReason(order: { shopOrderId: string }, by: string | null, at: string | null): string {
  return `Order ${order.shopOrderId} was already packed${by ? ` by ${by}` : ''}${at ? ` at ${formatStamp(at)}` : ''} on another device.`;
}

function formatStamp(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}

// ---------------------------------------------------------------------------
// Returns (part 1 §5 'Return approval')
// ---------------------------------------------------------------------------

export type ReturnType = 'RTO' | 'DTO';

export interface ReturnLine {
  wsin: string;
  sku: string;
  productTitle: string;
  /** Missing and damaged units each go from 0 to this: item quantity x WSIN multiplier. */
  max: number;
}

/** The WSIN lines of a return: every item for RTO, returned items (return quantity) for DTO. */
export function returnLines(items: readonly FloorOrderItem[], returnType: ReturnType): ReturnLine[] {
  const lines = new Map<string, ReturnLine>();
  for (const item of items) {
    const quantity = returnType === 'DTO' && item.returnQuantity > 0 ? item.returnQuantity : item.quantity;
    if (returnType === 'DTO' && item.returnQuantity <= 0 && items.some((i) => i.returnQuantity > 0)) continue;
    for (const [wsin, multiplier] of Object.entries(mappingOf(item))) {
      const line = lines.get(wsin) ?? { wsin, sku: item.sku, productTitle: item.title, max: 0 };
      line.max += quantity * multiplier;
      lines.set(wsin, line);
    }
  }
  return [...lines.values()];
}

/** The return type an order in this status is approved as, or null when it cannot be approved. */
export function approvableAs(order: Pick<FloorOrderDoc, 'status' | 'approveRtsReturns'>): ReturnType | null {
  if (order.status === 'RTO_DELIVERED') return 'RTO';
  if (order.status === 'DTO_DELIVERED') return 'DTO';
  if (order.status === 'READY_TO_SHIP' && order.approveRtsReturns) return 'RTO';
  return null;
}

export const isReturnProcessed = (status: string) => status === 'RTO_PROCESSED' || status === 'DTO_PROCESSED';

/**
 * Which return the dialog is about, said right under part 1's title 'Approval for RTO'
 * (which it keeps for both kinds): the courier bringing an undelivered parcel back
 * (RTO) or the customer sending a delivered one back (DTO).
 */
export const RETURN_KIND_LINE: Record<ReturnType, string> = {
  RTO: 'Courier return (RTO): the parcel came back undelivered',
  DTO: 'Customer return (DTO): the customer sent the parcel back',
};

/** The kind of return of an order: the type it is approved as, else its status's (RTO_* or DTO_*); null for neither. */
export function returnKindOf(order: Pick<FloorOrderDoc, 'status' | 'approveRtsReturns'>): ReturnType | null {
  const as = approvableAs(order);
  if (as) return as;
  if (order.status.startsWith('RTO_')) return 'RTO';
  if (order.status.startsWith('DTO_')) return 'DTO';
  return null;
}

/**
 * What the orders list, the order slider and the returns station offer on an
 * order (part 1 §4): the approve-return action (RTO/DTO delivered, and READY_TO_SHIP
 * for the one company the spec names), the read-only RTO/DTO details of a
 * processed return, or nothing. Every role may approve (the server decides scope).
 */
export function returnActionOf(order: Pick<FloorOrderDoc, 'status' | 'approveRtsReturns'>): { kind: 'approve'; returnType: ReturnType; label: string } | { kind: 'details'; label: string } | null {
  const as = approvableAs(order);
  if (as) return { kind: 'approve', returnType: as, label: `Approve ${as}` };
  if (isReturnProcessed(order.status)) return { kind: 'details', label: RETURN_DETAILS };
  return null;
}

/** GET /api/return-rules: the companies (in the caller's scope) whose READY_TO_SHIP orders may be approved as returns. */
export interface ReturnRulesResponse {
  status: true;
  rtsApprovalCompanyIds: string[];
}

/** GET /api/returns/find: a return awaiting approval (or processed) found by AWB, return AWB or order number. */
export const returnFindQuerySchema = z.object({ code: z.string().trim().min(1).max(64) });
export interface ReturnFindResponse {
  status: true;
  data: { orderId: string; status: string; shopOrderId: string };
}

export const quantityRangeMessage = (label: string, max: number) => `${label} must be a number from 0 to ${max}`;
export const returnTotalMessage = (wsin: string, max: number) => `Missing and damaged units of ${wsin} together cannot be more than ${max}`;

/** Why a return line is invalid, or null. */
export function checkReturnLine(line: { wsin: string; missingQuantity: number; damageQuantity: number }, max: number): string | null {
  for (const [label, n] of [['Missing quantity', line.missingQuantity], ['Damaged quantity', line.damageQuantity]] as const) {
    if (!Number.isInteger(n) || n < 0 || n > max) return quantityRangeMessage(label, max);
  }
  if (line.missingQuantity + line.damageQuantity > max) return returnTotalMessage(line.wsin, max);
  return null;
}

export function notApprovableReason(order: { shopOrderId: string; status: string }, returnType: ReturnType): string {
  if (isReturnProcessed(order.status)) return `The return of order ${order.shopOrderId} was already approved.`;
  return `Order ${order.shopOrderId} is ${statusWords(order.status)}; only ${returnType === 'RTO' ? 'RTO delivered' : 'DTO delivered'} orders can be approved as ${returnType}.`;
}

// ---------------------------------------------------------------------------
// Stock
// ---------------------------------------------------------------------------

export const belowZeroReason = (wsin: string, available: number, delta: number) =>
  `Stock of ${wsin} cannot go below zero: ${available} in stock, adjustment ${delta}.`;

export const inboundSchema = z.object({
  accepted: z.number({ error: 'Please enter your Accepted quantity!' }).int().min(0, 'Accepted quantity cannot be negative'),
  rejected: z.number({ error: 'Please enter your Rejected quantity!' }).int().min(0, 'Rejected quantity cannot be negative'),
  remarks: z.string().max(500).optional(),
}).refine((v) => v.accepted + v.rejected > 0, { message: 'Enter the units accepted or rejected', path: ['accepted'] });

export const adjustSchema = z.object({
  delta: z.number({ error: 'Please enter your Quantity!' }).int().refine((d) => d !== 0, 'The adjustment cannot be 0'),
  remarks: z.string().trim().min(1, 'Please enter your Remarks!').max(500),
});

export const scannedSchema = z.object({
  quantity: z.number({ error: 'Please enter your Scanned quantity!' }).int().min(0, 'Scanned quantity cannot be negative'),
});

// ---------------------------------------------------------------------------
// Online calls (part 1 §7, part 2 §7)
// ---------------------------------------------------------------------------

const companyIds = z.array(z.string().min(1).max(64)).max(100).optional();

export const packagingFindSchema = z.object({ selectedCompanyIds: companyIds });
export const packagingListSchema = z.object({
  filter: z
    .object({
      packed: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
      page: z.number().int().min(1).default(1),
      pageSize: z.number().int().min(1).max(500).default(50),
    })
    .default({ packed: 0, page: 1, pageSize: 50 }),
  selectedCompanyIds: companyIds,
});
export const packagingSubmitSchema = z.object({
  orderData: z.object({
    items_to_scan: z.array(z.object({ wsin: z.string().min(1).max(64), qty: z.number().int().min(0), scanned_qty: z.number().int().min(0) })).min(1).max(1000),
  }),
});

export const splitOrderQuerySchema = z.object({ splitOrderId: z.string().min(1).max(64) });

export const processReturnsSchema = z.object({
  returnInfo: z
    .array(
      z.object({
        wsin: z.string().min(1).max(64),
        sku: z.string().min(1).max(100),
        missingQuantity: z.number().int().min(0),
        damageQuantity: z.number().int().min(0),
      }),
    )
    .min(1)
    .max(1000),
  /** WSIN -> key (or /api/files/ url) of the uploaded proof image. */
  damagedItemsImage: z.record(z.string().max(64), z.string().min(1).max(300)).default({}),
  orderData: z.object({ id: z.string().min(1).max(64) }),
  returnType: z.enum(['RTO', 'DTO']),
});

/** A trail range (YYYY/MM/DD or ISO): start not after end. */
const trailRange = z
  .object({ start: z.string().min(1).max(40), end: z.string().min(1).max(40) })
  .refine((r) => trailBound(r.start) <= trailBound(r.end), { path: ['end'], message: START_BEFORE_END });

export const trailFilterSchema = z.object({
  filter: z
    .object({
      trailsBetweenTime: trailRange.optional(),
      inventoryTrailFilters: z.object({ kind: z.array(z.string().max(40)).max(20).optional() }).optional(),
      page: z.number().int().min(1).default(1),
    })
    .default({ page: 1 }),
});

export const trailExportQuerySchema = z.object({
  warehouseId: z.string().min(1).max(64),
  wsin: z.string().min(1).max(64),
  companyId: z.string().min(1).max(64),
  appType: z.string().max(20).optional(),
  kind: z.enum(['inventory', 'scanned']).optional(),
  start: z.string().max(40).optional(),
  end: z.string().max(40).optional(),
}).refine((q) => !q.start || !q.end || trailBound(q.start) <= trailBound(q.end), { path: ['end'], message: START_BEFORE_END });

export const inventoryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  search: z.string().max(100).optional(),
});

/** 'YYYY/MM/DD' in UTC. */
export function trailDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** The default trail range: 30 days back to tomorrow, as YYYY/MM/DD. */
export function defaultTrailRange(nowMs: number = Date.now()): { start: string; end: string } {
  const day = 86_400_000;
  return { start: trailDate(nowMs - 30 * day), end: trailDate(nowMs + day) };
}

/** A YYYY/MM/DD (or ISO) bound as an ISO instant: the start of that day (UTC). */
export function trailBound(date: string): string {
  const m = /^(\d{4})[/-](\d{2})[/-](\d{2})/.exec(date);
  return m ? `${m[1]}-${m[2]}-${m[3]}T00:00:00.000Z` : date;
}

// ---- Responses (typed once, used by handler and client) ---------------

/** One row of an inventory trail. */
export const InventoryTrailEntry = z.object({
  id: z.string(),
  kind: z.string(),
  delta: z.number(),
  accepted: z.number(),
  rejected: z.number(),
  quantityAfter: z.number(),
  remarks: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type InventoryTrailEntry = z.infer<typeof InventoryTrailEntry>;

/** POST /api/inventory/trail/:inventoryId: one page of a stock row's trail. */
export const InventoryTrailResponse = okBody({
  warehouseId: z.string(),
  wsin: z.string(),
  companyId: z.string(),
  count: z.number(),
  ...pageFields,
  trail: z.array(InventoryTrailEntry),
});
export type InventoryTrailResponse = z.infer<typeof InventoryTrailResponse>;

/** POST /api/inventory/scanned-stock/trail/:wsin: one page of the scanned-stock trail. */
export const ScannedTrailResponse = okBody({
  trails: z.array(InventoryTrailEntry),
  count: z.number(),
  ...pageFields,
});
export type ScannedTrailResponse = z.infer<typeof ScannedTrailResponse>;

const ReturnRowSchema = z.object({
  productTitle: z.string(), sku: z.string(), wsin: z.string(), missingQuantity: z.number(), damageQuantity: z.number(), imageLocation: z.string().nullable(),
});

/**
 * GET /api/return-info: what the return approval shows for an order that is not
 * kept on the device. `order` is the floor order document the device would keep
 * (FloorOrderDoc, the sync protocol's shape).
 */
export const ReturnInfoResponse = okBody({
  data: z.object({
    data: z.array(ReturnRowSchema.extend({ maxQuantity: z.number() })),
    order: z.custom<FloorOrderDoc>((v) => typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string'),
    returnType: z.enum(['RTO', 'DTO']),
    processed: z.boolean(),
    approvable: z.boolean(),
  }),
});
export type ReturnInfoResponse = z.infer<typeof ReturnInfoResponse>;

/** GET /api/return-rules (same name as its type; listed in /api/openapi.json). */
export const ReturnRulesResponse: z.ZodType<ReturnRulesResponse> = okBody({ rtsApprovalCompanyIds: z.array(z.string()) });

/** GET /api/returns/find (same name as its type; listed in /api/openapi.json). */
export const ReturnFindResponse: z.ZodType<ReturnFindResponse> = okBody({
  data: z.object({ orderId: z.string(), status: z.string(), shopOrderId: z.string() }),
});

/** A floor order document as the sync protocol carries it (checked by its id; the interface is FloorOrderDoc). */
const FloorOrderDocSchema = z.custom<FloorOrderDoc>((v) => typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string');

/** The spec's packing order: key, items_to_scan {wsin, qty, scanned_qty}, status; plus the order itself. */
export const PackingOrderSchema = z.object({
  key: z.string(),
  items_to_scan: z.array(z.object({ wsin: z.string(), qty: z.number(), scanned_qty: z.number() })),
  status: z.enum(['Packed', 'Not Packed']),
  order: FloorOrderDocSchema,
});
export type PackingOrder = z.infer<typeof PackingOrderSchema>;

/** POST /api/order/packaging-metadata/find/:awb. */
export const PackingFindResponse = okBody({ data: PackingOrderSchema });
export type PackingFindResponse = z.infer<typeof PackingFindResponse>;

/** POST /api/order/packaging-metadata/get: a page of orders to pack, with the All / Packed / Not Packed counts. */
export const PackingListResponse = okBody({
  data: z.array(PackingOrderSchema),
  count: z.object({ all: z.number(), packed: z.number(), notPacked: z.number() }),
});
export type PackingListResponse = z.infer<typeof PackingListResponse>;

/** POST /api/order/packaging-metadata/:key and POST /api/process-returns. */
export const FloorDoneResponse = MessageResponse;
export type FloorDoneResponse = z.infer<typeof FloorDoneResponse>;

/** GET /api/dto_items_info: the lines of a DTO return, as /return-info's, in the spec's nesting. */
export const DtoItemsInfoResponse = okBody({
  data: z.object({ data: z.object({ items: z.array(ReturnRowSchema.extend({ maxQuantity: z.number() })), order: FloorOrderDocSchema, processed: z.boolean() }) }),
});
export type DtoItemsInfoResponse = z.infer<typeof DtoItemsInfoResponse>;

/** One stock row (InventoryDoc). */
export const InventoryDocSchema: z.ZodType<InventoryDoc> = z.object({
  id: z.string(), warehouseId: z.string(), companyId: z.string(), wsin: z.string(), productName: z.string().nullable(), location: z.string().nullable(),
  quantity: z.number(), blocked: z.number(), scannedQuantity: z.number(), updatedAt: z.string(),
});

/** GET /api/inventory: a page of the scope's stock rows. */
export const InventoryListResponse = okBody({ currentCount: z.number(), inventory: z.array(InventoryDocSchema) });
export type InventoryListResponse = z.infer<typeof InventoryListResponse>;
