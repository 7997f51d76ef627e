// Courier quotes for an order: per active partner with a carrier
// implementation, whether it can take the order, its rate, the estimated
// delivery date from its SLA, and COD availability. A courier the company has
// its own live account at (Delhivery, Shiprocket) says itself whether it serves
// the lane and at what price; the rate tables answer for every other courier,
// and when a live courier does not (down, slow: the quote then says so).
// Shiprocket has no demo courier: it is offered only to a company connected
// to it.
import type { Logger } from 'pino';
import type { Db, DbHandle } from '../../../db/connect';
import { listConnectionRows } from '../../../db/integrations/connections';
import { activePartners, latestBooking, serviceLevelOf } from '../../../db/carriers/queries';
import { orderForShipping, type ShippingOrder } from '../../../db/carriers/orders';
import { readPreferences } from '../../../db/preferences/queries';
import { defaultCourier, rateFromTable, type CourierBooking, type CourierQuote, type CourierQuotesResponse } from '../../../domain/carriers';
import { nowIso } from '../../../domain/ids';
import { ORDER_NOT_FOUND } from '../../../domain/orders/texts';
import { courierOrder } from '../../../domain/preferences';
import { notFound } from '../../../domain/refusal';
import { estimateDelivery } from '../../../domain/zones';
import { carrierFor, liveOnlyTablesFor } from '../../carriers';
import { COURIER_KINDS, liveCarrierOf } from '../../carriers/live/registry';
import type { Carrier, Lane, Serviceability } from '../../carriers/types';
import type { AppConfig } from '../../env';
import type { ServiceActor } from '../audit/actor';

export const codAmountOf = (o: Pick<ShippingOrder, 'payment_mode' | 'cod_paise'>) => (o.payment_mode === 'cod' ? Number(o.cod_paise) : 0);

/** What asking a company's own courier account needs (the couriers' quotes then come from the courier where it offers them). */
export type LiveQuoteContext = { dbh: DbHandle; config: AppConfig; log: Logger };
/** How long the courier choice waits for each of a courier's own answers (serviceability, price) before the rate tables answer instead. */
export const QUOTE_TIMEOUT_MS = 4000;

/** The company's active live courier accounts, by courier code. */
async function liveAccountsOf(live: LiveQuoteContext, companyId: string): Promise<Map<string, string>> {
  const rows = (await listConnectionRows(live.dbh.db, [companyId], Object.keys(COURIER_KINDS))).filter((c) => c.status === 'active');
  const byCode = new Map<string, string>();
  for (const c of rows) if (!byCode.has(c.kind)) byCode.set(c.kind, c.id);
  return byCode;
}

/** The company's live account at this courier, or null when it cannot be opened (gone, paused, unreadable). */
async function openLive(live: LiveQuoteContext, connectionId: string, code: string): Promise<Carrier | null> {
  try {
    return await liveCarrierOf(live.dbh, live.config, live.log, connectionId, QUOTE_TIMEOUT_MS, { quote: true });
  } catch (err) {
    live.log.warn({ code, err: (err as Error).message }, 'courier account could not be opened; the rate tables answer');
    return null;
  }
}

const whyOf = (err: unknown) => ((err as Error).message || 'no answer').slice(0, 200);

/**
 * The live courier answers whether it serves the lane (and, where the courier prices it with that answer, at what
 * rate); when it is down, slow or answers nonsense, why in words (the rate tables then answer).
 */
async function liveServiceability(live: LiveQuoteContext, carrier: Carrier, lane: Lane): Promise<{ s: Serviceability } | { why: string }> {
  try {
    return { s: await carrier.serviceability(live.dbh.db, lane) };
  } catch (err) {
    live.log.warn({ code: carrier.code, err: (err as Error).message }, 'courier serviceability failed; the rate tables answer');
    return { why: whyOf(err) };
  }
}

/** The live courier's own price for the parcel, or why it could not be had. */
async function liveRate(live: LiveQuoteContext, carrier: Carrier, input: Lane & { weightG: number; codPaise: number }): Promise<{ ratePaise: number } | { why: string }> {
  try {
    const r = await carrier.courierRate!(live.dbh.db, input);
    return r.ok ? { ratePaise: r.ratePaise } : { why: r.reason.slice(0, 200) };
  } catch (err) {
    live.log.warn({ code: carrier.code, err: (err as Error).message }, 'courier price failed; the rate table answers');
    return { why: whyOf(err) };
  }
}

