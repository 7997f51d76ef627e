// Delivery zones between two pincodes and the estimated delivery date from a
// delivery partner's service levels (days per zone, stored per partner).
import { findRegion, metroCity } from './india';
import { IST_OFFSET_MS } from './india-time';

export const ZONES = ['same_city', 'same_state', 'metro_to_metro', 'rest_of_india', 'special'] as const;
export type Zone = (typeof ZONES)[number];

export const ZONE_LABELS: Record<Zone, string> = {
  same_city: 'Within City',
  same_state: 'Within State',
  metro_to_metro: 'Metro to Metro',
  rest_of_india: 'Rest of India',
  special: 'Special Zone',
};

/** Days in transit per zone, as stored for a delivery partner. */
export type ServiceLevel = Record<Zone, number>;

/** Only for seeding delivery partners; real values are stored per partner. */
export const DEFAULT_SERVICE_LEVEL: Readonly<ServiceLevel> = Object.freeze({
  same_city: 1,
  same_state: 2,
  metro_to_metro: 3,
  rest_of_india: 5,
  special: 7,
});

export interface ZoneLocation {
  pincode: string;
  district: string;
  state: string;
  isMetro: boolean;
  isSpecial: boolean;
}

function cityKey(loc: ZoneLocation): string {
  const metro = metroCity(loc.district, loc.state);
  if (metro) return `metro:${metro}`;
  return `${findRegion(loc.state, loc.district)?.gstCode ?? loc.state.trim().toLowerCase()}:${loc.district.trim().toLowerCase()}`;
}

function stateKey(loc: ZoneLocation): string {
  return findRegion(loc.state, loc.district)?.gstCode ?? loc.state.trim().toLowerCase();
}

/**
 * Zone of a shipment, first match wins: same pincode or city (district; all
 * districts of a metro count as one city) -> same_city; same state ->
 * same_state; either end in a special zone -> special; both metro ->
 * metro_to_metro; otherwise rest_of_india.
 */
export function deliveryZone(origin: ZoneLocation, dest: ZoneLocation): Zone {
  if (origin.pincode.trim() === dest.pincode.trim() || cityKey(origin) === cityKey(dest)) return 'same_city';
  if (stateKey(origin) === stateKey(dest)) return 'same_state';
  if (origin.isSpecial || dest.isSpecial) return 'special';
  if (origin.isMetro && dest.isMetro) return 'metro_to_metro';
  return 'rest_of_india';
}

/**
 * Service levels read from stored JSON (or an object): every zone with a
 * whole number of days >= 0; a missing or bad zone takes the fallback's.
 */
export function parseServiceLevel(stored: unknown, fallback: Readonly<ServiceLevel> = DEFAULT_SERVICE_LEVEL): ServiceLevel {
  let obj: unknown = stored;
  if (typeof stored === 'string') {
    try {
      obj = JSON.parse(stored);
    } catch {
      obj = null;
    }
  }
  const src = (obj && typeof obj === 'object' ? obj : {}) as Record<string, unknown>;
  const out = { ...fallback };
  for (const z of ZONES) {
    const v = src[z];
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) out[z] = v;
  }
  return out;
}

/** India Standard Time, +05:30: delivery dates are Indian calendar days. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Estimated delivery date (YYYY-MM-DD, Indian calendar) for a shipment
 * shipped at `shippedAtISO`: the zone's number of days later, counting no
 * Sundays; a delivery never falls on a Sunday.
 */
export function estimateDelivery(shippedAtISO: string, zone: Zone, serviceLevel: ServiceLevel): string {
  const t = Date.parse(shippedAtISO);
  if (Number.isNaN(t)) throw new RangeError(`invalid shipped-at time: ${shippedAtISO}`);
  const days = serviceLevel[zone];
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 0) {
    throw new RangeError(`service level for ${zone} must be a whole number of days, got ${String(days)}`);
  }
  // A plain date at UTC midnight whose calendar day is the day in India.
  const ist = new Date(t + IST_OFFSET_MS);
  let d = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate());
  const isSunday = (ms: number) => new Date(ms).getUTCDay() === 0;
  let left = days;
  while (left > 0) {
    d += DAY_MS;
    if (!isSunday(d)) left -= 1;
  }
  while (isSunday(d)) d += DAY_MS;
  return new Date(d).toISOString().slice(0, 10);
}
