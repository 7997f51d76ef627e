// The orders workspace: sidebar sections and their status filters, the list
// filter schema shared by the page and the API, and the ONE table of order
// actions (which action is offered in which state, to which role, and where it
// leads). The order-info slider shows exactly `availableActions(order, actor)`;
// the server refuses anything else with `actionRefusal(...)`.
import { z } from 'zod';
import type { Role } from './roles';
import { MISSED_ORDER_STATUSES, ORDER_STATUSES, PAYMENT_MODES, SHOP_TYPES, type OrderStatus } from './statuses';
import { addIndiaDays, indiaDayEnd, indiaDayStart, indiaToday } from './india-time';
import { normalisePhone, PHONE_INPUT_MAX } from './phone';
import { CourierBooking } from './carriers';
import { SERVER_ERROR, okBody } from './api';
import { NOT_ALLOWED, SELECT_AT_LEAST_ONE, SERVER_ERROR_RETRY, START_BEFORE_END } from './messages';

// ---------------------------------------------------------------------------
// Messages (exact spec texts first, then our own)

export const NOTHING_TO_DISPLAY = 'Nothing to display here';
export const LOAD_FAILED_FALLBACK = 'Sorry, Failed to load data';
export const FAILED_TO_GET_ORDERS = 'Failed to get orders';
export const ERROR_TITLE = 'Error';
export { SELECT_AT_LEAST_ONE };
export const BULK_CANCEL_LIMIT = 50;
export const BULK_CANCEL_LIMIT_MSG = 'Limit to bulk cancel placed orders is 50';
export const BULK_FAILED_TITLE = 'Failed';
export const SOMETHING_WENT_WRONG = SERVER_ERROR;
export const RETURN_QTY_TOO_HIGH = 'Return quantity cannot be greater than actual';
export const RETURN_QTY_ZERO = 'Return quantity cannot be zero';
export const SERVER_ERROR_TITLE = 'Server Error';
export const ORDER_LOAD_FAILED = SERVER_ERROR_RETRY;
export const REVERT_FAILED = 'Failed to bring back order status to PLACED';
export const REGENERATE_FAILED = 'Failed to regenerate invoice and label';
export const MARK_DELIVERED_FALLBACK = 'could not mark order as delivered';
export const SYNCED = 'Synced';
export const NOT_SYNCED = 'Not Synced';
export const CANCEL_REASON_MAX = 500;
export const CANCEL_REASON_TOO_LONG = 'Reason cannot be more than 500 characters';
export const CANCEL_REASON_REQUIRED = 'Please enter a reason for cancellation';
export const DUE_DATE_WINDOW_DAYS = 60;
export const DUE_DATE_OUT_OF_WINDOW = 'Due date must be between today and 60 days from today';
export const ORDER_NOT_FOUND = 'Order not found';
export { NOT_ALLOWED };
export const FILTER_TAGS_SHOWN = 3;
export const moreFiltersLabel = (n: number) => `+${n} more filters`;
/** Saved order filter lifetime in session storage (part 1 §9). */
export const SAVED_FILTER_TTL_MS = 6 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------
// Sidebar sections

export const RETURN_STATUSES = [
  'RTO_IN_TRANSIT', 'RTO_DELIVERED', 'RTO_OUT_FOR_DELIVERY', 'RTO_PROCESSED',
  'DTO_IN_TRANSIT', 'DTO_DELIVERED', 'DTO_OUT_FOR_DELIVERY', 'DTO_PROCESSED',
] as const satisfies readonly OrderStatus[];
export const NDR_STATUSES = ['UNDELIVERED', 'RTO_UNDELIVERED'] as const satisfies readonly OrderStatus[];

export type SectionView = 'orders' | 'missed' | 'customerRequests';
export type OrderSection = {
  /** The numeric option of the original page (1 All, 2 Missed Orders, 7 customer requests). */
  key: number;
  /** Held in the URL query `tab`. */
  name: string;
  label: string;
  view: SectionView;
  /** Status filter of the section; null = none. */
  statuses: readonly OrderStatus[] | null;
};

export const ORDER_SECTIONS = [
  { key: 1, name: 'all', label: 'All', view: 'orders', statuses: null },
  { key: 2, name: 'missed', label: 'Missed Orders', view: 'missed', statuses: null },
  { key: 3, name: 'unserviceable', label: 'Unserviceable', view: 'orders', statuses: ['UNSERVICEABLE'] },
  { key: 4, name: 'returns', label: 'Returns', view: 'orders', statuses: RETURN_STATUSES },
  { key: 5, name: 'ndr', label: 'NDRs', view: 'orders', statuses: NDR_STATUSES },
  { key: 7, name: 'user-requests', label: 'User Requests (NDR)', view: 'customerRequests', statuses: null },
] as const satisfies readonly OrderSection[];

export type SectionName = (typeof ORDER_SECTIONS)[number]['name'];
export const SECTION_NAMES = ORDER_SECTIONS.map((s) => s.name) as [SectionName, ...SectionName[]];
/** The sections drawn with the common order table. */
export const ORDER_TABLE_SECTIONS = ['all', 'unserviceable', 'returns', 'ndr'] as const;
export type OrderTableSection = (typeof ORDER_TABLE_SECTIONS)[number];

