// The admin delivery-order (last-mile) panel: statuses, which admin action is
// allowed in which status, the request schemas of the admin calls and their
// exact texts (spec part 2 §3, §4, §5, §7, §8), and the response types shared
// by the API and the web client.
import { z } from 'zod';
import { okBody } from './api';
import { isoDay } from './iso-day';
import { EMAIL_INVALID, SELECT_AT_LEAST_ONE, SERVER_ERROR_RETRY } from './messages';

/** Delivery order statuses (part 2 §4). */
export const DELIVERY_STATUSES = [
  'PLACED',
  'RECEIVED',
  'ASSIGNED',
  'OUT_FOR_DELIVERY',
  'UNATTEMPTED',
  'UNDELIVERED',
  'DELIVERED',
  'RTO_IN_TRANSIT',
  'RTO_DELIVERED',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  PLACED: 'Placed',
  RECEIVED: 'Received',
  ASSIGNED: 'Assigned',
  OUT_FOR_DELIVERY: 'Out for delivery',
  UNATTEMPTED: 'Unattempted',
  UNDELIVERED: 'Undelivered',
  DELIVERED: 'Delivered',
  RTO_IN_TRANSIT: 'RTO in transit',
  RTO_DELIVERED: 'RTO delivered',
};

/** The admin may act (deliver, undeliver, cancel, RTO-deliver) in every status but these. */
export const FINAL_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['DELIVERED', 'RTO_DELIVERED'];
export const ACTIONABLE_STATUSES: readonly DeliveryStatus[] = DELIVERY_STATUSES.filter((s) => !FINAL_DELIVERY_STATUSES.includes(s));
/** Driver name and phone show only in these statuses. */
export const DRIVER_VISIBLE_STATUSES: readonly DeliveryStatus[] = ['ASSIGNED', 'OUT_FOR_DELIVERY', 'DELIVERED'];
/** Orders that may be (re)assigned to a driver. */
export const ASSIGNABLE_STATUSES: readonly DeliveryStatus[] = ['PLACED', 'RECEIVED', 'ASSIGNED', 'UNATTEMPTED', 'UNDELIVERED'];

export const DELIVERY_ACTIONS = ['delivered', 'undelivered', 'cancelled', 'rto-delivered'] as const;
export type DeliveryAction = (typeof DELIVERY_ACTIONS)[number];

/** The status each action leads to ("cancel" sends the parcel back: RTO_IN_TRANSIT). */
export const ACTION_TARGET: Record<DeliveryAction, DeliveryStatus> = {
  delivered: 'DELIVERED',
  undelivered: 'UNDELIVERED',
  cancelled: 'RTO_IN_TRANSIT',
  'rto-delivered': 'RTO_DELIVERED',
};
export const ACTION_LABELS: Record<DeliveryAction, string> = {
  delivered: 'Mark delivered',
  undelivered: 'Mark undelivered',
  cancelled: 'Cancel',
  'rto-delivered': 'Mark RTO delivered',
};

export const canAct = (status: string): boolean => (ACTIONABLE_STATUSES as readonly string[]).includes(status);
export const canAssign = (status: string): boolean => (ASSIGNABLE_STATUSES as readonly string[]).includes(status);
export const driverVisible = (status: string): boolean => (DRIVER_VISIBLE_STATUSES as readonly string[]).includes(status);

// ---- texts ----------------------------------------------------------------------------
/** Fallbacks when a mark call answers without a status (part 2 §8). */
export const ACTION_FALLBACK: Record<DeliveryAction, string> = {
  delivered: 'could not mark order as delivered',
  undelivered: 'could not mark order as undelivered',
  cancelled: 'could not mark order as cancelled',
  'rto-delivered': 'could not mark order as RTO Delivered',
};
export const ACTION_DONE: Record<DeliveryAction, string> = {
  delivered: 'Order marked as delivered',
  undelivered: 'Order marked as undelivered',
  cancelled: 'Order cancelled, it is now RTO in transit',
  'rto-delivered': 'Order marked as RTO delivered',
};
export const SELECT_REASON = 'Please select a reason';
export const TYPE_REASON = 'Please type the reason';
export const PAST_TIME = 'Please choose a date and time in the past';
export const DELIVERY_NOT_FOUND = 'Delivery order not found';
export const DRIVER_NOT_FOUND = 'Driver not found';
export const DRIVER_INACTIVE = 'This driver is not active';
export const SERVER_ERROR = SERVER_ERROR_RETRY;
export const REQUEST_REUSED = 'This request id was already used for another action';
export const CHANGED_MEANWHILE = 'This order was changed meanwhile, please reload it';
export const finalStatusRefusal = (awb: string, status: string) =>
  `Order ${awb} is ${DELIVERY_STATUS_LABELS[status as DeliveryStatus] ?? status}; no further action is possible`;
