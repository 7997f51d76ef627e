// Public shipment tracking, the rules without zod (part 1 §2 /track/:awb, §3
// Tracking layout, §5, §8): messages, AWB rules, the brand layout, carrier
// status words, NDR requests and the shape of the public answer. Pure: no I/O.
//
// The public tracking page imports this file only, so its bundle stays free of
// zod; the schemas the API and the editor validate with are in ./tracking.
import type { OrderStatus } from './statuses';
import { isDeliveryDay } from './tracking-events';
import { PHONE_INVALID } from './messages';

// ---------------------------------------------------------------------------
// AWB (part 1 §5, §8, §9)

export const AWB_MIN = 3;
export const AWB_MAX = 20;
export const AWB_REQUIRED = 'Please Enter Tracking Number';
export const AWB_INVALID = 'Invalid AWB';
/** The page's invalid state (an AWB that is malformed or unknown). */
export const AWB_NOT_VALID = 'Kindly Enter a valid AWB Number';
/** Failure notification of a lookup: title / message (part 1 §8). */
export const LOOKUP_FAILED_TITLE = 'Invalid Tracking Number';
export const LOOKUP_FAILED_MESSAGE = 'Kindly enter a valid Tracking Number';

export type AwbProblem = 'required' | 'invalid';

/** What is wrong with a typed AWB, or null when it may be looked up. */
export function awbProblem(raw: string | null | undefined): AwbProblem | null {
  const awb = (raw ?? '').trim();
  if (!awb) return 'required';
  if (awb.length < AWB_MIN || awb.length > AWB_MAX) return 'invalid';
  return null;
}


// ---------------------------------------------------------------------------
// Tracking layout (part 1 §3, §5, §9)

/**
 * The seller as the buyer's page shows it in its header: the invoicing brand name, else the
 * company's name, and the profile logo (the layout's own logo, when it has one, comes first).
 */
export function sellerBrand(companyName: string | null | undefined, profile: { brand_name: string | null; logo_key: string | null } | null | undefined) {
  return { name: profile?.brand_name || companyName || '', logoUrl: profile?.logo_key ? `/api/files/${profile.logo_key}` : null };
}

export const MAX_LINKS = 5;
export const LINKS_MAX_MSG = 'Link should not be more than five';
export const LINK_URL_REQUIRED = 'Kindly enter URL';
export const LINK_NAME_REQUIRED = 'Kindly enter link Name';
export const LINK_URL_INVALID = 'Kindly enter a valid URL';
export const LINK_NAME_TOO_LONG = 'Link name must be 40 characters or fewer';
export const COLOUR_INVALID = 'Kindly enter a valid colour';
export const LOGO_MAX_WIDTH = 400;
export const LOGO_MAX_HEIGHT = 200;
export const LOGO_DIMENSIONS = 'Image dimensions must be 400 x 200';
export const LOGO_REUPLOAD = 'Please upload the logo again';

export interface TrackingLink {
  /** Stable id of the link, so a reorder keeps each row's identity. */
  key: string;
  linkName: string;
  linkURL: string;
}

export interface TrackingLogo {
  /** The upload key of the logo (`logo-<uuid>.<ext>`). */
  data: string;
  /** The file name the seller uploaded. */
  name: string;
  /** Where the logo is served: always `/api/files/<data>`. */
  url: string;
}

/** The seller's brand layout for the public tracking page. */
export interface TrackingLayout {
  /** primary colour: header background */
  pc: string;
  /** secondary colour: accents (status badge, timeline) */
  sc: string;
  /** page background */
  bg: string;
  /** button colour */
  bc: string;
  /** header font and link colour */
  hf: string;
  /** header logo, or null */
  hl: TrackingLogo | null;
  links: TrackingLink[];
}

export const DEFAULT_TRACKING_LAYOUT: Readonly<TrackingLayout> = Object.freeze({
  pc: '#0b7285',
  sc: '#e3fafc',
  bg: '#f8f9fa',
  bc: '#0b7285',
  hf: '#ffffff',
  hl: null,
  links: [],
});

export const COLOUR_KEYS = ['pc', 'sc', 'bg', 'bc', 'hf'] as const;
export type ColourKey = (typeof COLOUR_KEYS)[number];

export const COLOUR_RE = /^#[0-9a-f]{6}$/i;
export const LOGO_KEY_RE = /^logo-[0-9a-f-]{36}\.(jpg|png|webp)$/;
const URL_RE = /^(https?:\/\/)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i;

export const isColour = (s: string) => COLOUR_RE.test(s);