export function sectionByName(name: string | null | undefined): OrderSection | undefined {
  return ORDER_SECTIONS.find((s) => s.name === name);
}
export function sectionByKey(key: number): OrderSection | undefined {
  return ORDER_SECTIONS.find((s) => s.key === key);
}

/**
 * Statuses a list query may return: the section's statuses narrowed by the
 * user's status filter. `null` means no status filter at all; an empty array
 * means nothing can match.
 */
export function effectiveStatuses(section: OrderTableSection, chosen?: readonly string[] | null): OrderStatus[] | null {
  const base = sectionByName(section)?.statuses ?? null;
  const picked = chosen?.length ? (chosen.filter((s) => (ORDER_STATUSES as readonly string[]).includes(s)) as OrderStatus[]) : null;
  if (!base) return picked;
  if (!picked) return [...base];
  return picked.filter((s) => base.includes(s));
}

/** Sidebar count of a section from per-status counts. */
export function sectionCount(section: OrderTableSection, counts: Partial<Record<string, number>>): number {
  return countStatuses(sectionByName(section)?.statuses ?? null, counts);
}

/** The orders in `statuses` (null = every status) from per-status counts. */
function countStatuses(statuses: readonly string[] | null, counts: Partial<Record<string, number>>): number {
  const keys = statuses ?? Object.keys(counts);
  return keys.reduce((n, s) => n + (counts[s] ?? 0), 0);
}

/**
 * The status tabs above the All section's table: each a status filter, counted from the per-status counts.
 * An order is in one tab at most (RTO_UNDELIVERED is an NDR, as in the NDRs section); 'All' has no filter.
 */
export const STATUS_TABS = [
  { name: 'new', label: 'New', statuses: ['PLACED', 'PROCESSED'] },
  { name: 'ready', label: 'Ready To Ship', statuses: ['READY_TO_SHIP'] },
  { name: 'transit', label: 'In Transit', statuses: ['SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'] },
  { name: 'ndr', label: 'NDR', statuses: NDR_STATUSES },
  { name: 'delivered', label: 'Delivered', statuses: ['DELIVERED'] },
  { name: 'rto', label: 'RTO', statuses: ['RTO_IN_TRANSIT', 'RTO_OUT_FOR_DELIVERY', 'RTO_DELIVERED', 'RTO_PROCESSED'] },
  { name: 'all', label: 'All', statuses: null },
] as const satisfies readonly { name: string; label: string; statuses: readonly OrderStatus[] | null }[];
export type StatusTab = (typeof STATUS_TABS)[number];

/** The status tab a status filter (comma list) is exactly, or null when it is another choice; no filter is 'All'. */
export function statusTabOf(status: string | undefined | null): StatusTab | null {
  const chosen = new Set((status ?? '').split(',').filter(Boolean));
  if (!chosen.size) return STATUS_TABS[STATUS_TABS.length - 1];
  return STATUS_TABS.find((t) => t.statuses && t.statuses.length === chosen.size && t.statuses.every((s) => chosen.has(s))) ?? null;
}

/** A status tab's count from per-status counts. */
export function statusTabCount(tab: StatusTab, counts: Partial<Record<string, number>>): number {
  return countStatuses(tab.statuses, counts);
}

/**
 * The status tab a seller's orders page opens on when its address names no section and no filter: the spec names the
 * sections ('All' first) but no status tab, so it opens on the work to do, New, when New has orders; else on All.
 */
export function landingStatusTab(counts: Partial<Record<string, number>>): StatusTab {
  const work = STATUS_TABS[0];
  return statusTabCount(work, counts) > 0 ? work : STATUS_TABS[STATUS_TABS.length - 1];
}

// ---------------------------------------------------------------------------
// The list filter (URL search params of /orders and the query of GET /api/orders)

/** 'id' sorts in creation order: ids are time-ordered, and the list sorts by (created_at, id), so a back-dated order takes its order-date place. */
export const SORT_FIELDS = ['id', 'updatedAt', 'totalPaise'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_PAGE_SIZE = 50;
export const PAGE_SIZES = [20, 50, 100, 200] as const;
/** Offset paging (`page`) is for the first pages only; further on, the cursor. */
export const MAX_OFFSET_ROWS = 2500;
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Accepts `a,b` or repeated params and gives a de-duplicated array. */
const csv = <T extends z.ZodType>(item: T, max = 50) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(','));
    const clean = [...new Set(parts.map((x) => x.trim()).filter(Boolean))];
    return clean.length ? clean : undefined;
  }, z.array(item).max(max).optional());

const isoDate = z
  .string()
  .max(10)
  .regex(DATE_RE, 'Dates are YYYY-MM-DD')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00.000Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, 'Not a date');

/** An optional text filter where an empty value means "not set". */
const blankToUndefined = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

