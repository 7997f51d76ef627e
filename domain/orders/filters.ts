// The list filters: URL search params of /orders and the query of GET /api/orders,
// and the queries of the missed orders and customer requests lists.
import { z } from 'zod';
import { MISSED_ORDER_STATUSES, ORDER_STATUSES, PAYMENT_MODES, SHOP_TYPES } from '../statuses';
import { START_BEFORE_END } from '../messages';
import { ORDER_TABLE_SECTIONS } from './sections';
import { DEFAULT_PAGE_SIZE, MAX_OFFSET_ROWS, SORT_FIELDS, SORT_ORDERS } from './paging';
import { decodeCursor } from './cursor';
import { blankToUndefined, csv, isoDate } from './field-schemas';

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

export type FilterKey = (typeof FILTER_KEYS)[number];

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

export const customerRequestQuerySchema = z.object({
  status: z.enum(['OPEN', 'DONE']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(10).max(200).default(DEFAULT_PAGE_SIZE),
});