/** True for an http(s) address or a bare domain (`mybrand.in/help`); never javascript: or data:. */
export function isWebUrl(raw: string): boolean {
  const s = raw.trim();
  if (!URL_RE.test(s)) return false;
  try {
    const u = new URL(/^https?:\/\//i.test(s) ? s : `https://${s}`);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The href to render for a stored link: a bare domain gets https://; anything else unsafe becomes null. */
export function linkHref(raw: string): string | null {
  if (!isWebUrl(raw)) return null;
  const s = raw.trim();
  return /^https?:\/\//i.test(s) ? s : `https://${s}`;
}







/**
 * Width and height from the header of a PNG, JPEG or WebP file, without decoding
 * it; null when the bytes are none of these (or truncated).
 */
export function imageDimensions(b: Uint8Array): { width: number; height: number } | null {
  const u16be = (i: number) => (b[i] << 8) | b[i + 1];
  const u32be = (i: number) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
  const ascii = (i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));
  // PNG: signature, then the IHDR chunk with width and height.
  if (b.length >= 24 && b[0] === 0x89 && ascii(1, 3) === 'PNG' && ascii(12, 4) === 'IHDR') {
    return { width: u32be(16), height: u32be(20) };
  }
  // JPEG: walk the markers to the first start-of-frame.
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1];
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      const len = u16be(i + 2);
      const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isSof) return { width: u16be(i + 7), height: u16be(i + 5) };
      if (len < 2) return null;
      i += 2 + len;
    }
    return null;
  }
  // WebP: RIFF container with a VP8, VP8L or VP8X chunk first.
  if (b.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') {
    const chunk = ascii(12, 4);
    if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
      return { width: ((b[27] << 8) | b[26]) & 0x3fff, height: ((b[29] << 8) | b[28]) & 0x3fff };
    }
    if (chunk === 'VP8L' && b[20] === 0x2f) {
      const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') {
      return { width: 1 + (b[24] | (b[25] << 8) | (b[26] << 16)), height: 1 + (b[27] | (b[28] << 8) | (b[29] << 16)) };
    }
  }
  return null;
}

export const logoFits = (d: { width: number; height: number }) => d.width <= LOGO_MAX_WIDTH && d.height <= LOGO_MAX_HEIGHT;

// ---------------------------------------------------------------------------
// The public answer of GET /order/{awb} (only what a customer may see)

export interface PublicTimelineEntry {
  status: string;
  /** ISO time of the event (for carrier events: when it happened, not when it arrived). */
  createdAt: string;
  description: string;
  city: string | null;
}

export interface PublicTracking {
  trackingNumber: string;
  /** The seller's order id (shopOrderId), never an internal id. */
  shopOrderId: string;
  status: string;
  /** The courier, or the shipper named on the order. */
  shipper: string | null;
  pickup: { state: string };
  shipping: { state: string };
  /** ISO time of the DELIVERED timeline entry, or null. */
  deliveredOn: string | null;
  /** YYYY-MM-DD (Indian calendar) while the shipment is on its way, else null. */
  estimatedDelivery: string | null;
  /** The customer may ask for a re-attempt or correct the address (an NDR). */
  customerRequestsAllowed: boolean;
  timeline: PublicTimelineEntry[];
  pageLayout: TrackingLayout;
  /** ISO time the order last changed. */
  updatedAt: string;
}

export type PublicTrackingResponse = { status: true; data: { data: PublicTracking } };

/** A buyer's request (NDR) as the buyer's page shows it: no address or phone it carried. */
export interface PublicRequest {
  kind: 'reattempt' | 'address';
  /** OPEN while the seller has not decided; then ACCEPTED or DECLINED. */
  status: 'OPEN' | 'ACCEPTED' | 'DECLINED';
  createdAt: string;
  /** The re-attempt date asked for (YYYY-MM-DD), else null. */
  date: string | null;
}

/**
 * GET /order/{awb}/details: what the page shows beside the shipment: the delay, the seller's name and
 * logo of the page's header, the buyer's requests. Nothing more: anyone holding an AWB may ask, so the
 * items and the seller's contact (not on the spec's tracking page) are not in it.
 */
export interface PublicShipmentDetails {
  /** The first estimate has passed and the parcel is not delivered. */
  delayed: boolean;
  /** While delayed: the new estimate (YYYY-MM-DD) from the partner's days after the last event, or null when none is known. */
  revisedEstimate: string | null;
  seller: { name: string; logoUrl: string | null };
  requests: PublicRequest[];
}
export type PublicShipmentDetailsResponse = { status: true; data: PublicShipmentDetails };

/** The buyer already has an open request of this kind on the shipment. */
export const NDR_REQUEST_OPEN = 'You have already sent this request. The seller will act on it soon.';

/** Statuses that still expect a forward delivery, so an estimate means something. */
export const ESTIMATE_STATUSES: readonly string[] = ['READY_TO_SHIP', 'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'];