/** The filters a person sets (section apart): they are what the filter tags show. */
export const orderFilterShape = {
  status: csv(z.enum(ORDER_STATUSES)),
  from: isoDate.optional(),
  to: isoDate.optional(),
  q: z.string().trim().max(64).optional().transform((s) => (s ? s : undefined)),
  paymentMode: z.enum(PAYMENT_MODES).optional(),
  shopType: z.enum(SHOP_TYPES).optional(),
  orderType: z.coerce.number().int().min(0).max(2).optional(),
  /** Admins and warehouse users can narrow to one of their companies. */
  companyId: z.string().min(1).max(64).optional(),
  /** Courier name as on the order (`shipper`), exact. */
  courier: blankToUndefined(z.string().trim().max(64).optional()),
  /** Warehouse the order ships from (id). */
  warehouseId: blankToUndefined(z.string().trim().max(64).optional()),
  /** Delivery pincode, exact. */
  pincode: blankToUndefined(z.string().trim().max(6).regex(/^\d{6}$/, 'Pincode must be 6 digits').optional()),
  /** An SKU among the order's items, exact. */
  sku: blankToUndefined(z.string().trim().max(64).optional()),
  /** The D2R beat the order was placed under (id). */
  beatId: blankToUndefined(z.string().trim().max(64).optional()),
  /** A delivery cluster (id): orders whose delivery pincode is one of its pincodes (part 1 §6: WMS only). */
  cluster: blankToUndefined(z.string().trim().max(64).optional()),
};

const pageShape = {
  sortField: z.enum(SORT_FIELDS).default('id'),
  sortOrder: z.enum(SORT_ORDERS).default('DESC'),
  pageSize: z.coerce.number().int().min(10).max(200).default(DEFAULT_PAGE_SIZE),
  /** 1-based page by offset (first pages), or 'last'. */
  page: z.union([z.literal('last'), z.coerce.number().int().min(1)]).optional(),
  /** Opaque seek cursor from a previous answer (`nextCursor` / `prevCursor`). */
  cursor: z.string().min(1).max(400).optional(),
  dir: z.enum(['next', 'prev']).default('next'),
};

export const orderListQuerySchema = z
  .object({ tab: z.enum(ORDER_TABLE_SECTIONS).default('all'), ...orderFilterShape, ...pageShape })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: START_BEFORE_END });
    if (typeof v.page === 'number' && (v.page - 1) * v.pageSize > MAX_OFFSET_ROWS) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'Use the cursor to page this far' });
    }
    if (v.cursor) {
      const c = decodeCursor(v.cursor);
      if (!c || c.sortField !== v.sortField) ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'Invalid cursor' });
    }
  });
export type OrderListQuery = z.output<typeof orderListQuerySchema>;
export type OrderListQueryInput = z.input<typeof orderListQuerySchema>;

/** Filter keys that count as "a filter" for tags, saving and clearing the selection. */
export const FILTER_KEYS = ['status', 'from', 'to', 'q', 'paymentMode', 'shopType', 'orderType', 'companyId', 'courier', 'warehouseId', 'pincode', 'sku', 'beatId', 'cluster'] as const;
/** The cluster filter asked for by a seller (part 1 §6: the cluster filter is WMS only). */
export const CLUSTER_FILTER_WMS_ONLY = 'The cluster filter is for warehouse users';
/** Courier names a seller can filter by (the `shipper` of an order). */
export const COURIER_NAMES = ['Delhivery', 'Blue Dart', 'Xpressbees', 'Ekart Logistics', 'Clickpost'] as const;

/** "1 order", "2 orders": a count with its noun, singular for one. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${new Intl.NumberFormat('en-IN').format(n)} ${n === 1 ? one : many}`;
}
export type FilterKey = (typeof FILTER_KEYS)[number];

export type SortValue = string | number;
export type Cursor = { sortField: SortField; value: SortValue; id: string };

function b64urlEncode(s: string): string {
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function b64urlDecode(s: string): string {
  const pad = s.length % 4 ? '='.repeat(4 - (s.length % 4)) : '';
  return atob(s.replace(/-/g, '+').replace(/_/g, '/') + pad);
}

/** A seek cursor: the sort key of a row plus its id (ties broken by id). */
export function encodeCursor(c: Cursor): string {
  return b64urlEncode(JSON.stringify([c.sortField, c.value, c.id]));
}
export function decodeCursor(s: string): Cursor | null {
  try {
    const v = JSON.parse(b64urlDecode(s)) as unknown;
    if (!Array.isArray(v) || v.length !== 3) return null;
    const [sortField, value, id] = v;
    if (!(SORT_FIELDS as readonly string[]).includes(sortField)) return null;
    if (typeof id !== 'string' || !id || id.length > 64) return null;
    if (sortField === 'totalPaise' ? typeof value !== 'number' : typeof value !== 'string') return null;
    return { sortField, value, id };
  } catch {
    return null;
  }
}

/** India Standard Time: a date filter covers whole Indian calendar days. */
export function istDayStart(date: string): string {
  return indiaDayStart(date);
}
export function istDayEnd(date: string): string {
  return indiaDayEnd(date);
}
/** Today in India as YYYY-MM-DD. */
export function istToday(now: number = Date.now()): string {
  return indiaToday(now);
}
export function addDays(date: string, days: number): string {
  return addIndiaDays(date, days);
}

