// Responses of the orders API: typed once here, used by the handlers
// (`satisfies`) and the web client, and listed in /api/openapi.json.
import { z } from 'zod';
import { CourierBooking } from '../carriers';
import { okBody } from '../api';
import { ORDER_ACTION_KEYS, type OrderActionKey } from './actions';

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
