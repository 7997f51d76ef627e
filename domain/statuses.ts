/** Seller/admin order statuses (part 2 §4), plus the return and NDR statuses of part 1 §4. */
export const ORDER_STATUSES = [
  'PLACED',
  'PROCESSED',
  'READY_TO_SHIP',
  'SHIPPED',
  'IN_TRANSIT',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'UNDELIVERED',
  'UNSERVICEABLE',
  'CANCELLED',
  'RTO_IN_TRANSIT',
  'RTO_OUT_FOR_DELIVERY',
  'RTO_UNDELIVERED',
  'RTO_DELIVERED',
  'RTO_PROCESSED',
  'DTO_PLACED',
  'DTO_CANCELLED',
  'DTO_IN_TRANSIT',
  'DTO_OUT_FOR_DELIVERY',
  'DTO_UNDELIVERED',
  'DTO_DELIVERED',
  'DTO_PROCESSED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = Object.fromEntries(
  ORDER_STATUSES.map((s) => [s, s.replace(/_/g, ' ').toLowerCase().replace(/^(rto|dto)/, (m) => m.toUpperCase())]),
) as Record<OrderStatus, string>;

// Last-mile delivery order statuses (part 2 §4): DELIVERY_STATUSES in domain/delivery.ts.

/** Missed orders (orders a channel sent that could not be created) have their own enumeration. */
export const MISSED_ORDER_STATUSES = ['FAILED', 'PENDING', 'RESOLVED', 'IGNORED'] as const;
export type MissedOrderStatus = (typeof MISSED_ORDER_STATUSES)[number];

export const PAYMENT_MODES = ['cod', 'prepaid', 'credit'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const REMITTANCE_STATUSES = ['PROCESSING', 'DUE', 'PAID'] as const;
export type RemittanceStatus = (typeof REMITTANCE_STATUSES)[number];

export const SHOP_TYPES = ['manual', 'manual_fbw', 'shopify', 'woocommerce'] as const;
export type ShopType = (typeof SHOP_TYPES)[number];