// Missed orders: their own statuses; non-admins filter by one status at a time.
export const SYNC_STATES = ['synced', 'not_synced'] as const;
export const missedOrderQuerySchema = z.object({
  status: csv(z.enum(MISSED_ORDER_STATUSES)),
  sync: z.enum(SYNC_STATES).optional(),
  q: z.string().trim().max(64).optional().transform((s) => (s ? s : undefined)),
  /** Created between these Indian calendar days (YYYY-MM-DD), both included. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(10).max(200).default(DEFAULT_PAGE_SIZE),
}).refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: START_BEFORE_END });
export type MissedOrderQuery = z.output<typeof missedOrderQuerySchema>;
export const syncLabel = (synced: boolean | number) => (synced ? SYNCED : NOT_SYNCED);

export const customerRequestQuerySchema = z.object({
  status: z.enum(['OPEN', 'DONE']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(10).max(200).default(DEFAULT_PAGE_SIZE),
});

// ---------------------------------------------------------------------------
// Order actions by state (part 2 §4) — the one transition table

export const MANUAL_SHOP_TYPES = ['manual', 'manual_fbw'] as const;
export const RETAILER_ORDER_TYPE = 2;

/** What the rules need to know about an order (the server builds it from the row and its company). */
export type OrderFacts = {
  status: string;
  shopType: string;
  orderType: number;
  paymentMode: string;
  inventoryBlocked: boolean;
  hasAwb: boolean;
  /** The company ships through the Clickpost provider. */
  clickpostActive: boolean;
  /** The company's WhatsApp NDR module is active. */
  whatsappNdrActive: boolean;
};
export type Actor = { role: Role };

type Rule = {
  label: string;
  roles: readonly Role[];
  /** The state (and, where the spec says so, role-specific) condition. */
  when: (o: OrderFacts, a: Actor) => boolean;
  /** The status the action leads to, for actions that change it. */
  to?: OrderStatus;
  /** Shown as a primary button rather than in the menu. */
  primary?: boolean;
  danger?: boolean;
};

const ALL_ROLES = ['admin', 'seller', 'warehouse'] as const satisfies readonly Role[];
const SELLER_PANEL_CANCELLABLE = ['PLACED', 'PROCESSED', 'READY_TO_SHIP', 'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'];
const CLICKPOST_CANCELLABLE = ['READY_TO_SHIP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'];
/** Pre-shipment states an admin can bring back to PLACED. */
export const REVERTIBLE_TO_PLACED = ['PROCESSED', 'READY_TO_SHIP', 'UNSERVICEABLE', 'CANCELLED'];

const isManual = (o: OrderFacts) => (MANUAL_SHOP_TYPES as readonly string[]).includes(o.shopType);
const isRetailer = (o: OrderFacts) => o.orderType === RETAILER_ORDER_TYPE;

/**
 * Cancel is allowed for: a delivered retailer order (admin); a placed manual
 * order (anyone); from the seller panel (seller, warehouse) in placed,
 * processed, ready to ship, shipped, in transit or out for delivery; and in
 * ready to ship, in transit or out for delivery when the company ships
 * through Clickpost (the "cancel order" button, any role).
 */
export function cancelAllowed(o: OrderFacts, a: Actor): boolean {
  if (a.role === 'admin' && o.status === 'DELIVERED' && isRetailer(o)) return true;
  if (o.status === 'PLACED' && isManual(o)) return true;
  if (a.role !== 'admin' && SELLER_PANEL_CANCELLABLE.includes(o.status)) return true;
  return o.clickpostActive && CLICKPOST_CANCELLABLE.includes(o.status);
}

export const ORDER_ACTIONS = {
  readyToShip: { label: 'READY TO SHIP', roles: ALL_ROLES, when: (o) => o.status === 'PLACED', to: 'READY_TO_SHIP', primary: true },
  editCustomer: { label: 'Edit Customer Details', roles: ALL_ROLES, when: (o) => o.status === 'PLACED' || o.status === 'UNSERVICEABLE' },
  changeShippingPackage: { label: 'Change Shipping Package', roles: ALL_ROLES, when: (o) => o.status === 'PLACED' },
  editOrderDetails: { label: 'Edit Order Details', roles: ALL_ROLES, when: (o) => o.status === 'PLACED' && isManual(o) },
  changeWeight: { label: 'Change Weight', roles: ['admin'], when: (o) => o.status === 'PLACED' },
  reassignWarehouse: { label: 'Reassign Warehouse', roles: ['admin'], when: (o) => o.status === 'PLACED' },
  updateQuantities: { label: 'Update Quantities', roles: ['admin'], when: (o) => o.status === 'PLACED' },
  markDelivered: {
    label: 'Mark Delivered',
    roles: ALL_ROLES,
    // admin: manual shop types; others: only manual fulfilled-by-warehouse orders
    when: (o, a) => o.status === 'READY_TO_SHIP' && (a.role === 'admin' ? isManual(o) : o.shopType === 'manual_fbw'),
    to: 'DELIVERED',
  },
  // Cancel from the seller panel or the admin app (part 2 §5), not the warehouse's.
  cancel: { label: 'Cancel Order', roles: ['seller', 'admin'], when: cancelAllowed, to: 'CANCELLED', danger: true },
  scheduleReturn: { label: 'Schedule Return', roles: ALL_ROLES, when: (o) => o.status === 'DELIVERED' || o.status === 'DTO_CANCELLED', to: 'DTO_PLACED' },
  cancelReturn: { label: 'Cancel Return', roles: ALL_ROLES, when: (o) => o.status === 'DTO_PLACED', to: 'DTO_CANCELLED', danger: true },
  unblockInventory: { label: 'Unblock Inventory', roles: ['admin'], when: (o, a) => o.inventoryBlocked && cancelAllowed(o, a) },
  revertToPlaced: { label: 'Revert to PLACED', roles: ['admin'], when: (o) => REVERTIBLE_TO_PLACED.includes(o.status), to: 'PLACED' },
  clone: { label: 'Clone Order', roles: ['seller', 'warehouse'], when: () => true },
  cloneEdit: { label: 'Clone & Edit Order', roles: ['seller', 'warehouse'], when: () => true },
  regenerateDocuments: { label: 'Regenerate Invoice and Shipping Label', roles: ALL_ROLES, when: (o) => o.hasAwb && o.status !== 'CANCELLED' },
  whatsappMessages: { label: 'Show Whatsapp messages', roles: ALL_ROLES, when: (o) => o.whatsappNdrActive },
  generateCreditNote: { label: 'Generate Credit Note', roles: ['admin'], when: (o) => o.status === 'DELIVERED' && isRetailer(o) },
} as const satisfies Record<string, Rule>;

export type OrderActionKey = keyof typeof ORDER_ACTIONS;
export const ORDER_ACTION_KEYS = Object.keys(ORDER_ACTIONS) as OrderActionKey[];

export function actionRule(key: OrderActionKey): Rule {
  return ORDER_ACTIONS[key] as Rule;
}

/** Every action this actor may take on this order now, in display order. */
export function availableActions(o: OrderFacts, a: Actor): OrderActionKey[] {
  return ORDER_ACTION_KEYS.filter((k) => {
    const r = actionRule(k);
    return r.roles.includes(a.role) && r.when(o, a);
  });
}

/** Why an action is refused (status code and message), or null when it is allowed. */
export function actionRefusal(o: OrderFacts, a: Actor, key: OrderActionKey): { status: 403 | 409; message: string } | null {
  const r = actionRule(key);
  if (!r.roles.includes(a.role)) return { status: 403, message: NOT_ALLOWED };
  if (!r.when(o, a)) return { status: 409, message: `${r.label} is not available for an order in status ${o.status}` };
  return null;
}

/** COD remittance is shown for delivered cash-on-delivery orders. */
export function showsCodRemittance(o: Pick<OrderFacts, 'status' | 'paymentMode'>): boolean {
  return o.status === 'DELIVERED' && o.paymentMode === 'cod';
}
/** Retailer orders paid by cash on delivery can be converted to credit when marked delivered. */
export function canConvertToCredit(o: Pick<OrderFacts, 'orderType' | 'paymentMode'>): boolean {
  return o.orderType === RETAILER_ORDER_TYPE && o.paymentMode === 'cod';
}

// ---------------------------------------------------------------------------
// Action inputs

const inputMsg = (label: string) => `Please input ${label}!`;
const reqText = (label: string, max = 120) => z.string({ error: inputMsg(label) }).trim().min(1, inputMsg(label)).max(max);

export const customerDetailsSchema = z.object({
  firstName: reqText('First Name', 60),
  lastName: reqText('Last Name', 60),
  phone: z.string({ error: inputMsg('Phone') }).trim().max(PHONE_INPUT_MAX).transform(normalisePhone).pipe(z.string().regex(/^[1-9][0-9]{9}$/, 'Phone number must be 10 digits')),
  email: z
    .string()
    .trim()
    .max(120)
    .optional()
    .transform((s) => (s ? s : undefined))
    .pipe(z.email('Email is not valid!').optional()),
  address1: reqText('Address Line 1', 200),
  address2: reqText('Address Line 2', 200),
  city: reqText('City', 80),
  state: reqText('State', 80),
  pincode: z.string({ error: inputMsg('Pincode') }).trim().max(12).regex(/^[1-9][0-9]{5}$/, 'Pincode must be 6 digits'),
});
export type CustomerDetails = z.output<typeof customerDetailsSchema>;

export const orderDetailsSchema = z.object({
  remarks: z.string().trim().max(500, 'Remarks cannot be more than 500 characters').optional(),
  ewayBill: z
    .string()
    .trim()
    .max(20, 'E-way bill number must be 12 digits')
    .optional()
    .refine((s) => !s || /^\d{12}$/.test(s), 'E-way bill number must be 12 digits'),
  purchaseOrderNumber: z.string().trim().max(40, 'Purchase order number cannot be more than 40 characters').optional(),
});

export const cancelOrderSchema = z.object({
  reason: z.string({ error: CANCEL_REASON_REQUIRED }).trim().min(1, CANCEL_REASON_REQUIRED).max(CANCEL_REASON_MAX, CANCEL_REASON_TOO_LONG),
});

/** Body of PATCH /orders/{id}/mark-delivered; the due-date window is checked against "today" by the caller. */
export const markDeliveredSchema = z.object({
  status: z.literal('DELIVERED').default('DELIVERED'),
  paymentMode: z.enum(PAYMENT_MODES).optional(),
  d2RDueDate: isoDate.nullish(),
});
export function dueDateInWindow(date: string, today: string = istToday()): boolean {
  return date >= today && date <= addDays(today, DUE_DATE_WINDOW_DAYS);
}

/** A shipping package whose maximum weight is below the order's weight. */
export const packageTooSmall = (name: string, maxG: number, orderG: number) =>
  `${name} holds at most ${maxG} g; this order weighs ${orderG} g`;
export const shippingPackageChangeSchema = z.object({
  orderId: z.string().min(1).max(64),
  selectedValue: z.string().min(1, 'Please select a shipping package').max(64),
});

export const returnItemSchema = z.object({ id: z.string().min(1).max(64), returnQuantity: z.number().int().min(0) });
export const scheduleReturnSchema = z.object({
  splitOrderId: z.string().min(1).max(64),
  items: z.array(returnItemSchema).min(1, RETURN_QTY_ZERO).max(200),
  reason: z.string().trim().max(500).optional(),
});
/** The quantity rules of a return, against the ordered quantities; null when fine. */
export function returnQuantityError(items: { id: string; returnQuantity: number }[], ordered: Map<string, number>): string | null {
  for (const it of items) {
    const q = ordered.get(it.id);
    if (q === undefined) return 'Unknown item in return';
    if (it.returnQuantity > q) return RETURN_QTY_TOO_HIGH;
  }
  if (!items.some((it) => it.returnQuantity > 0)) return RETURN_QTY_ZERO;
  return null;
}

export const cancelReturnSchema = z.object({
  splitOrderId: z.string().min(1).max(64),
  provider: z.string().max(64).nullish(),
  awb: z.string().max(40).nullish(),
});

export const weightChangeSchema = z.object({
  weightG: z.number().int().min(1, 'Weight must be at least 1 gram').max(500_000),
  lengthCm: z.number().positive().max(500).optional(),
  breadthCm: z.number().positive().max(500).optional(),
  heightCm: z.number().positive().max(500).optional(),
});
export const reassignWarehouseSchema = z.object({ warehouseId: z.string().min(1, 'Please select warehouse').max(64) });
export const updateQuantitiesSchema = z.object({
  items: z.array(z.object({ id: z.string().min(1).max(64), quantity: z.number().int().min(1, 'Quantity must be at least 1').max(100_000) })).min(1).max(200),
});
export const creditNoteSchema = z.object({
  amountPaise: z.number().int().min(1, 'Amount must be more than zero').optional(),
  reason: z.string().trim().min(1, 'Please enter a reason').max(500),
});

// Bulk actions
const idList = z.array(z.string().min(1).max(64)).min(1, SELECT_AT_LEAST_ONE).max(5000);
export const bulkReadyToShipSchema = z.object({
  /** Comma-separated ids, or a JSON array of ids: both are what callers send. */
  orderids: z
    .union([z.string().max(5000 * 65), z.array(z.string().max(64)).max(5000)], { error: SELECT_AT_LEAST_ONE })
    .transform((s) => [...new Set((typeof s === 'string' ? s.split(',') : s).map((x) => x.trim()).filter(Boolean))])
    .pipe(idList),
  socketId: z.string().max(200).optional(),
});
export const bulkCancelQuerySchema = z.object({
  orderIds: csv(z.string().min(1).max(64), 5000).pipe(
    z.array(z.string(), { error: SELECT_AT_LEAST_ONE }).min(1, SELECT_AT_LEAST_ONE).max(BULK_CANCEL_LIMIT, BULK_CANCEL_LIMIT_MSG),
  ),
  reason: z.string().trim().max(CANCEL_REASON_MAX, CANCEL_REASON_TOO_LONG).optional(),
});
export const bulkServiceabilitySchema = z.object({ orderIds: idList });

// ---------------------------------------------------------------------------
// Serviceability

/** Whether a partner's stored service levels include the special zones. */
export function servesSpecialZones(serviceLevels: unknown): boolean {
  let v: unknown = serviceLevels;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return false;
    }
  }
  const special = v && typeof v === 'object' ? (v as Record<string, unknown>).special : undefined;
  return typeof special === 'number' && Number.isFinite(special) && special > 0;
}

