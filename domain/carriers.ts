// Courier choice at ready-to-ship: what a seller sees per
// courier, the rate arithmetic of a rate card, and which courier is the
// default. The couriers themselves live in edge-api/carriers (one file each).
import { z } from 'zod';
import { okBody } from './api';
import { ZONES, type Zone } from './zones';

/** One zone's prices of a courier, as stored in `carrier_rate_cards`. */
export type RateCard = {
  zone: Zone;
  baseWeightG: number;
  basePaise: number;
  extraWeightG: number;
  extraPaise: number;
  codFeePaise: number;
  /** COD charge in basis points of the COD amount; the larger of fee and percentage applies. */
  codBp: number;
  maxWeightG: number;
  codLimitPaise: number;
};

/** Freight for `weightG` (first slab, then each started extra slab) plus the COD charge. */
export function rateFor(card: RateCard, weightG: number, codPaise: number): number {
  const extraSlabs = weightG > card.baseWeightG ? Math.ceil((weightG - card.baseWeightG) / card.extraWeightG) : 0;
  const freight = card.basePaise + extraSlabs * card.extraPaise;
  const cod = codPaise > 0 ? Math.max(card.codFeePaise, Math.round((codPaise * card.codBp) / 10_000)) : 0;
  return freight + cod;
}

export type CourierQuote = {
  code: string;
  name: string;
  serviceable: boolean;
  /** Why the courier cannot take this order (null when it can). */
  reason: string | null;
  zone: Zone | null;
  ratePaise: number | null;
  /** Estimated delivery date (YYYY-MM-DD) from the partner's SLA. */
  edd: string | null;
  codAvailable: boolean;
  /**
   * Where the price comes from: the courier's own answer for this order (`courier`), or its rate table (`table`),
   * for a courier with no live account here or one that did not answer. Null when there is no price.
   */
  rateSource: 'courier' | 'table' | null;
  /** Said beside the price when a live courier's own price could not be had and its rate table priced it instead. */
  rateNote: string | null;
  /** An aggregator's courier behind the price (Shiprocket's courier id and name): the booking goes to that one. */
  via: { id: string; name: string } | null;
};
export type CourierQuotesResponse = { status: true; data: { orderId: string; defaultCourier: string | null; weightG: number; paymentMode: string; quotes: CourierQuote[] } };

/**
 * Query of PATCH /orders/{id}/ready-to-ship: the courier picked in the confirmation (default when absent), and, for an
 * aggregator, the courier behind the price the seller saw (`via`, its id): booked with that one or refused.
 */
export const readyToShipQuerySchema = z.object({ courier: z.string().trim().min(1).max(40).optional(), via: z.string().trim().min(1).max(40).optional() });

/** A live courier's own price could not be had: its rate table priced the order. */
export const rateFromTable = (name: string, why: string) => `${name} did not give its price (${why}); this is its rate table's price`;
/** The aggregator's courier behind the price changed between the seller's look and the booking. */
export const viaChanged = (name: string) => `${name}'s offer for this order changed since you looked; please check the price and confirm again`;

export type CourierBooking = {
  orderId: string;
  courierCode: string;
  courierName: string;
  awb: string | null;
  ratePaise: number | null;
  zone: string | null;
  edd: string | null;
  status: 'booked' | 'refused' | 'cancelled';
  reason: string | null;
  createdAt: string;
};
export type CourierBookingResponse = { status: true; data: CourierBooking | null };

export const NO_COURIER_AVAILABLE = 'No courier can take this order';
export const courierRefused = (name: string, reason: string) => `${name} refused the booking: ${reason}`;

/**
 * The default courier: the first serviceable courier of the preference's
 * order, else Clickpost for a company that ships through it, else the
 * cheapest serviceable one.
 */
export function defaultCourier(quotes: readonly CourierQuote[], opts: { preferred: readonly string[]; clickpostActive: boolean }): string | null {
  const ok = quotes.filter((q) => q.serviceable);
  for (const code of opts.preferred) if (ok.some((q) => q.code === code)) return code;
  if (opts.clickpostActive && ok.some((q) => q.code === 'clickpost')) return 'clickpost';
  const cheapest = [...ok].sort((a, b) => (a.ratePaise ?? Infinity) - (b.ratePaise ?? Infinity))[0];
  return cheapest?.code ?? null;
}