/** Time the delivery is counted from: the SHIPPED event, else READY_TO_SHIP. */
export function shippedAt(timeline: readonly { status: string; createdAt: string }[]): string | null {
  for (const status of ['SHIPPED', 'READY_TO_SHIP']) {
    const e = timeline.find((t) => t.status === status);
    if (e) return e.createdAt;
  }
  return null;
}

/** Time of the (latest) DELIVERED entry, or null. */
export function deliveredAt(timeline: readonly { status: string; createdAt: string }[]): string | null {
  let at: string | null = null;
  for (const t of timeline) if (t.status === 'DELIVERED' && (!at || t.createdAt > at)) at = t.createdAt;
  return at;
}

// ---------------------------------------------------------------------------
// Carrier status events: POST /webhooks/carrier/:partnerCode

export const WEBHOOK_BAD_SIGNATURE = 'Invalid signature';
export const WEBHOOK_UNKNOWN_STATUS = 'Unknown carrier status';
export const WEBHOOK_UNKNOWN_AWB = 'AWB not found for this delivery partner';
export const WEBHOOK_FUTURE = 'occurredAt is in the future';
/** Carrier clocks drift: an event may be stamped up to this far ahead of ours. */
export const WEBHOOK_CLOCK_SKEW_MS = 10 * 60_000;


const key = (s: string) => s.trim().toUpperCase().replace(/[\s-]+/g, '_');

/** Courier status words (normalised: upper case, spaces and dashes as _) to our statuses. */
export const CARRIER_STATUS_MAP: Readonly<Record<string, OrderStatus>> = Object.freeze({
  MANIFESTED: 'READY_TO_SHIP',
  PICKUP_SCHEDULED: 'READY_TO_SHIP',
  PICKED_UP: 'SHIPPED',
  PICKUP_COMPLETE: 'SHIPPED',
  PICKUP_DONE: 'SHIPPED',
  SHIPPED: 'SHIPPED',
  IN_TRANSIT: 'IN_TRANSIT',
  INTRANSIT: 'IN_TRANSIT',
  REACHED_HUB: 'IN_TRANSIT',
  AT_HUB: 'IN_TRANSIT',
  DEPARTED_HUB: 'IN_TRANSIT',
  REACHED_DESTINATION_HUB: 'IN_TRANSIT',
  OUT_FOR_DELIVERY: 'OUT_FOR_DELIVERY',
  OFD: 'OUT_FOR_DELIVERY',
  DELIVERED: 'DELIVERED',
  DLVD: 'DELIVERED',
  UNDELIVERED: 'UNDELIVERED',
  NOT_DELIVERED: 'UNDELIVERED',
  NDR: 'UNDELIVERED',
  DELIVERY_FAILED: 'UNDELIVERED',
  FAILED_DELIVERY: 'UNDELIVERED',
  CUSTOMER_UNAVAILABLE: 'UNDELIVERED',
  RTO: 'RTO_IN_TRANSIT',
  RTO_INITIATED: 'RTO_IN_TRANSIT',
  RTO_IN_TRANSIT: 'RTO_IN_TRANSIT',
  RETURN_TO_ORIGIN: 'RTO_IN_TRANSIT',
  RTO_OFD: 'RTO_OUT_FOR_DELIVERY',
  RTO_OUT_FOR_DELIVERY: 'RTO_OUT_FOR_DELIVERY',
  RTO_UNDELIVERED: 'RTO_UNDELIVERED',
  RTO_FAILED: 'RTO_UNDELIVERED',
  RTO_DELIVERED: 'RTO_DELIVERED',
  REVERSE_PICKED_UP: 'DTO_IN_TRANSIT',
  DTO_PICKED_UP: 'DTO_IN_TRANSIT',
  DTO_IN_TRANSIT: 'DTO_IN_TRANSIT',
  DTO_OFD: 'DTO_OUT_FOR_DELIVERY',
  DTO_OUT_FOR_DELIVERY: 'DTO_OUT_FOR_DELIVERY',
  DTO_UNDELIVERED: 'DTO_UNDELIVERED',
  DTO_DELIVERED: 'DTO_DELIVERED',
});

/** Words one courier uses differently from the common table (they win over it). */
export const CARRIER_STATUS_OVERRIDES: Readonly<Record<string, Readonly<Record<string, OrderStatus>>>> = Object.freeze({
  delhivery: { DISPATCHED: 'OUT_FOR_DELIVERY', PENDING: 'IN_TRANSIT', RTO_PENDING: 'RTO_IN_TRANSIT' },
  bluedart: { SHIPMENT_OUTSCANNED: 'IN_TRANSIT', SHIPMENT_DELIVERED: 'DELIVERED', SHIPMENT_OUT_FOR_DELIVERY: 'OUT_FOR_DELIVERY' },
  ekart: { SHIPMENT_CREATED: 'READY_TO_SHIP', UNDELIVERED_ATTEMPTED: 'UNDELIVERED' },
});

