// The public tracking answers (GET /order/{awb} and /order/{awb}/details): only
// what a buyer may see. The timeline is the buyer's (domain/tracking-events), never
// the seller's trail.
import { createHash } from 'node:crypto';
import type { Db, DbHandle } from '../../../db/connect';
import { cityOf, findTrackedOrder, loadBuyerExtras, loadRequests, loadTrail, zoneLocation, type StoredRequest, type TrackedOrder } from '../../../db/tracking/public';
import { changeStamp, NO_STAMP } from '../../../db/tracking/stamp';
import {
  ESTIMATE_STATUSES,
  NDR_STATUSES,
  readStoredLayout,
  sellerBrand,
  shippedAt,
  type PublicRequest,
  type PublicShipmentDetails,
  type PublicTimelineEntry,
  type PublicTracking,
  type PublicTrackingResponse,
} from '../../../domain/tracking';
import { buyerDeliveredAt, buyerTimeline, delayOf } from '../../../domain/tracking-events';
import { deliveryZone, estimateDelivery, parseServiceLevel } from '../../../domain/zones';

export { findTrackedOrder, type TrackedOrder } from '../../../db/tracking/public';

/** The buyer's timeline of an order, oldest first. */
export async function loadTimeline(dbh: DbHandle, orderId: string, requests?: StoredRequest[]): Promise<PublicTimelineEntry[]> {
  const [trail, reqs] = await Promise.all([loadTrail(dbh, orderId), requests ?? loadRequests(dbh, orderId)]);
  return buyerTimeline(trail, reqs);
}

async function zoneOf(db: Db, o: TrackedOrder) {
  const origin = await zoneLocation(db, o.pickup_pincode, cityOf(o.warehouse_address), o.pickup_state);
  const dest = await zoneLocation(db, o.shipping_pincode, o.shipping_city, o.shipping_state);
  return deliveryZone(origin, dest);
}

/**
 * Estimated delivery: the courier's stored service level for the zone between the
 * pickup and delivery pincodes, counted from the SHIPPED (else READY_TO_SHIP) event.
 */
export async function estimateFor(db: Db, o: TrackedOrder, timeline: PublicTimelineEntry[]): Promise<string | null> {
  if (!ESTIMATE_STATUSES.includes(o.status) || o.service_levels == null) return null;
  const from = shippedAt(timeline);
  if (!from) return null;
  return estimateDelivery(from, await zoneOf(db, o), parseServiceLevel(o.service_levels));
}

/** The public answer: only what a customer may see (no ids, phone, e-mail, street address or internal notes). */
export async function publicTracking(dbh: DbHandle, o: TrackedOrder, requests?: StoredRequest[]): Promise<PublicTracking> {
  const timeline = await loadTimeline(dbh, o.id, requests);
  return {
    trackingNumber: o.tracking_number ?? '',
    shopOrderId: o.shop_order_id,
    status: o.status,
    shipper: o.partner_name ?? o.shipper ?? null,
    pickup: { state: o.pickup_state },
    shipping: { state: o.shipping_state },
    deliveredOn: buyerDeliveredAt(timeline),
    estimatedDelivery: await estimateFor(dbh.db, o, timeline),
    customerRequestsAllowed: NDR_STATUSES.includes(o.status),
    timeline,
    pageLayout: readStoredLayout(o.tracking_layout),
    updatedAt: o.updated_at,
  };
}

const publicRequestStatus = (s: string): PublicRequest['status'] => (s === 'OPEN' ? 'OPEN' : s === 'DECLINED' ? 'DECLINED' : 'ACCEPTED');

/** A buyer's request as the page shows it (the date of a re-attempt; never the address or phone given). */
export function publicRequest(r: StoredRequest): PublicRequest {
  let date: string | null = null;
  if (r.kind === 'reattempt') {
    try {
      const d = JSON.parse(r.payload)?.date;
      date = typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : null;
    } catch {
      date = null;
    }
  }
  return { kind: r.kind === 'address' ? 'address' : 'reattempt', status: publicRequestStatus(r.status), createdAt: r.created_at, date };
}

/** Statuses after which the next step is a delivery attempt within a day. */
const LAST_MILE = new Set(['OUT_FOR_DELIVERY', 'UNDELIVERED']);

