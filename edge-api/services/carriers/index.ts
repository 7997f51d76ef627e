// Courier quotes for an order: per active partner with a carrier
// implementation, whether it can take the order, its rate, the estimated
// delivery date from its SLA, and COD availability. A courier the company has
// its own live account at (Delhivery, Shiprocket) says itself whether it serves
// the lane, and Shiprocket its rate; the rate tables answer when it does not
// (down, slow) and for every other courier. Shiprocket has no demo courier: it
// is offered only to a company connected to it.
import type { Logger } from 'pino';
import type { Db, DbHandle } from '../../../db/connect';
import { listConnectionRows } from '../../../db/integrations/connections';
import { activePartners, latestBooking, serviceLevelOf } from '../../../db/carriers/queries';
import { orderForShipping, type ShippingOrder } from '../../../db/carriers/orders';
import { readPreferences } from '../../../db/preferences/queries';
import { defaultCourier, type CourierBooking, type CourierQuote, type CourierQuotesResponse } from '../../../domain/carriers';
import { nowIso } from '../../../domain/ids';
import { ORDER_NOT_FOUND } from '../../../domain/orders/texts';
import { courierOrder } from '../../../domain/preferences';
import { notFound } from '../../../domain/refusal';
import { estimateDelivery } from '../../../domain/zones';
import { carrierFor, liveOnlyTablesFor } from '../../carriers';
import { COURIER_KINDS, liveCarrierOf } from '../../carriers/live/registry';
import type { Lane, Serviceability } from '../../carriers/types';
import type { AppConfig } from '../../env';
import type { ServiceActor } from '../audit/actor';

export const codAmountOf = (o: Pick<ShippingOrder, 'payment_mode' | 'cod_paise'>) => (o.payment_mode === 'cod' ? Number(o.cod_paise) : 0);

/** What asking a company's own courier account needs (the couriers' quotes then come from the courier where it offers them). */
export type LiveQuoteContext = { dbh: DbHandle; config: AppConfig; log: Logger };
/** How long the courier choice waits for a courier's own serviceability answer before the rate tables answer instead. */
export const QUOTE_TIMEOUT_MS = 4000;

/** The company's active live courier accounts, by courier code. */
async function liveAccountsOf(live: LiveQuoteContext, companyId: string): Promise<Map<string, string>> {
  const rows = (await listConnectionRows(live.dbh.db, [companyId], Object.keys(COURIER_KINDS))).filter((c) => c.status === 'active');
  const byCode = new Map<string, string>();
  for (const c of rows) if (!byCode.has(c.kind)) byCode.set(c.kind, c.id);
  return byCode;
}

/**
 * The company's live account at this courier answers whether it serves the lane (and, where the courier prices it,
 * at what rate); null (the rate tables answer) when the courier is down, slow or answers nonsense.
 */
async function liveServiceability(live: LiveQuoteContext, connectionId: string, code: string, lane: Lane): Promise<Serviceability | null> {
  try {
    const carrier = await liveCarrierOf(live.dbh, live.config, live.log, connectionId, QUOTE_TIMEOUT_MS);
    return carrier ? await carrier.serviceability(live.dbh.db, lane) : null;
  } catch (err) {
    live.log.warn({ code, err: (err as Error).message }, 'courier serviceability failed; the rate tables answer');
    return null;
  }
}

/**
 * Every courier's answer for this order, cheapest serviceable first: the demo couriers, and a courier offered only
 * to a company with a live account there (Shiprocket) when the company has one.
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
    const s = (live && account && (await liveServiceability(live, account, p.code, lane))) || (await carrier.serviceability(db, lane));
    const base = { code: p.code, name: p.name, zone: s.zone, codAvailable: s.codAvailable };
    if (!s.serviceable) {
      quotes.push({ ...base, serviceable: false, reason: s.reason, ratePaise: null, edd: null });
      continue;
    }
    const r = s.ratePaise ? { ok: true as const, ratePaise: s.ratePaise } : await carrier.rate(db, { zone: s.zone, weightG: Number(o.weight_g), codPaise: codAmountOf(o) });
    const edd = estimateDelivery(at, s.zone, serviceLevelOf(p.service_levels));
    quotes.push(r.ok ? { ...base, serviceable: true, reason: null, ratePaise: r.ratePaise, edd } : { ...base, serviceable: false, reason: r.reason, ratePaise: null, edd: null });
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
