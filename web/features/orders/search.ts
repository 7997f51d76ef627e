// The /orders page state held in the URL (filters, section, sort, page, the
// open order) and how it maps to the list API's query.
import { z } from 'zod';
import { DATE_RE } from '../../../domain/orders/field-schemas';
import { FILTER_KEYS, SYNC_STATES, type FilterKey } from '../../../domain/orders/filters';
import { PAGE_SIZES, SORT_FIELDS, SORT_ORDERS } from '../../../domain/orders/paging';
import { SECTION_NAMES, sectionByKey, type SectionName } from '../../../domain/orders/sections';
import { PAYMENT_MODES, SHOP_TYPES } from '../../../domain/statuses';

const opt = <T extends z.ZodType>(s: T) => s.optional().catch(undefined);

export const ordersSearchSchema = z.object({
  /** A section name, or the spec's numeric key (1 All, 2 Missed Orders, ...). */
  tab: opt(z.preprocess((v) => (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? sectionByKey(Number(v))?.name : v), z.enum(SECTION_NAMES))),
  status: opt(z.string().max(600)),
  from: opt(z.string().regex(DATE_RE)),
  to: opt(z.string().regex(DATE_RE)),
  q: opt(z.string().max(64)),
  paymentMode: opt(z.enum(PAYMENT_MODES)),
  shopType: opt(z.enum(SHOP_TYPES)),
  orderType: opt(z.coerce.number().int().min(0).max(2)),
  companyId: opt(z.string().max(64)),
  courier: opt(z.string().max(64)),
  warehouseId: opt(z.string().max(64)),
  /** Held in the URL as a number (pincode=560001): a digit string would be written JSON-quoted. */
  pincode: opt(z.union([z.number(), z.string()]).transform(String).pipe(z.string().regex(/^\d{6}$/))),
  sku: opt(z.string().max(64)),
  beatId: opt(z.string().max(64)),
  /** A delivery cluster (id; warehouse users). */
  cluster: opt(z.string().max(64)),
  sortField: opt(z.enum(SORT_FIELDS)),
  sortOrder: opt(z.enum(SORT_ORDERS)),
  pageSize: opt(z.coerce.number().int().refine((n) => (PAGE_SIZES as readonly number[]).includes(n))),
  cursor: opt(z.string().max(400)),
  dir: opt(z.enum(['next', 'prev'])),
  last: opt(z.coerce.boolean()),
  /** Page number shown (the server pages by cursor). */
  pn: opt(z.coerce.number().int().min(1)),
  /** The order open in the slider. */
  order: opt(z.string().max(64)),
  // Missed orders view
  mstatus: opt(z.string().max(200)),
  sync: opt(z.enum(SYNC_STATES)),
  mpage: opt(z.coerce.number().int().min(1)),
  // Customer requests view
  rpage: opt(z.coerce.number().int().min(1)),
});
export type OrdersSearch = z.output<typeof ordersSearchSchema>;

/** The search as written to the URL: the pincode as a number, so the address bar shows pincode=560001. */
export function urlSearch(next: OrdersSearch): OrdersSearch {
  return (next.pincode ? { ...next, pincode: Number(next.pincode) } : next) as OrdersSearch;
}
export type FilterValues = Partial<Pick<OrdersSearch, FilterKey>>;

export function filterOf(s: OrdersSearch): FilterValues {
  const out: FilterValues = {};
  for (const k of FILTER_KEYS) if (s[k] !== undefined && s[k] !== '') (out as Record<string, unknown>)[k] = s[k];
  return out;
}
export const hasFilter = (f: FilterValues) => Object.keys(f).length > 0;

/** Search params with every filter, the page and the open order cleared (section and sort kept). */
export function withoutFilters(s: OrdersSearch): OrdersSearch {
  const out: OrdersSearch = { ...s };
  for (const k of FILTER_KEYS) delete out[k];
  return resetPage(out);
}
export function resetPage(s: OrdersSearch): OrdersSearch {
  const { cursor: _c, dir: _d, last: _l, pn: _p, ...rest } = s;
  return rest;
}

export function sectionOf(s: OrdersSearch): SectionName {
  return s.tab ?? 'all';
}

/** The GET /api/orders query for the page's state. */
export function listParams(s: OrdersSearch): Record<string, string> {
  const p: Record<string, string> = { tab: sectionOf(s) };
  const f = filterOf(s);
  for (const [k, v] of Object.entries(f)) p[k] = String(v);
  if (s.sortField) p.sortField = s.sortField;
  if (s.sortOrder) p.sortOrder = s.sortOrder;
  if (s.pageSize) p.pageSize = String(s.pageSize);
  if (s.last) p.page = 'last';
  else if (s.cursor) {
    p.cursor = s.cursor;
    if (s.dir) p.dir = s.dir;
  }
  return p;
}