/** Our status for a courier's status word, or null when we do not know it. */
export function mapCarrierStatus(partnerCode: string, raw: string): OrderStatus | null {
  const k = key(raw);
  return CARRIER_STATUS_OVERRIDES[partnerCode]?.[k] ?? CARRIER_STATUS_MAP[k] ?? null;
}

/** Default description of a timeline entry when the carrier sends none. */
export const STATUS_DESCRIPTIONS: Readonly<Record<string, string>> = Object.freeze({
  PLACED: 'Order placed',
  PROCESSED: 'Order processed at warehouse',
  READY_TO_SHIP: 'Packed and ready to ship',
  SHIPPED: 'Shipment picked up by courier',
  IN_TRANSIT: 'Shipment in transit',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered to customer',
  UNDELIVERED: 'Delivery attempt failed',
  RTO_IN_TRANSIT: 'Return to origin initiated',
  RTO_OUT_FOR_DELIVERY: 'Return out for delivery to warehouse',
  RTO_UNDELIVERED: 'Return delivery attempt failed',
  RTO_DELIVERED: 'Returned to warehouse',
  DTO_IN_TRANSIT: 'Customer return picked up',
  DTO_OUT_FOR_DELIVERY: 'Customer return out for delivery to warehouse',
  DTO_UNDELIVERED: 'Customer return delivery failed',
  DTO_DELIVERED: 'Customer return delivered to warehouse',
});

/**
 * The order's status after a carrier event: the status of the latest event by
 * time, so an older event arriving late never moves the status back. Ties go to
 * the event that arrived last.
 */
export function isLatestEvent(eventAt: string, latestOtherAt: string | null): boolean {
  return latestOtherAt === null || Date.parse(eventAt) >= Date.parse(latestOtherAt);
}

// ---------------------------------------------------------------------------
// Customer requests on an undelivered shipment (NDR): re-attempt or address fix

/** Shipments on which the customer may act. */
export const NDR_STATUSES: readonly string[] = ['UNDELIVERED'];
export const MAX_BUYER_ATTEMPTS = 5;
export const BUYER_ATTEMPT_WINDOW_MS = 60 * 60_000;
export const BUYER_TOKEN_TTL_MS = 30 * 60_000;
export const REATTEMPT_DAYS = 7;

export const PHONE_LAST4_INVALID = 'Enter the last 4 digits of your phone number';
export const BUYER_DIGITS_WRONG = 'These digits do not match the phone number on this order';
export const BUYER_TOO_MANY = 'Too many wrong attempts. Please try again after an hour.';
/**
 * Wrong answers for one AWB from all addresses in BUYER_ATTEMPT_WINDOW_MS beyond which each address
 * is paced to one try per BUYER_PACE_MS: guesses spread over many addresses slow down, while the
 * buyer (who has made no wrong try from their phone) still gets through at once.
 */
export const BUYER_AWB_CEILING = 20;
export const BUYER_PACE_MS = 60_000;
export const BUYER_SLOW_DOWN = 'Too many attempts on this order. Please wait a minute and try again.';
/** The public lookup refused: this client's budget of lookups is spent (edge-api/middleware/public-lookup-limit.ts). */
export const LOOKUP_TOO_MANY = 'Too many tracking lookups from your network. Please try again in a few minutes.';
export const BUYER_TOKEN_INVALID = 'Please confirm your phone number again';
export const NDR_NOT_ALLOWED = 'Requests can be made only after a failed delivery attempt';
export const REATTEMPT_DATE_INVALID = 'Choose a date in the next 7 days';
export const ADDRESS_CHANGE_REQUIRED = 'Enter at least one change';
export const NDR_PHONE_INVALID = PHONE_INVALID;
export const REQUEST_RECEIVED = 'Request received';
/** A 10 digit Indian phone number, first digit 1 to 9 (part 1 §5). */
export const PHONE_RE = /^[1-9][0-9]{9}$/;

/** The days of the next 7 calendar days in India (YYYY-MM-DD) after `now` on which partners deliver (no Sundays or national holidays). */
export function reattemptDates(now: Date | number = Date.now()): string[] {
  const IST = (5 * 60 + 30) * 60_000;
  const ist = new Date(+now + IST);
  const today = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate());
  return Array.from({ length: REATTEMPT_DAYS }, (_, i) => new Date(today + (i + 1) * 86_400_000).toISOString().slice(0, 10)).filter(isDeliveryDay);
}

/** The last four digits of a phone number as stored (any formatting). */
export function phoneLast4(phone: string): string {
  return phone.replace(/\D/g, '').slice(-4);
}



