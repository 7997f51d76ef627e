// The buyer's timeline: an allow-list of shipment events, each with
// a fixed text in English and Hindi. Internal trail entries (notes, cancel
// reasons, invoices, weights, credit notes, warehouse changes...) never match it.
// Pure and zod-free: the public page imports it too.

export type BuyerLang = 'en' | 'hi';
type Texts = { en: string; hi: string };

/**
 * Order statuses the buyer sees as events, with their fixed texts. The English
 * text of a carrier status is the default carrier description (STATUS_DESCRIPTIONS).
 */
export const BUYER_STATUS_EVENTS: Readonly<Record<string, Texts>> = Object.freeze({
  PLACED: { en: 'Order placed', hi: 'ऑर्डर दिया गया' },
  PROCESSED: { en: 'Order packed', hi: 'ऑर्डर पैक हो गया' },
  READY_TO_SHIP: { en: 'Packed and ready to ship', hi: 'पैक होकर भेजने के लिए तैयार' },
  SHIPPED: { en: 'Shipment picked up by courier', hi: 'कूरियर ने शिपमेंट उठा लिया' },
  IN_TRANSIT: { en: 'Shipment in transit', hi: 'शिपमेंट रास्ते में है' },
  OUT_FOR_DELIVERY: { en: 'Out for delivery', hi: 'डिलीवरी के लिए निकला' },
  UNDELIVERED: { en: 'Delivery attempted', hi: 'डिलीवरी की कोशिश की गई' },
  DELIVERED: { en: 'Delivered to customer', hi: 'ग्राहक को डिलीवर हो गया' },
  RTO_IN_TRANSIT: { en: 'Returning to the seller', hi: 'विक्रेता को लौटाया जा रहा है' },
  RTO_OUT_FOR_DELIVERY: { en: 'Out for return delivery to the seller', hi: 'विक्रेता को वापसी डिलीवरी के लिए निकला' },
  RTO_UNDELIVERED: { en: 'Return delivery to the seller attempted', hi: 'विक्रेता को वापसी डिलीवरी की कोशिश की गई' },
  RTO_DELIVERED: { en: 'Returned to the seller', hi: 'विक्रेता को लौटा दिया गया' },
  DTO_PLACED: { en: 'Return pickup scheduled', hi: 'वापसी पिकअप तय हुआ' },
  DTO_IN_TRANSIT: { en: 'Return picked up', hi: 'वापसी पिकअप हो गई' },
  DTO_OUT_FOR_DELIVERY: { en: 'Return out for delivery to the seller', hi: 'वापसी विक्रेता तक डिलीवरी के लिए निकली' },
  DTO_UNDELIVERED: { en: 'Return delivery to the seller attempted', hi: 'वापसी विक्रेता तक डिलीवरी की कोशिश की गई' },
  DTO_DELIVERED: { en: 'Return delivered to the seller', hi: 'वापसी विक्रेता तक पहुँच गई' },
});

/** Pseudo statuses of buyer events that are not order statuses: the buyer's own NDR requests and their outcome. */
export const NDR_REQUESTED = 'NDR_REQUESTED';
export const NDR_ACCEPTED = 'NDR_ACCEPTED';
export const NDR_DECLINED = 'NDR_DECLINED';

export const BUYER_REQUEST_EVENTS: Readonly<Record<string, Texts>> = Object.freeze({
  reattempt: { en: 'Request for another delivery attempt received', hi: 'दोबारा डिलीवरी का अनुरोध मिला' },
  address: { en: 'Request to correct the address received', hi: 'पता ठीक करने का अनुरोध मिला' },
  accepted: { en: 'The seller accepted your request', hi: 'विक्रेता ने आपका अनुरोध स्वीकार किया' },
  declined: { en: 'The seller could not accept your request', hi: 'विक्रेता आपका अनुरोध स्वीकार नहीं कर सका' },
});