const SPECIAL_PREFIXES = ['18', '19', '79'];
const METRO_PREFIXES3 = ['110', '400', '560', '600', '700', '500', '411', '380'];
/** Postal circles by the first two digits of a pincode: [first, last, circle]. */
const CIRCLES: [number, number, string][] = [
  [11, 11, 'DL'], [12, 13, 'HR'], [14, 16, 'PB'], [17, 17, 'HP'], [18, 19, 'JK'], [20, 28, 'UP'], [30, 34, 'RJ'], [36, 39, 'GJ'],
  [40, 44, 'MH'], [45, 48, 'MP'], [49, 49, 'CG'], [50, 50, 'TG'], [51, 53, 'AP'], [56, 59, 'KA'], [60, 64, 'TN'], [67, 69, 'KL'],
  [70, 74, 'WB'], [75, 77, 'OR'], [78, 78, 'AS'], [79, 79, 'NE'], [80, 85, 'BR'],
];
const circleOf = (pin: string) => {
  const n = Number(pin.slice(0, 2));
  return CIRCLES.find(([a, b]) => n >= a && n <= b)?.[2] ?? pin.slice(0, 2);
};

/**
 * The zone between two pincodes when the pincode directory does not know one
 * of them: same 3-digit sorting district = same city, same postal circle =
 * same state, then special region, metro pair, rest of India.
 */
export function zoneByPincodes(origin: string, dest: string): Zone {
  if (origin.slice(0, 3) === dest.slice(0, 3)) return 'same_city';
  if (circleOf(origin) === circleOf(dest)) return 'same_state';
  if (SPECIAL_PREFIXES.includes(origin.slice(0, 2)) || SPECIAL_PREFIXES.includes(dest.slice(0, 2))) return 'special';
  if (METRO_PREFIXES3.includes(origin.slice(0, 3)) && METRO_PREFIXES3.includes(dest.slice(0, 3))) return 'metro_to_metro';
  return 'rest_of_india';
}

/** A courier booking as the API answers it (same name as its type). */
export const CourierBooking: z.ZodType<CourierBooking> = z.object({
  orderId: z.string(),
  courierCode: z.string(),
  courierName: z.string(),
  awb: z.string().nullable(),
  ratePaise: z.number().nullable(),
  zone: z.string().nullable(),
  edd: z.string().nullable(),
  status: z.enum(['booked', 'refused', 'cancelled']),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

export const CourierQuote: z.ZodType<CourierQuote> = z.object({
  code: z.string(),
  name: z.string(),
  serviceable: z.boolean(),
  reason: z.string().nullable(),
  zone: z.enum(ZONES).nullable(),
  ratePaise: z.number().nullable(),
  edd: z.string().nullable(),
  codAvailable: z.boolean(),
  rateSource: z.enum(['courier', 'table']).nullable(),
  rateNote: z.string().nullable(),
  via: z.object({ id: z.string(), name: z.string() }).nullable(),
});

/** GET /api/orders/:id/couriers (same name as its type). */
export const CourierQuotesResponse: z.ZodType<CourierQuotesResponse> = okBody({
  data: z.object({ orderId: z.string(), defaultCourier: z.string().nullable(), weightG: z.number(), paymentMode: z.string(), quotes: z.array(CourierQuote) }),
});

/** GET /api/orders/:id/courier-booking (same name as its type). */
export const CourierBookingResponse: z.ZodType<CourierBookingResponse> = okBody({ data: CourierBooking.nullable() });

// ---------------------------------------------------------------------------
// A pickup asked of a live courier (POST /api/integrations/connections/{id}/pickup)

export const PICKUP_DATE_INVALID = 'Choose a pickup date from today to 7 days ahead';
export const PICKUP_TIME_INVALID = 'Enter the pickup time as HH:MM';
export const PICKUP_NOTHING = 'No parcel of this warehouse is waiting for this courier';
export const courierPickupSchema = z.object({
  warehouseId: z.string().trim().min(1, 'Please select a warehouse').max(64),
  date: z.string().max(10).regex(/^\d{4}-\d{2}-\d{2}$/, PICKUP_DATE_INVALID),
  time: z.string().max(5).regex(/^([01]\d|2[0-3]):[0-5]\d$/, PICKUP_TIME_INVALID),
});
export type CourierPickupInput = z.infer<typeof courierPickupSchema>;
export const CourierPickupResponse = okBody({ ok: z.boolean(), message: z.string(), parcels: z.number() });
export type CourierPickupResponse = z.infer<typeof CourierPickupResponse>;