/**
 * Every courier's answer for this order, cheapest serviceable first: the demo couriers, and a courier offered only
 * to a company with a live account there (Shiprocket) when the company has one. A courier the company has a live
 * account at gives its own price (Shiprocket with its serviceability, Delhivery through its price API once it said it
 * serves the lane); when it cannot, its rate table prices the order and the quote says so (`rateNote`). Nothing is
 * kept between calls: every quote is asked with the order's own company's account.
 */
export async function quotesFor(db: Db, o: ShippingOrder, at: string = nowIso(), live?: LiveQuoteContext): Promise<CourierQuote[]> {
  const partners = await activePartners(db);
  const accounts = live ? await liveAccountsOf(live, o.company_id) : new Map<string, string>();
  const quotes: CourierQuote[] = [];
  for (const p of partners) {
    const account = accounts.get(p.code);
    const carrier = carrierFor(p.code) ?? (account ? liveOnlyTablesFor(p.code) : undefined);
    if (!carrier) continue;
    const lane = { originPincode: o.pickup_pincode, destPincode: o.shipping_pincode, paymentMode: o.payment_mode, weightG: Number(o.weight_g) };
    const liveCarrier = live && account ? await openLive(live, account, p.code) : null;
    const asked = live && liveCarrier ? await liveServiceability(live, liveCarrier, lane) : null;
    const s = (asked && 's' in asked ? asked.s : null) ?? (await carrier.serviceability(db, lane));
    const base = { code: p.code, name: p.name, zone: s.zone, codAvailable: s.codAvailable };
    if (!s.serviceable) {
      quotes.push({ ...base, serviceable: false, reason: s.reason, ratePaise: null, edd: null, rateSource: null, rateNote: null, via: null });
      continue;
    }
    const codPaise = codAmountOf(o);
    let courierPaise = s.ratePaise ?? null;
    let why = asked && 'why' in asked ? asked.why : null;
    if (!courierPaise && live && liveCarrier?.courierRate && asked && 's' in asked) {
      const priced = await liveRate(live, liveCarrier, { ...lane, weightG: Number(o.weight_g), codPaise });
      if ('ratePaise' in priced) courierPaise = priced.ratePaise;
      else why = priced.why;
    }
    const r = courierPaise ? { ok: true as const, ratePaise: courierPaise } : await carrier.rate(db, { zone: s.zone, weightG: Number(o.weight_g), codPaise });
    const edd = estimateDelivery(at, s.zone, serviceLevelOf(p.service_levels));
    // A live account whose own price could not be had: the seller is told the price is the rate table's.
    const rateNote = !courierPaise && account ? rateFromTable(p.name, why ?? (liveCarrier ? 'no price in its answer' : 'its account could not be used')) : null;
    const via = courierPaise ? (s.via ?? null) : null;
    quotes.push(r.ok
      ? { ...base, serviceable: true, reason: null, ratePaise: r.ratePaise, edd, rateSource: courierPaise ? 'courier' : 'table', rateNote, via }
      : { ...base, serviceable: false, reason: r.reason, ratePaise: null, edd: null, rateSource: null, rateNote: null, via: null });
  }
  return quotes.sort((a, b) => Number(b.serviceable) - Number(a.serviceable) || (a.ratePaise ?? 0) - (b.ratePaise ?? 0) || a.name.localeCompare(b.name));
}

/** The default courier of an order: the preference's order, else Clickpost for its companies, else the cheapest. */
export async function defaultCourierFor(db: Db, o: ShippingOrder, quotes: readonly CourierQuote[]): Promise<string | null> {
  const prefs = await readPreferences(db, o.company_id);
  return defaultCourier(quotes, { preferred: courierOrder(prefs), clickpostActive: Number(o.clickpost_active) === 1 });
}

export async function courierQuotes(db: Db, actor: ServiceActor, orderId: string, live?: LiveQuoteContext): Promise<CourierQuotesResponse['data']> {
  const o = await orderForShipping(db, orderId, actor.scope);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  const quotes = await quotesFor(db, o, nowIso(), live);
  return { orderId, defaultCourier: await defaultCourierFor(db, o, quotes), weightG: Number(o.weight_g), paymentMode: o.payment_mode, quotes };
}

export async function courierBooking(db: Db, actor: ServiceActor, orderId: string): Promise<CourierBooking | null> {
  const o = await orderForShipping(db, orderId, actor.scope);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  return latestBooking(db, orderId);
}