/** Reasons of a failed delivery attempt the buyer may read, matched from the courier's words. */
export const NDR_REASONS: readonly { code: string; match: RegExp; en: string; hi: string }[] = [
  { code: 'not_available', match: /not\s*(available|reachable|at home|home)|unavailable|door\s*locked|no\s*response|not\s*responding/i, en: 'Delivery attempted: customer not available', hi: 'डिलीवरी की कोशिश की गई: ग्राहक उपलब्ध नहीं थे' },
  { code: 'address', match: /address|incomplete|untraceable|wrong\s*location|not\s*found/i, en: 'Delivery attempted: address incomplete or not found', hi: 'डिलीवरी की कोशिश की गई: पता अधूरा है या नहीं मिला' },
  { code: 'refused', match: /refus|reject|denied/i, en: 'Delivery attempted: delivery refused', hi: 'डिलीवरी की कोशिश की गई: डिलीवरी लेने से मना किया गया' },
  { code: 'future', match: /future|reschedul|later|another\s*day/i, en: 'Delivery attempted: delivery asked for another day', hi: 'डिलीवरी की कोशिश की गई: किसी और दिन डिलीवरी माँगी गई' },
  { code: 'cod', match: /\bcod\b|cash|payment|amount/i, en: 'Delivery attempted: cash on delivery amount not ready', hi: 'डिलीवरी की कोशिश की गई: कैश ऑन डिलीवरी की रकम तैयार नहीं थी' },
  { code: 'closed', match: /closed|shut|premises/i, en: 'Delivery attempted: premises closed', hi: 'डिलीवरी की कोशिश की गई: परिसर बंद था' },
];

const ATTEMPT_STATUSES = new Set(['UNDELIVERED', 'RTO_UNDELIVERED', 'DTO_UNDELIVERED']);
/** Statuses shown once only (a status change back to them is internal work). */
const ONCE = new Set(['PLACED', 'PROCESSED', 'READY_TO_SHIP', 'SHIPPED', 'DELIVERED', 'RTO_DELIVERED', 'DTO_DELIVERED', 'DTO_PLACED']);

/** A trail entry as stored (order_trails). */
export type TrailRow = { status: string; created_at: string; description: string; city: string | null; source: string };
/** A buyer's request as stored (customer_requests); outcome fields may be absent. */
export type RequestRow = { kind: string; status: string; created_at: string; decided_at?: string | null };

export type BuyerEvent = { status: string; createdAt: string; description: string; city: string | null };

/** The English text of a failed attempt, with its reason when the courier's words name one. */
export function attemptText(courierWords: string): string {
  return NDR_REASONS.find((r) => r.match.test(courierWords))?.en ?? BUYER_STATUS_EVENTS.UNDELIVERED.en;
}

/**
 * The buyer's timeline from the order's trail (oldest first) and the buyer's
 * requests: status changes into an allowed status, and carrier events of an
 * allowed status, each with its fixed text; the trail's own description is never
 * passed on (only read to pick an attempt's reason from a carrier's words).
 */
