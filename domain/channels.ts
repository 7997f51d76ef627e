// Store orders (Shopify, WooCommerce) as ShipDesk reads them: the webhook and
// API payloads (zod, bounded, only the fields relied on: docs/integrations/
// shopify.md and woocommerce.md), one StoreOrder shape for both, and the rules
// that turn it into an order here (payment mode, addresses, lines).
import { z } from 'zod';
import { okBody } from './api';
import { JobView } from './jobs';
import type { PaymentMode } from './statuses';

export const CHANNEL_KINDS = ['shopify', 'woocommerce'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** Shopify's Admin API version every call and webhook is read at. */
export const SHOPIFY_API_VERSION = '2025-07';

const str = (max: number) => z.string().max(max);
const optStr = (max: number) => z.string().max(max).nullish();
const money = z.union([z.string().max(24), z.number()]).nullish();
// A number (Shopify's ids pass 2^53: JSON.parse rounds them, so Shopify's admin_graphql_api_id is preferred) or a string.
const id = z.union([z.number(), z.string().max(64)]).transform(String);

export type StoreAddress = {
  firstName: string; lastName: string; phone: string; email: string; address1: string; address2: string; city: string; state: string; zip: string; company: string;
};
export type StoreLine = { sku: string; title: string; quantity: number; unitPrice: string };
export type StoreOrder = {
  channel: ChannelKind;
  storeOrderId: string;
  /** What the seller and buyer call it ('#1001'); the order id here. */
  name: string;
  updatedAt: string;
  cancelled: boolean;
  /** Not an order to ship (a draft, a checkout in progress): ignored. */
  ignoredBecause: string | null;
  paymentMode: PaymentMode;
  shipping: StoreAddress;
  billing: StoreAddress;
  lines: StoreLine[];
  shippingPrice: string;
  discount: string;
};

const amount = (v: string | number | null | undefined) => {
  const n = typeof v === 'number' ? v : Number.parseFloat(v ?? '');
  return Number.isFinite(n) && n > 0 ? String(Math.round(n * 100) / 100) : '0';
};

// ---- Shopify: the order resource as webhooks send it (REST JSON shape) ----

const shopifyAddress = z.object({
  first_name: optStr(100), last_name: optStr(100), phone: optStr(40), address1: optStr(300), address2: optStr(300),
  city: optStr(100), province: optStr(100), zip: optStr(20), company: optStr(200),
}).nullish();

export const shopifyOrderSchema = z.object({
  id,
  admin_graphql_api_id: z.string().max(100).regex(/^gid:\/\/shopify\/Order\/\d+$/).nullish(),
  name: str(64),
  email: optStr(320),
  phone: optStr(40),
  updated_at: str(40),
  cancelled_at: optStr(40),
  financial_status: optStr(40),
  payment_gateway_names: z.array(str(100)).max(20).nullish(),
  total_discounts: money,
  shipping_lines: z.array(z.object({ price: money })).max(50).nullish(),
  line_items: z.array(z.object({ sku: optStr(100), title: optStr(300), quantity: z.number().int().min(0).max(100_000), price: money })).max(500),
  shipping_address: shopifyAddress,
  billing_address: shopifyAddress,
  customer: z.object({ first_name: optStr(100), last_name: optStr(100), phone: optStr(40), email: optStr(320) }).nullish(),
});
export type ShopifyOrder = z.output<typeof shopifyOrderSchema>;

/** Cash on delivery: a COD gateway and the money not yet paid (Shopify's financial_status 'pending'). */
export function shopifyPaymentMode(o: Pick<ShopifyOrder, 'financial_status' | 'payment_gateway_names'>): PaymentMode {
  const cod = (o.payment_gateway_names ?? []).some((g) => /cash on delivery|\bcod\b/i.test(g));
  return cod && o.financial_status !== 'paid' ? 'cod' : 'prepaid';
}

function shopifyAddressOf(a: z.output<typeof shopifyAddress>, o: ShopifyOrder): StoreAddress {
  return {
    firstName: a?.first_name ?? o.customer?.first_name ?? '', lastName: a?.last_name ?? o.customer?.last_name ?? '',
    phone: a?.phone ?? o.phone ?? o.customer?.phone ?? '', email: o.email ?? o.customer?.email ?? '',
    address1: a?.address1 ?? '', address2: a?.address2 ?? '', city: a?.city ?? '', state: a?.province ?? '', zip: a?.zip ?? '', company: a?.company ?? '',
  };
}

export function fromShopify(o: ShopifyOrder): StoreOrder {
  const shipping = shopifyAddressOf(o.shipping_address ?? o.billing_address, o);
  return {
    channel: 'shopify', storeOrderId: o.admin_graphql_api_id?.split('/').pop() ?? o.id, name: o.name, updatedAt: o.updated_at, cancelled: !!o.cancelled_at, ignoredBecause: null,
    paymentMode: shopifyPaymentMode(o), shipping, billing: o.billing_address ? shopifyAddressOf(o.billing_address, o) : shipping,
    lines: o.line_items.filter((l) => l.quantity > 0).map((l) => ({ sku: (l.sku ?? '').trim(), title: l.title ?? '', quantity: l.quantity, unitPrice: amount(l.price) })),
    shippingPrice: amount((o.shipping_lines ?? []).reduce((s, l) => s + Number.parseFloat(String(l.price ?? 0)), 0)),
    discount: amount(o.total_discounts),
  };
}

// ---- WooCommerce: the order resource of REST API v3 (webhooks send the same) ----

const wooAddress = z.object({
  first_name: optStr(100), last_name: optStr(100), company: optStr(200), address_1: optStr(300), address_2: optStr(300),
  city: optStr(100), state: optStr(100), postcode: optStr(20), email: optStr(320), phone: optStr(40),
}).nullish();

export const wooOrderSchema = z.object({
  id,
  number: z.union([z.string().max(64), z.number()]).transform(String).nullish(),
  status: str(40),
  date_modified_gmt: optStr(40),
  date_modified: optStr(40),
  payment_method: optStr(100),
  discount_total: money,
  shipping_total: money,
  billing: wooAddress,
  shipping: wooAddress,
  line_items: z.array(z.object({ sku: optStr(100), name: optStr(300), quantity: z.number().int().min(0).max(100_000), price: money, total: money })).max(500),
});
export type WooOrder = z.output<typeof wooOrderSchema>;

/** WooCommerce order statuses that are not orders to ship yet. */
export const WOO_IGNORED_STATUSES = ['checkout-draft', 'draft', 'auto-draft', 'pending', 'failed'] as const;

function wooAddressOf(a: z.output<typeof wooAddress>, billing: z.output<typeof wooAddress>): StoreAddress {
  return {
    firstName: a?.first_name || billing?.first_name || '', lastName: a?.last_name || billing?.last_name || '',
    phone: a?.phone || billing?.phone || '', email: billing?.email ?? '', address1: a?.address_1 ?? '', address2: a?.address_2 ?? '',
    city: a?.city ?? '', state: a?.state ?? '', zip: a?.postcode ?? '', company: a?.company ?? '',
  };
}

export function fromWoo(o: WooOrder): StoreOrder {
  const hasShipping = !!(o.shipping?.address_1 && o.shipping.postcode);
  const shipping = wooAddressOf(hasShipping ? o.shipping : o.billing, o.billing);
  const ignored = (WOO_IGNORED_STATUSES as readonly string[]).includes(o.status) ? `WooCommerce status ${o.status}` : null;
  return {
    channel: 'woocommerce', storeOrderId: o.id, name: `#${o.number || o.id}`,
    updatedAt: o.date_modified_gmt ? `${o.date_modified_gmt.replace(/Z$/, '')}Z` : (o.date_modified ?? new Date(0).toISOString()),
    cancelled: o.status === 'cancelled' || o.status === 'refunded', ignoredBecause: ignored,
    paymentMode: o.payment_method === 'cod' ? 'cod' : 'prepaid',
    shipping, billing: wooAddressOf(o.billing, o.billing),
    lines: o.line_items.filter((l) => l.quantity > 0).map((l) => ({
      sku: (l.sku ?? '').trim(), title: l.name ?? '', quantity: l.quantity,
      // price is the unit price after discounts; total / quantity where it is missing.
      unitPrice: l.price != null ? amount(l.price) : amount(Number.parseFloat(String(l.total ?? 0)) / l.quantity),
    })),
    shippingPrice: amount(o.shipping_total),
    // WooCommerce's line price is already after the coupon: the order's discount_total is not taken off again.
    discount: '0',
  };
}

// ---- Into an order here ----

/** Why a store order (or its lines added in an update: `unknownTail`) cannot be made here yet (missed orders show it), or null. */
export function unknownSkuReason(lines: readonly Pick<StoreLine, 'sku' | 'title'>[], known: ReadonlySet<string>, unknownTail = 'add it to the catalogue and the order is imported'): string | null {
  const noSku = lines.find((l) => !l.sku);
  if (noSku) return `Line "${noSku.title.slice(0, 80)}" has no SKU`;
  const unknown = [...new Set(lines.filter((l) => !known.has(l.sku)).map((l) => l.sku))];
  return unknown.length ? `Unknown SKU ${unknown.slice(0, 5).join(', ')}: ${unknownTail}` : null;
}

const formAddress = (a: StoreAddress) => ({
  firstName: a.firstName || a.lastName, lastName: a.lastName || '.', phone: a.phone, email: a.email, address1: a.address1,
  // The order form needs a second line; a store's is often empty.
  address2: a.address2 || a.city, zip: a.zip, city: a.city, state: a.state, companyName: a.company,
});

/** The manual-order payload (domain/manual-order.ts) a store order becomes: flat prices as the store charged them. */
export function manualOrderPayload(o: StoreOrder, catalogueIds: ReadonlyMap<string, string>) {
  return {
    id: o.name,
    orderType: 0,
    pricingType: 3,
    paymentMethod: o.paymentMode,
    shippingPrice: o.shippingPrice,
    specialDiscount: o.discount,
    shippingAddress: formAddress(o.shipping),
    sameAsShipping: false,
    billingAddress: formAddress(o.billing.address1 ? o.billing : o.shipping),
    items: o.lines.map((l) => ({ catalogueId: catalogueIds.get(l.sku)!, quantity: l.quantity, isFree: l.unitPrice === '0', pricingValue: l.unitPrice === '0' ? '' : l.unitPrice })),
  };
}

/** Statuses in which the store's change (address, items, cancel) is applied here; after them it is flagged for the seller. */
export const CHANGEABLE_STATUSES = ['PLACED', 'PROCESSED'] as const;

export const STORE_CHANGES = { cancelled: 'cancelled in the store', address: 'shipping address changed in the store', items: 'items changed in the store' } as const;

/** What changed in the store, in words, for the order's timeline. */
export function storeChangeSummary(o: StoreOrder, stored: { pincode?: string; address1?: string; phone?: string }, storedItems?: readonly StoredItem[]): string[] {
  const changes: string[] = [];
  if (o.cancelled) changes.push(STORE_CHANGES.cancelled);
  if (stored.address1 !== undefined && (stored.address1 !== o.shipping.address1 || (stored.pincode ?? '') !== o.shipping.zip.replace(/\s/g, ''))) changes.push(STORE_CHANGES.address);
  if (storedItems && storeItemsChange(o.lines, storedItems)) changes.push(STORE_CHANGES.items);
  return changes;
}

export type StoredItem = { id: string; sku: string; quantity: number };

export type StoreItemsChange = {
  /** Items here whose SKU the store now wants in another quantity. */
  quantities: { id: string; sku: string; from: number; to: number }[];
  /** SKUs the store added (its quantity and unit price, summed over its lines of that SKU). */
  added: { sku: string; title: string; quantity: number; unitPrice: string }[];
  /** Items here whose SKU the store no longer has. */
  removed: { id: string; sku: string }[];
  /** A SKU on two items here (a free unit beside a paid one) with a new total: it cannot be split, the seller decides. */
  unsplittable: string[];
};

/** How the store's lines differ from the order's items, by SKU; null when the same. */
export function storeItemsChange(lines: readonly StoreLine[], stored: readonly StoredItem[]): StoreItemsChange | null {
  const want = new Map<string, { quantity: number; title: string; unitPrice: string }>();
  for (const l of lines) {
    const w = want.get(l.sku);
    want.set(l.sku, w ? { ...w, quantity: w.quantity + l.quantity } : { quantity: l.quantity, title: l.title, unitPrice: l.unitPrice });
  }
  const have = new Map<string, StoredItem[]>();
  for (const i of stored) have.set(i.sku, [...(have.get(i.sku) ?? []), i]);
  const change: StoreItemsChange = {
    added: [...want.entries()].filter(([sku]) => !have.has(sku)).map(([sku, w]) => ({ sku, ...w })),
    removed: [...have.entries()].filter(([sku]) => !want.has(sku)).flatMap(([sku, rows]) => rows.map((r) => ({ id: r.id, sku }))),
    quantities: [...have.entries()]
      .filter(([sku, rows]) => want.has(sku) && rows.length === 1 && rows[0]!.quantity !== want.get(sku)!.quantity)
      .map(([sku, rows]) => ({ id: rows[0]!.id, sku, from: rows[0]!.quantity, to: want.get(sku)!.quantity })),
    unsplittable: [...have.entries()].filter(([sku, rows]) => want.has(sku) && rows.length > 1 && rows.reduce((n, r) => n + r.quantity, 0) !== want.get(sku)!.quantity).map(([sku]) => sku),
  };
  return change.added.length || change.removed.length || change.quantities.length || change.unsplittable.length ? change : null;
}

// ---- Connections (Settings > Channels) ----

export const SHOP_DOMAIN_RE = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
export const SHOP_DOMAIN_INVALID = 'Please enter the shop domain as your-store.myshopify.com';

export const shopifySettings = z.object({
  shopDomain: z.string().trim().toLowerCase().max(120).refine((s) => SHOP_DOMAIN_RE.test(s), SHOP_DOMAIN_INVALID),
  backfillDays: z.number().int().min(0).max(60).default(7),
});
/**
 * A Dev Dashboard app (client ID and secret: ShipDesk asks Shopify for a
 * token, the client credentials grant) or an admin-created custom app (its
 * Admin API access token); the client secret signs webhooks in both.
 */
export const shopifySecrets = z.object({
  clientId: z.string().trim().max(200).optional(),
  accessToken: z.string().trim().max(200).optional(),
  clientSecret: z.string().trim().min(1, "Please enter the app's client secret").max(200),
  /** The signing key of webhooks added in the store admin (Settings > Notifications > Webhooks), when they are used. */
  webhookSecret: z.string().trim().max(200).optional(),
}).superRefine((s, ctx) => {
  if (!s.accessToken && !s.clientId) ctx.addIssue({ code: 'custom', path: ['clientId'], message: "Please enter the app's client ID (or an Admin API access token)" });
});
export const wooSettings = z.object({
  siteUrl: z.string().trim().max(300).refine((s) => /^https?:\/\/[^\s/]+/i.test(s), 'Please enter the site URL, as https://your-store.in'),
  backfillDays: z.number().int().min(0).max(60).default(7),
});
export const wooSecrets = z.object({
  consumerKey: z.string().trim().min(1, 'Please enter the consumer key').max(200),
  consumerSecret: z.string().trim().min(1, 'Please enter the consumer secret').max(200),
  webhookSecret: z.string().trim().min(1, 'Please enter the webhook secret').max(200),
});

/** A store webhook's acknowledgement (the store reads only the status code). */
export const WebhookAckResponse = z.object({ status: z.literal(true), message: z.string() });
export type WebhookAckResponse = z.infer<typeof WebhookAckResponse>;

// ---- Polling: "Sync now" and the first backfill ----

/** POST /api/integrations/connections/:id/sync: `days` reads that many days back (a backfill); without it, since the last sync. */
export const ChannelSyncInput = z.object({ days: z.number().int().min(1, 'Please enter 1 to 60 days').max(60, 'Please enter 1 to 60 days').optional() });
export type ChannelSyncInput = z.infer<typeof ChannelSyncInput>;

/** What a finished sync job returns (GET /api/jobs/:id `result`). */
export type ChannelSyncResult = { read: number; created: number; updated: number; missed: number; unchanged: number; ignored: number; unreadable: string[]; cursor: string | null; summary: string };

/** Where a connection's polling stands, with its running or last sync job. */
export const ChannelSyncView = z.object({
  cursor: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  lastResult: z.string().nullable(),
  job: JobView.nullable(),
  /** Whether the store's order webhooks are registered at the store (null: not tried yet). */
  webhooks: z.object({ state: z.enum(['registered', 'failed', 'no_public_url']), message: z.string(), checkedAt: z.string() }).nullable(),
});
export type WebhookRegistration = NonNullable<z.infer<typeof ChannelSyncView>['webhooks']>;

/** The order topics each store is asked to send, as its API names them (docs/integrations/shopify.md, woocommerce.md). */
export const WEBHOOK_TOPICS = {
  shopify: ['ORDERS_CREATE', 'ORDERS_UPDATED', 'ORDERS_CANCELLED'],
  woocommerce: ['order.created', 'order.updated'],
} as const satisfies Record<ChannelKind, readonly string[]>;

/** A store can only call an https address: without one the webhooks are not registered, and the card says why. */
export const noPublicUrlMessage = (publicUrl: string) =>
  `Webhooks not registered: this server's address (PUBLIC_URL) is ${publicUrl.slice(0, 200)}, not a public https address the store can call. Orders still come in by polling every 10 minutes.`;
export const ChannelSyncResponse = okBody({ sync: ChannelSyncView });
export type ChannelSyncResponse = z.infer<typeof ChannelSyncResponse>;

/** A sync's outcome in words, for Settings > Channels. */
export function syncSummary(r: Omit<ChannelSyncResult, 'summary' | 'cursor'>): string {
  if (!r.read) return 'No new or changed orders';
  const parts = [`${r.created} new`, `${r.updated} updated`];
  if (r.missed) parts.push(`${r.missed} in Missed Orders`);
  if (r.unreadable.length) parts.push(`${r.unreadable.length} unreadable`);
  return `${r.read} order${r.read === 1 ? '' : 's'} read: ${parts.join(', ')}`;
}