/**
 * A destination is serviceable when its pincode is in the directory and, if it
 * is in a special zone (J&K, Ladakh, the north-east, the islands), the courier
 * serves special zones. Returns the reason when it is not.
 */
export function serviceability(pincode: string, location: { isSpecial: boolean } | null, courierServesSpecial: boolean): { ok: true } | { ok: false; reason: string } {
  if (!location) return { ok: false, reason: `Pincode ${pincode} is not serviceable` };
  if (location.isSpecial && !courierServesSpecial) return { ok: false, reason: `Pincode ${pincode} is in a special zone the courier does not serve` };
  return { ok: true };
}

// ---------------------------------------------------------------------------
// Responses: typed once here, used by the handlers
// (`satisfies`) and the web client, and listed in /api/openapi.json.
// ---------------------------------------------------------------------------

const pageOf = z.object({ current: z.number(), pageSize: z.number(), pages: z.number() });

/** One item line of an order as the order-info slider reads it. */
export const OrderDetailItem = z.object({
  id: z.string(), title: z.string(), sku: z.string(), quantity: z.number(), finalPricePaise: z.number(), returnQuantity: z.number(),
  catalogueId: z.string().nullable(), isFree: z.boolean(), hsnCode: z.string().nullable(), wsinMapping: z.record(z.string(), z.number()),
});
export type OrderDetailItem = z.infer<typeof OrderDetailItem>;