/** Orders whose delivery pincode the driver's cluster does not serve. */
export const outsideDriverCluster = (driver: string, awbs: string[]) =>
  `${driver}'s cluster does not serve the pincode of: ${awbs.join(', ')}`;
export const DRIVER_WITHOUT_CLUSTER = 'This driver has no cluster: assign the driver to a cluster first';
export const notAssignable = (awbs: string[]) => `These orders cannot be assigned to a driver in their status: ${awbs.join(', ')}`;
export const SELECT_AT_LEAST_ONE_ORDER = SELECT_AT_LEAST_ONE;

export const OTHER_REASON = 'Other';
export const UNDELIVERED_REASONS = [
  'Customer not available',
  'Customer refused delivery',
  'Address not found',
  'Customer asked to reschedule',
  'Cash not ready for COD',
  OTHER_REASON,
] as const;

// ---- requests ---------------------------------------------------------------------------
const awbField = z.string({ error: 'Please enter the AWB' }).trim().min(4, 'AWB must be 4 to 15 characters').max(15, 'AWB must be 4 to 15 characters');
/** The client's name for one attempt of an action (a retry or a double click sends the same). */
const requestIdField = z.string({ error: 'requestId is required' }).trim().min(8).max(64);
const idField = z.string().trim().min(1).max(64);

export const markDeliveredSchema = z.object({
  awb: awbField,
  driverId: idField.optional(),
  /** When the parcel was handed over: ISO date-time, not in the future. */
  timeStamp: z.iso.datetime({ offset: true, error: PAST_TIME }).max(40, PAST_TIME),
  /** Key of an uploaded proof-of-delivery photo (POST /uploads/presign, purpose 'proof'). */
  podKey: z.string().trim().min(1).max(200).optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  requestId: requestIdField,
});
export const markUndeliveredSchema = z
  .object({
    awb: awbField,
    driverId: idField.optional(),
    reason: z.string({ error: SELECT_REASON }).trim().min(1, SELECT_REASON).max(100, SELECT_REASON),
    /** The typed reason when `reason` is "Other". */
    otherReason: z.string().trim().max(500).optional(),
    requestId: requestIdField,
  })
  .superRefine((v, ctx) => {
    if (v.reason === OTHER_REASON && !v.otherReason) ctx.addIssue({ code: 'custom', path: ['otherReason'], message: TYPE_REASON });
  });
export const markCancelledSchema = z.object({
  awb: awbField,
  reason: z.string().trim().max(500, 'Reason can be at most 500 characters').optional(),
  requestId: requestIdField,
});
export const markRtoDeliveredSchema = z.object({ awb: awbField, requestId: requestIdField });
export type MarkDeliveredInput = z.output<typeof markDeliveredSchema>;
export type MarkUndeliveredInput = z.output<typeof markUndeliveredSchema>;
export type MarkCancelledInput = z.output<typeof markCancelledSchema>;
export type MarkRtoDeliveredInput = z.output<typeof markRtoDeliveredSchema>;

/** The stored undelivered reason: the typed one when "Other" was chosen. */
export const undeliveredReasonOf = (v: { reason: string; otherReason?: string }) =>
  v.reason === OTHER_REASON ? `Other: ${v.otherReason ?? ''}` : v.reason;

export const DELIVERY_SORT_FIELDS = ['createdAt', 'updatedAt', 'awb'] as const;
export type DeliverySortField = (typeof DELIVERY_SORT_FIELDS)[number];
export const DELIVERY_PAGE_SIZES = [20, 50, 100] as const;
const csvList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string().max(400), z.array(z.string().max(40)).max(20)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).max(20));