/** GET /order/{awb}/details, or null when no order has the AWB. */
export async function shipmentDetails(dbh: DbHandle, awb: string, now = Date.now()): Promise<PublicShipmentDetails | null> {
  const o = await findTrackedOrder(dbh, awb);
  if (!o) return null;
  const requests = await loadRequests(dbh, o.id);
  const timeline = await loadTimeline(dbh, o.id, requests);
  const estimate = await estimateFor(dbh.db, o, timeline);
  const lastEvent = [...timeline].reverse().find((e) => !e.status.startsWith('NDR_'));
  let slaDays: number | null = null;
  if (LAST_MILE.has(o.status)) slaDays = 1;
  else if (o.service_levels != null) slaDays = parseServiceLevel(o.service_levels)[await zoneOf(dbh.db, o)];
  // A shipment still on its way but past its first estimate (or stuck after a failed attempt).
  const firstEstimate = estimate ?? (o.status === 'UNDELIVERED' && o.service_levels != null ? await estimateFromShipped(dbh.db, o, timeline) : null);
  const delay = delayOf({ status: o.status, estimate: firstEstimate, lastEventAt: lastEvent?.createdAt ?? null, slaDays, now });
  const { company, profile } = await loadBuyerExtras(dbh.db, o.company_id);
  const layout = readStoredLayout(o.tracking_layout);
  const brand = sellerBrand(company?.name, profile);
  return {
    delayed: delay.delayed,
    revisedEstimate: delay.revisedEstimate,
    seller: { name: brand.name, logoUrl: layout.hl ? layout.hl.url : brand.logoUrl },
    requests: requests.map(publicRequest),
  };
}

async function estimateFromShipped(db: Db, o: TrackedOrder, timeline: PublicTimelineEntry[]): Promise<string | null> {
  const from = shippedAt(timeline);
  if (!from || o.service_levels == null) return null;
  return estimateDelivery(from, await zoneOf(db, o), parseServiceLevel(o.service_levels));
}

/** The public answer as sent: the exact JSON text, its UTF-8 bytes (sent as they are) and its strong ETag (a hash of those bytes). */
export type PublicAnswer = { json: string; bytes: Uint8Array<ArrayBuffer>; etag: string };

/**
 * Public answers, remembered per AWB as typed, so that a repeated lookup costs
 * no query at all while nothing in the database has changed.
 *
 * SQLite: an entry is served as is while the database's change stamp is the
 * one read before the entry was computed. The stamp is `total_changes()` of
 * our connection: every row inserted, updated or deleted through it, in any
 * table (carrier events, status changes, layouts, service levels, pincodes...).
 * It moves on the write itself, even inside a transaction not yet committed,
 * and reading it touches no file. So any write of this process makes the next
 * lookup look again, exactly.
 * Writes of another process to the same file (e.g. `npm run seed` while the
 * server runs) move `PRAGMA data_version` instead; that pragma takes file
 * locks (a few syscalls), so it is read at most every DATA_VERSION_EVERY_MS:
 * such writes show within that delay (the answer itself says max-age=60).
 * When the stamp has moved (and always on PostgreSQL, which has no such stamp),
 * the order's row and its buyer requests are read (two indexed queries) and the
 * remembered answer is kept only if they are unchanged: every write of an order
 * bumps its version and writes its trail.
 */
type Entry = PublicAnswer & { changes: number; dataVersion: number; rowKey: string };
const ANSWERS_MAX = 10_000;
const answers = new WeakMap<Db, Map<string, Entry>>();

/** Strong ETag: the answer's bytes decide it, so equal tags mean byte-identical bodies. */
const strongEtag = (json: string) => `"${createHash('sha1').update(json).digest('base64url')}"`;

/**
 * The remembered answer for an AWB (as publicAnswer was asked) while it is
 * still exact, else undefined (never looked up, changed since, PostgreSQL):
 * synchronous, for the lookup's fast path, which leaves everything else to
 * publicAnswer.
 */
export function rememberedPublicAnswer(dbh: DbHandle, awb: string): PublicAnswer | undefined {
  const hit = answers.get(dbh.db)?.get(awb);
  if (!hit) return undefined;
  const stamp = changeStamp(dbh)();
  return stamp !== NO_STAMP && hit.changes === stamp.changes && hit.dataVersion === stamp.dataVersion ? hit : undefined;
}

/** The public answer for an AWB (normalised, else as typed), or null when no order has it. */
export async function publicAnswer(dbh: DbHandle, awb: string): Promise<PublicAnswer | null> {
  let memo = answers.get(dbh.db);
  if (!memo) answers.set(dbh.db, (memo = new Map()));
  const readStamp = changeStamp(dbh);
  const stamp = readStamp();
  const hit = memo.get(awb);
  if (hit && stamp !== NO_STAMP && hit.changes === stamp.changes && hit.dataVersion === stamp.dataVersion) return hit;

  const o = await findTrackedOrder(dbh, awb);
  if (!o) {
    memo.delete(awb);
    return null;
  }
  const requests = await loadRequests(dbh, o.id);
  // Stamped with what was read before the row: a write since then moves the stamp again.
  const rowKey = JSON.stringify([o, requests.map((r) => [r.id, r.status, r.decided_at])]);
  if (hit && hit.rowKey === rowKey) {
    hit.changes = stamp.changes;
    hit.dataVersion = stamp.dataVersion;
    return hit;
  }
  const json = JSON.stringify({ status: true, data: { data: await publicTracking(dbh, o, requests) } } satisfies PublicTrackingResponse);
  const entry: Entry = { json, bytes: Buffer.from(json), etag: strongEtag(json), rowKey, changes: stamp.changes, dataVersion: stamp.dataVersion };
  if (!hit && memo.size >= ANSWERS_MAX) memo.delete(memo.keys().next().value!);
  memo.set(awb, entry);
  return entry;
}
