// Courier quotes for an order: per active partner with a carrier
// implementation, whether it can take the order, its rate, the estimated
// delivery date from its SLA, and COD availability. A courier the company has
// its own live account at (Delhivery) says itself whether it serves the lane;
// the rate tables answer when it does not (down, slow) and for every other courier.
import type { Logger } from 'pino';
import type { Db, DbHandle } from '../../../db/connect';
import { listConnectionRows } from '../../../db/integrations/connections';
import { activePartners, latestBooking, serviceLevelOf } from '../../../db/carriers/queries';
import { orderForShipping, type ShippingOrder } from '../../../db/carriers/orders';
import { readPreferences } from '../../../db/preferences/queries';
import { defaultCourier, type CourierBooking, type CourierQuote, type CourierQuotesResponse } from '../../../domain/carriers';
import { nowIso } from '../../../domain/ids';
import { ORDER_NOT_FOUND } from '../../../domain/orders';
import { courierOrder } from '../../../domain/preferences';
import { notFound } from '../../../domain/refusal';
import { estimateDelivery } from '../../../domain/zones';
import { carrierFor } from '../../carriers';
import { liveCarrierOf } from '../../carriers/live/registry';
import type { Lane, Serviceability } from '../../carriers/types';
import type { AppConfig } from '../../env';
import type { ServiceActor } from '../audit/actor';

export const codAmountOf = (o: Pick<ShippingOrder, 'payment_mode' | 'cod_paise'>) => (o.payment_mode === 'cod' ? Number(o.cod_paise) : 0);

/** Every active courier's answer for this order, cheapest serviceable first. */
/** What asking a company's own courier account needs (the couriers' quotes then come from the courier where it offers them). */
export type LiveQuoteContext = { dbh: DbHandle; config: AppConfig; log: Logger };
/** How long the courier choice waits for a courier's own serviceability answer before the rate tables answer instead. */
export const QUOTE_TIMEOUT_MS = 4000;

/**
 * The company's live account at this courier answers whether it serves the lane; null (the rate tables answer)
 * when the company has none, or the courier is down, slow or answers nonsense.
 */
async function liveServiceability(live: LiveQuoteContext, companyId: string, code: string, lane: Lane): Promise<Serviceability | null> {
  const account = (await listConnectionRows(live.dbh.db, [companyId], [code])).find((c) => c.status === 'active');
  if (!account) return null;
  try {
    const carrier = await liveCarrierOf(live.dbh, live.config, live.log, account.id, QUOTE_TIMEOUT_MS);
    return carrier ? await carrier.serviceability(live.dbh.db, lane) : null;
  } catch (err) {
    live.log.warn({ code, err: (err as Error).message }, 'courier serviceability failed; the rate tables answer');
    return null;
  }
}

export async function quotesFor(db: Db, o: ShippingOrder, at: string = nowIso(), live?: LiveQuoteContext): Promise<CourierQuote[]> {
  const partners = await activePartners(db);
  const quotes: CourierQuote[] = [];
  for (const p of partners) {
    const carrier = carrierFor(p.code);
    if (!carrier) continue;
    const lane = { originPincode: o.pickup_pincode, destPincode: o.shipping_pincode, paymentMode: o.payment_mode };
    const s = (live && (await liveServiceability(live, o.company_id, p.code, lane))) || (await carrier.serviceability(db, lane));
    const base = { code: p.code, name: p.name, zone: s.zone, codAvailable: s.codAvailable };
    if (!s.serviceable) {
      quotes.push({ ...base, serviceable: false, reason: s.reason, ratePaise: null, edd: null });
      continue;
    }
    const r = await carrier.rate(db, { zone: s.zone, weightG: Number(o.weight_g), codPaise: codAmountOf(o) });
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