/** One order as the order-info slider reads it (GET /api/orders/:id and every action's answer). */
export const OrderDetail = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string().nullable(),
  warehouseId: z.string().nullable(),
  shopOrderId: z.string(),
  externalOrderId: z.string().nullable(),
  status: z.string(),
  shopType: z.string(),
  orderType: z.number(),
  isD2ROrder: z.boolean(),
  isb2bOrder: z.boolean(),
  paymentMode: z.string(),
  totalPaise: z.number(),
  shippingPaise: z.number(),
  codPaise: z.number(),
  trackingNumber: z.string().nullable(),
  deliveryAwb: z.string().nullable(),
  returnAwb: z.string().nullable(),
  deliveryPartnerId: z.string().nullable(),
  shipper: z.string().nullable(),
  customerAddress: z.record(z.string(), z.string()),
  billingAddress: z.record(z.string(), z.string()),
  shippingEmail: z.string().nullable(),
  shippingPhone: z.string(),
  shipping: z.object({ state: z.string(), city: z.string(), pincode: z.string() }),
  pickup: z.object({ state: z.string().nullable(), pincode: z.string().nullable() }),
  weightG: z.number(),
  dimensions: z.object({ length: z.number(), breadth: z.number(), height: z.number() }),
  shippingPackageCode: z.string().nullable(),
  shippingPackageName: z.string().nullable(),
  /** The parcel as weighed and boxed at packing (null until then): grams and cm; volumetric L×B×H/5000 kg; chargeable the larger. */
  parcel: z
    .object({
      weightG: z.number(), packageCode: z.string().nullable(), lengthCm: z.number(), breadthCm: z.number(), heightCm: z.number(),
      volumetricWeightG: z.number(), chargeableWeightG: z.number(),
    })
    .nullable(),
  remittanceStatus: z.object({ status: z.string() }).nullable(),
  rtsVerifiedAt: z.string().nullable(),
  ewayBill: z.string().nullable(),
  /** Until the e-way bill's validity ends (ISO), when it was generated here by IRN. */
  ewayBillValidTill: z.string().nullable(),
  /** The consignment's value: its invoice's amount, or the order's total before the invoice is issued (paise). */
  consignmentValuePaise: z.number(),
  /** Worth more than ₹50,000 (domain/einvoice/rules.ts), no e-way bill yet, and not shipped: READY TO SHIP flags it. */
  ewayBillNeeded: z.boolean(),
  /** The order's latest invoice, when issued, and whether it has an IRN (an e-way bill by IRN needs one). */
  invoiceId: z.string().nullable(),
  invoiceIrnRegistered: z.boolean(),
  remarks: z.string().nullable(),
  cancelReason: z.string().nullable(),
  d2rDueDate: z.string().nullable(),
  purchaseOrderNumber: z.string().nullable(),
  beat: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
  shippingLabelUrl: z.string().nullable(),
  inventoryBlocked: z.boolean(),
  whatsappNdrActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
  actions: z.array(z.enum(ORDER_ACTION_KEYS as [OrderActionKey, ...OrderActionKey[]])),
  items: z.array(OrderDetailItem),
  trails: z.array(z.object({
    id: z.string(), status: z.string(), description: z.string(), city: z.string().nullable(), return: z.boolean(),
    source: z.string(), actorName: z.string().nullable(), createdAt: z.string(),
  })),
  creditDebitNotes: z.array(z.object({
    id: z.string(), number: z.string(), amountPaise: z.number(), reason: z.string(), actorName: z.string().nullable(), createdAt: z.string(),
  })),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** GET /api/orders/:id */