// The admin lists (delivery orders here, journeys in ./admin) filter by India days, page the same way
// and e-mail their CSV for a filter.
/** From and to India day, both optional and inclusive. */
export const dayRangeShape = { start: isoDay().optional(), end: isoDay().optional() };
/** `pageNumber` and `records` (rows per page, 20 unless asked) of an admin list's query. */
export const listPageShape = {
  records: z.coerce.number().int().min(1).max(100).default(20),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
};
/** The body of an admin list's "e-mail me the CSV": where to, and the list's filter. */
export const csvEmailOf = <Filter extends z.ZodType>(filter: Filter) => z.object({ email: z.email(EMAIL_INVALID).max(200), filter });
/** An id an admin list may be filtered by (a company, a driver, a cluster). */
export const idFilter = z.string().trim().max(64).optional();
/**
 * An admin list's query schemas from its own filter fields: the filter (with the India day range; the list's count
 * and CSV read it) and the list query (the filter, the page and the list's own sort fields).
 */
export function adminListQuery<Fields extends z.ZodRawShape, Sort extends z.ZodRawShape>(fields: Fields, sort: Sort) {
  const filterShape = { ...dayRangeShape, ...fields };
  return { filter: z.object(filterShape), list: z.object({ ...filterShape, ...listPageShape, ...sort }) };
}

/** The filter of GET /admin/orders (and its count and CSV): part 2 §7 names. */
const deliveryQuery = adminListQuery(
  {
    paymentMethod: z.enum(['cod', 'prepaid']).optional(),
    company: idFilter,
    orderStatus: csvList(DELIVERY_STATUSES).optional(),
    driverId: idFilter,
    search: z.string().trim().max(40).optional(),
  },
  { order: z.enum(['ASC', 'DESC']).default('DESC'), by: z.enum(DELIVERY_SORT_FIELDS).default('createdAt') },
);
export const deliveryFilterSchema = deliveryQuery.filter;
export type DeliveryFilter = z.output<typeof deliveryFilterSchema>;
export const deliveryListQuerySchema = deliveryQuery.list;
export type DeliveryListQuery = z.output<typeof deliveryListQuerySchema>;
/** Counts above this are reported as "more than" (the page counts no further). */
export const DELIVERY_COUNT_CAP = 1_000;

export const assignOrdersSchema = z.object({
  assignedOrderIds: z
    .array(awbField, { error: SELECT_AT_LEAST_ONE_ORDER })
    .min(1, SELECT_AT_LEAST_ONE_ORDER)
    .max(200, 'At most 200 orders can be assigned at once')
    .transform((ids) => [...new Set(ids)]),
  driverId: idField,
  requestId: requestIdField.optional(),
});
export type AssignOrdersInput = z.output<typeof assignOrdersSchema>;

export const csvEmailSchema = csvEmailOf(deliveryFilterSchema.default({}));

/** Active filters counted by the badge on the filter button. */
export function activeFilterCount(f: Partial<Record<keyof typeof deliveryFilterSchema.shape, unknown>>): number {
  let n = 0;
  if (f.start || f.end) n++;
  if (f.paymentMethod) n++;
  if (f.company) n++;
  if (Array.isArray(f.orderStatus) ? f.orderStatus.length : f.orderStatus) n++;
  if (f.driverId) n++;
  if (f.search) n++;
  return n;
}

