/**
 * The live couriers' own status words mapped to our order statuses: one table
 * per courier (sources in docs/integrations/delhivery.md and shiprocket.md).
 * A status in neither table is not applied (the event is kept out, the order
 * stays as it is) and is said so to the caller.
 */
import { IST_OFFSET_MS } from './india-time';
import type { OrderStatus } from './statuses';

const norm = (s: string) => s.trim().toUpperCase().replace(/[\s_-]+/g, ' ');

/**
 * Delhivery: `Status.StatusType` + `Status.Status` of its tracking answer and
 * scan push. `UD` forward, `DL` delivered (to the buyer, or back to us as RTO /
 * DTO), `RT` returning to origin, `PP` reverse pickup pending, `PU` reverse
 * picked up. A forward `Pending` carrying an `EOD-` NSL code is a failed
 * delivery attempt (the buyer was away, refused, asked for another day).
 * `CN` (cancelled) moves nothing of ours: the cancellation is ours to make.
 */
export const DELHIVERY_STATUSES: Readonly<Record<string, OrderStatus>> = Object.freeze({
  'UD MANIFESTED': 'READY_TO_SHIP',
  'UD NOT PICKED': 'READY_TO_SHIP',
  'UD OPEN': 'READY_TO_SHIP',
  'UD SCHEDULED': 'READY_TO_SHIP',
  'UD IN TRANSIT': 'IN_TRANSIT',
  'UD PENDING': 'IN_TRANSIT',
  'UD PENDING EOD': 'UNDELIVERED',
  'UD DISPATCHED': 'OUT_FOR_DELIVERY',
  'DL DELIVERED': 'DELIVERED',
  'RT IN TRANSIT': 'RTO_IN_TRANSIT',
  'RT PENDING': 'RTO_IN_TRANSIT',
  'RT PENDING EOD': 'RTO_UNDELIVERED',
  'RT DISPATCHED': 'RTO_OUT_FOR_DELIVERY',
  'DL RTO': 'RTO_DELIVERED',
  'PU IN TRANSIT': 'DTO_IN_TRANSIT',
  'PU PENDING': 'DTO_IN_TRANSIT',
  'PU DISPATCHED': 'DTO_OUT_FOR_DELIVERY',
  'DL DTO': 'DTO_DELIVERED',
});

/** Our status for a Delhivery scan, or null when the table has none. */
export function delhiveryStatus(statusType: string, status: string, nslCode?: string | null): OrderStatus | null {
  const base = `${norm(statusType)} ${norm(status)}`;
  if (/^EOD-/i.test(nslCode?.trim() ?? '')) {
    const attempt = DELHIVERY_STATUSES[`${base} EOD`];
    if (attempt) return attempt;
  }
  return DELHIVERY_STATUSES[base] ?? null;
}

/**
 * Shiprocket: the status label (`current_status` / `shipment_status` of the
 * webhook, `sr-status-label` of a scan, `current_status` of tracking). Mapped
 * by label, not number: the documented webhook sample carries two numbers for
 * one status (`current_status_id` 20 and `shipment_status_id` 18 for IN TRANSIT).
 * Statuses before pickup (pickup scheduled, queued, out for pickup, exception)
 * leave the order ready to ship; LOST / DAMAGED / DESTROYED / CANCELED are
 * the seller's to act on and move nothing here.
 */
export const SHIPROCKET_STATUSES: Readonly<Record<string, OrderStatus>> = Object.freeze({
  'AWB ASSIGNED': 'READY_TO_SHIP',
  'LABEL GENERATED': 'READY_TO_SHIP',
  'PICKUP SCHEDULED': 'READY_TO_SHIP',
  'PICKUP GENERATED': 'READY_TO_SHIP',
  'PICKUP QUEUED': 'READY_TO_SHIP',
  'PICKUP RESCHEDULED': 'READY_TO_SHIP',
  'PICKUP ERROR': 'READY_TO_SHIP',
  'PICKUP EXCEPTION': 'READY_TO_SHIP',
  'OUT FOR PICKUP': 'READY_TO_SHIP',
  'MANIFEST GENERATED': 'READY_TO_SHIP',
  'PICKED UP': 'SHIPPED',
  SHIPPED: 'SHIPPED',
  'IN TRANSIT': 'IN_TRANSIT',
  'REACHED AT DESTINATION HUB': 'IN_TRANSIT',
  MISROUTED: 'IN_TRANSIT',
  DELAYED: 'IN_TRANSIT',
  'OUT FOR DELIVERY': 'OUT_FOR_DELIVERY',
  DELIVERED: 'DELIVERED',
  UNDELIVERED: 'UNDELIVERED',
  'RTO INITIATED': 'RTO_IN_TRANSIT',
  'RTO ACKNOWLEDGED': 'RTO_IN_TRANSIT',
  'RTO IN TRANSIT': 'RTO_IN_TRANSIT',
  'RTO OFD': 'RTO_OUT_FOR_DELIVERY',
  'RTO NDR': 'RTO_UNDELIVERED',
  'RTO DELIVERED': 'RTO_DELIVERED',
});

/** Our status for a Shiprocket status label, or null when the table has none. */
export function shiprocketStatus(label: string): OrderStatus | null {
  return SHIPROCKET_STATUSES[norm(label)] ?? null;
}

/**
 * A courier's local time as an ISO instant. Both couriers stamp India time
 * without an offset: `2024-09-21T18:10:52.752`, `2023-05-19 11:59:16`, or
 * Shiprocket's webhook `23 05 2023 11:43:52` (day month year). An offset or Z,
 * when given, is honoured. Null when it cannot be read.
 */
export function courierTimeToIso(raw: string | null | undefined): string | null {
  const s = (raw ?? '').trim().slice(0, 40);
  let m = /^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(s);
  const iso = m ? `${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:${m[6]}` : s.replace(' ', 'T');
  m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)(Z|[+-]\d{2}:?\d{2})?$/.exec(iso);
  if (!m) return null;
  const local = m[1]!.replace(/(\.\d{3})\d+$/, '$1');
  const zone = m[2];
  const ms = zone ? Date.parse(`${local}${zone}`) : Date.parse(`${local}Z`) - IST_OFFSET_MS;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}