export const OrderDetailResponse = okBody({ data: OrderDetail });
export type OrderDetailResponse = z.infer<typeof OrderDetailResponse>;

/** Every order action (PATCH /api/orders/:id/...): its message and the order as it is afterwards. */
export const OrderActionResponse = okBody({ message: z.string(), data: OrderDetail });
export type OrderActionResponse = z.infer<typeof OrderActionResponse>;

/** PATCH /api/orders/:id/ready-to-ship: the action's answer and the courier booking it made. */
export const ReadyToShipResponse = OrderActionResponse.extend({ booking: CourierBooking.nullable() });
export type ReadyToShipResponse = z.infer<typeof ReadyToShipResponse>;

/** An item line of the order list: the detail's line without prices and stock mapping. */
export const OrderListItemLine = OrderDetailItem.pick({ id: true, title: true, sku: true, quantity: true, catalogueId: true });
export type OrderListItemLine = z.infer<typeof OrderListItemLine>;

/** One row of the order list: the order's own fields as the detail has them, its customer in short and its items. */
export const OrderListItem = OrderDetail.pick({
  id: true, companyId: true, warehouseId: true, shopOrderId: true, externalOrderId: true, status: true, shopType: true, orderType: true,
  paymentMode: true, totalPaise: true, trackingNumber: true, shipper: true, createdAt: true, updatedAt: true,
}).extend({
  customerName: z.string(),
  customerPhone: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  /** The remittance status in short (the detail has it as an object). */
  remittanceStatus: z.string().nullable(),
  /** As the detail's: not shipped, worth more than ₹50,000 and no e-way bill yet. */
  ewayBillNeeded: z.boolean(),
  items: z.array(OrderListItemLine),
});
export type OrderListItem = z.infer<typeof OrderListItem>;