export function buyerTimeline(trails: readonly TrailRow[], requests: readonly RequestRow[] = []): BuyerEvent[] {
  const out: BuyerEvent[] = [];
  const shown = new Set<string>();
  let prev: string | null = null;
  for (const t of trails) {
    const changed = t.status !== prev;
    prev = t.status;
    const texts = BUYER_STATUS_EVENTS[t.status];
    if (!texts) continue;
    const fromCarrier = t.source === 'carrier';
    if (!changed && !fromCarrier) continue;
    if (ONCE.has(t.status) && shown.has(t.status)) continue;
    shown.add(t.status);
    let description = texts.en;
    if (ATTEMPT_STATUSES.has(t.status) && t.status === 'UNDELIVERED' && fromCarrier) description = attemptText(t.description);
    out.push({ status: t.status, createdAt: t.created_at, description, city: t.city });
  }
  for (const r of requests) {
    const texts = BUYER_REQUEST_EVENTS[r.kind];
    if (!texts) continue;
    out.push({ status: NDR_REQUESTED, createdAt: r.created_at, description: texts.en, city: null });
    if (r.decided_at && (r.status === 'DONE' || r.status === 'ACCEPTED')) {
      out.push({ status: NDR_ACCEPTED, createdAt: r.decided_at, description: BUYER_REQUEST_EVENTS.accepted.en, city: null });
    } else if (r.decided_at && r.status === 'DECLINED') {
      out.push({ status: NDR_DECLINED, createdAt: r.decided_at, description: BUYER_REQUEST_EVENTS.declined.en, city: null });
    }
  }
  return out.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** The time of delivery: the delivery event alone (latest DELIVERED event of the buyer's timeline). */
export function buyerDeliveredAt(events: readonly BuyerEvent[]): string | null {
  let at: string | null = null;
  for (const e of events) if (e.status === 'DELIVERED' && (!at || e.createdAt > at)) at = e.createdAt;
  return at;
}

/** An event's text in the buyer's language (its English text is the key). */
export function buyerEventText(lang: BuyerLang, e: { status: string; description: string }): string {
  if (lang === 'en') return e.description;
  const reason = NDR_REASONS.find((r) => r.en === e.description);
  if (reason) return reason.hi;
  const req = Object.values(BUYER_REQUEST_EVENTS).find((t) => t.en === e.description);
  if (req) return req.hi;
  return BUYER_STATUS_EVENTS[e.status]?.hi ?? BUYER_STATUS_EVENTS[e.status]?.en ?? e.description;
}

// ---------------------------------------------------------------------------
// AWBs as people paste them

/** An AWB as looked up: trimmed, spaces and dashes removed, in capitals. */
export function normaliseAwb(raw: string | null | undefined): string {
  return (raw ?? '').trim().replace(/[\s\-\u2010-\u2015]+/g, '').toUpperCase();
}

// ---------------------------------------------------------------------------
// Delivery days: couriers do not deliver on Sundays and national holidays.

/** National holidays (gazetted, fixed and announced dates) the partners do not deliver on. Maintained yearly. */
export const NATIONAL_HOLIDAYS: readonly string[] = [
  '2026-01-26', // Republic Day
  '2026-03-04', // Holi
  '2026-08-15', // Independence Day
  '2026-10-02', // Gandhi Jayanti
  '2026-11-08', // Diwali
  '2026-12-25', // Christmas
  '2027-01-26',
  '2027-03-22', // Holi
  '2027-08-15',
  '2027-10-02',
  '2027-10-29', // Diwali
  '2027-12-25',
];
const HOLIDAYS = new Set(NATIONAL_HOLIDAYS);
const DAY_MS = 86_400_000;
const IST_MS = (5 * 60 + 30) * 60_000;

/** True when partners deliver on this calendar day (YYYY-MM-DD). */
export function isDeliveryDay(ymd: string): boolean {
  return new Date(`${ymd}T00:00:00Z`).getUTCDay() !== 0 && !HOLIDAYS.has(ymd);
}

/** Today's calendar day in India (YYYY-MM-DD). */
export function indiaToday(now: Date | number = Date.now()): string {
  return new Date(+now + IST_MS).toISOString().slice(0, 10);
}

/** The calendar day `days` delivery days after the India day of `fromIso` (Sundays and holidays skipped). */
export function addDeliveryDays(fromIso: string, days: number): string {
  let d = Date.parse(`${indiaToday(Date.parse(fromIso))}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    d += DAY_MS;
    if (isDeliveryDay(new Date(d).toISOString().slice(0, 10))) left -= 1;
  }
  while (!isDeliveryDay(new Date(d).toISOString().slice(0, 10))) d += DAY_MS;
  return new Date(d).toISOString().slice(0, 10);
}

/** Shipment statuses still expecting a forward delivery. */
const FORWARD = new Set(['READY_TO_SHIP', 'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'UNDELIVERED']);

/**
 * Honest dates: when the first estimate has passed and the parcel is
 * not delivered, it is delayed, and the new estimate counts the partner's days
 * from the last event (null when none is known, or when that too has passed).
 */
export function delayOf(input: { status: string; estimate: string | null; lastEventAt: string | null; slaDays: number | null; now?: number }): {
  delayed: boolean;
  revisedEstimate: string | null;
} {
  const today = indiaToday(input.now ?? Date.now());
  if (!FORWARD.has(input.status) || !input.estimate || input.estimate >= today) return { delayed: false, revisedEstimate: null };
  let revised: string | null = null;
  if (input.lastEventAt && input.slaDays != null) {
    revised = addDeliveryDays(input.lastEventAt, Math.max(1, input.slaDays));
    if (revised < today) revised = null;
  }
  return { delayed: true, revisedEstimate: revised };
}