// ---- responses --------------------------------------------------------------------------
export type CustomerAddress = { name: string; phone: string; addressLine1: string; addressLine2: string; city: string; state: string; pincode: string };
export type DeliveryDriver = { id: string; name: string; phone: string };
export type DeliveryOrderRow = {
  awb: string;
  orderStatus: DeliveryStatus;
  attempt: number;
  paymentMethod: string;
  totalPrice: number;
  companyId: string;
  companyName: string;
  customerName: string;
  city: string;
  pincode: string;
  driver: DeliveryDriver | null;
  createdAt: string;
  updatedAt: string;
};
export type DeliveryTrail = { id: string; status: string; fromStatus: string | null; action: string; note: string | null; actorName: string; createdAt: string };
export type DeliveryOrderDetail = {
  awb: string;
  orderStatus: DeliveryStatus;
  attempt: number;
  otp: string | null;
  paymentMethod: string;
  totalPrice: number;
  companyId: string;
  companyName: string;
  customerAddress: CustomerAddress;
  /** Only when the status is ASSIGNED, OUT_FOR_DELIVERY or DELIVERED. */
  driver: DeliveryDriver | null;
  podUrl: string | null;
  shippingLabelURL: string | null;
  /** Where the proof of delivery was taken. */
  cordinates: { latitude: number; longitude: number } | null;
  deliveredAt: string | null;
  lastReason: string | null;
  journeyId: string | null;
  trails: DeliveryTrail[];
  version: number;
};
export type DeliveryListResponse = {
  status: true;
  message: string;
  orders: DeliveryOrderRow[];
  currentCount: number;
  /** True when there are more than `currentCount` (= DELIVERY_COUNT_CAP) orders. */
  capped: boolean;
  pageNumber: number;
  records: number;
  pages: number;
};
export type DeliveryDetailResponse = { status: true; order: DeliveryOrderDetail };
export type DeliveryActionResponse = { status: true; message: string; awb: string; orderStatus: DeliveryStatus; replayed: boolean };
export type AssignOrdersResponse = { status: true; message: string; journeyId: string; assigned: number; driver: DeliveryDriver; replayed: boolean };
export type OrdersCountResponse = { status: true; ordersCount: number; limit: number };
export type JobQueuedResponse = { status: true; jobId: string; message: string; total: number };

// Response schemas (same names as the types above; listed in /api/openapi.json).
const DeliveryDriverSchema = z.object({ id: z.string(), name: z.string(), phone: z.string() });
/** GET /api/admin/orders, GET /api/lightning/orders */
export const DeliveryListResponse: z.ZodType<DeliveryListResponse> = okBody({
  message: z.string(),
  orders: z.array(z.object({
    awb: z.string(), orderStatus: z.enum(DELIVERY_STATUSES), attempt: z.number(), paymentMethod: z.string(), totalPrice: z.number(), companyId: z.string(),
    companyName: z.string(), customerName: z.string(), city: z.string(), pincode: z.string(), driver: DeliveryDriverSchema.nullable(), createdAt: z.string(), updatedAt: z.string(),
  })),
  currentCount: z.number(),
  capped: z.boolean(),
  pageNumber: z.number(),
  records: z.number(),
  pages: z.number(),
});
/** GET /api/admin/orders/:awb, GET /api/lightning/orders/:awb */
export const DeliveryDetailResponse: z.ZodType<DeliveryDetailResponse> = okBody({
  order: z.object({
    awb: z.string(), orderStatus: z.enum(DELIVERY_STATUSES), attempt: z.number(), otp: z.string().nullable(), paymentMethod: z.string(), totalPrice: z.number(),
    companyId: z.string(), companyName: z.string(),
    customerAddress: z.object({ name: z.string(), phone: z.string(), addressLine1: z.string(), addressLine2: z.string(), city: z.string(), state: z.string(), pincode: z.string() }),
    driver: DeliveryDriverSchema.nullable(), podUrl: z.string().nullable(), shippingLabelURL: z.string().nullable(),
    cordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(), deliveredAt: z.string().nullable(), lastReason: z.string().nullable(),
    journeyId: z.string().nullable(),
    trails: z.array(z.object({ id: z.string(), status: z.string(), fromStatus: z.string().nullable(), action: z.string(), note: z.string().nullable(), actorName: z.string(), createdAt: z.string() })),
    version: z.number(),
  }),
});
/** POST /api/admin/order/mark-as-(delivered|undelivered|cancelled|rto-delivered) */
export const DeliveryActionResponse: z.ZodType<DeliveryActionResponse> = okBody({
  message: z.string(), awb: z.string(), orderStatus: z.enum(DELIVERY_STATUSES), replayed: z.boolean(),
});
/** POST /api/admin/drivers/assigned-orders */
export const AssignOrdersResponse: z.ZodType<AssignOrdersResponse> = okBody({
  message: z.string(), journeyId: z.string(), assigned: z.number(), driver: DeliveryDriverSchema, replayed: z.boolean(),
});
/** POST /api/admin/csv/orders/download/email, POST /api/admin/journey/download/email (202) */
export const JobQueuedResponse: z.ZodType<JobQueuedResponse> = okBody({ jobId: z.string(), message: z.string(), total: z.number() });
/** GET /api/admin/orders/filter/count */
export const OrdersCountResponse: z.ZodType<OrdersCountResponse> = okBody({ ordersCount: z.number(), limit: z.number() });