/** GET /api/orders/counts: the sidebar's counts (per status, missed orders, customer requests). */
export const OrderCountsResponse = okBody({
  count: z.record(z.string(), z.number()),
  missedOrderCount: z.number(),
  customerRequestCount: z.number(),
});
export type OrderCountsResponse = z.infer<typeof OrderCountsResponse>;

/** GET /api/orders: one page of a section, the sidebar's counts and the section's total. */
export const OrderListResponse = OrderCountsResponse.extend({
  message: z.string(),
  order: z.array(OrderListItem),
  currentCount: z.number(),
  currentCountCapped: z.boolean(),
  page: z.object({
    pageSize: z.number(),
    sortField: z.string(),
    sortOrder: z.string(),
    current: z.number().nullable(),
    pages: z.number().nullable(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
  }),
});
export type OrderListResponse = z.infer<typeof OrderListResponse>;

/** The fields of a list paged by number: its items under `key`, the filter's count and the page. */
function numberedList<K extends string, T extends z.ZodType>(key: K, item: T) {
  const items = { [key]: z.array(item) } as { [P in K]: z.ZodArray<T> };
  return { message: z.string(), ...items, currentCount: z.number(), page: pageOf };
}

export const MissedOrderItem = z.object({
  id: z.string(), companyId: z.string(), shopOrderId: z.string(), status: z.string(), synced: z.boolean(), syncState: z.string(),
  reason: z.string().nullable(), createdAt: z.string(),
});
export type MissedOrderItem = z.infer<typeof MissedOrderItem>;

/** GET /api/missed-orders */
export const MissedOrdersResponse = OrderCountsResponse.omit({ customerRequestCount: true }).extend(numberedList('order', MissedOrderItem));
export type MissedOrdersResponse = z.infer<typeof MissedOrdersResponse>;

export const CustomerRequestItem = z.object({
  id: z.string(), orderId: z.string(), companyId: z.string(), kind: z.string(), status: z.string(), createdAt: z.string(), shopOrderId: z.string(),
  customerName: z.string(), customerPhone: z.string(), awb: z.string().nullable(), orderStatus: z.string(), city: z.string(),
});
export type CustomerRequestItem = z.infer<typeof CustomerRequestItem>;

/** GET /api/customerRequests */
export const CustomerRequestsResponse = okBody(numberedList('data', CustomerRequestItem));
export type CustomerRequestsResponse = z.infer<typeof CustomerRequestsResponse>;

/** A customer request as the NDR info modal reads it: the list's own fields, what was asked and its order. */
export const CustomerRequestDetail = CustomerRequestItem.pick({ id: true, orderId: true, companyId: true, kind: true, status: true, createdAt: true }).extend({
  payload: z.record(z.string(), z.unknown()),
  order: z.object({
    shopOrderId: z.string(), customerName: z.string(), customerPhone: z.string(), awb: z.string().nullable(), status: z.string(),
    shipper: z.string().nullable(), address: z.record(z.string(), z.unknown()),
  }),
});
export type CustomerRequestDetail = z.infer<typeof CustomerRequestDetail>;

/** GET /api/customerRequests/find/:id (the NDR info modal reads data.data). */
export const CustomerRequestFindResponse = okBody({ message: z.string(), data: z.object({ data: CustomerRequestDetail }) });
export type CustomerRequestFindResponse = z.infer<typeof CustomerRequestFindResponse>;

export const ShippingPackage = z.object({
  code: z.string(), name: z.string(), lengthCm: z.number(), breadthCm: z.number(), heightCm: z.number(), maxWeightG: z.number(),
  label: z.string(), value: z.string(),
});
export type ShippingPackage = z.infer<typeof ShippingPackage>;

/** GET /api/shipping-packages */
export const ShippingPackagesResponse = okBody({ data: z.array(ShippingPackage) });
export type ShippingPackagesResponse = z.infer<typeof ShippingPackagesResponse>;

/** GET /api/orders/:id/whatsapp-messages */
export const WhatsappMessagesResponse = okBody({
  data: z.array(z.object({ id: z.string(), status: z.string(), message: z.string(), source: z.string(), sender: z.string().nullable(), createdAt: z.string() })),
});
export type WhatsappMessagesResponse = z.infer<typeof WhatsappMessagesResponse>;

/** POST /api/bulkreadytoship (202): the durable job that marks them; poll GET /api/jobs/:id. */
export const BulkReadyToShipStarted = okBody({ message: z.string(), jobId: z.string(), total: z.number() });
export type BulkReadyToShipStarted = z.infer<typeof BulkReadyToShipStarted>;

/** POST /api/bulk-check-serviceability */
export const BulkServiceabilityResponse = okBody({
  message: z.string(),
  data: z.array(z.object({
    orderId: z.string(), shopOrderId: z.string(), pincode: z.string(), serviceable: z.boolean(), reason: z.string().nullable(), status: z.string(),
  })),
});
export type BulkServiceabilityResponse = z.infer<typeof BulkServiceabilityResponse>;

/** GET /api/bulk/cancel-placed-orders/:companyId: `status` is true when at least one order was cancelled. */
export const BulkCancelResponse = z.object({
  status: z.boolean(),
  message: z.string(),
  cancelled: z.array(z.string()),
  failed: z.array(z.object({ orderId: z.string(), shopOrderId: z.string(), reason: z.string() })),
});
export type BulkCancelResponse = z.infer<typeof BulkCancelResponse>;
