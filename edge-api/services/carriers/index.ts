// Courier quotes for an order: per active partner with a carrier
// implementation, whether it can take the order, its rate, the estimated
// delivery date from its SLA, and COD availability.
import type { Db } from '../../../db/connect';
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
import type { ServiceActor } from '../audit/actor';

export const codAmountOf = (o: Pick<ShippingOrder, 'payment_mode' | 'cod_paise'>) => (o.payment_mode === 'cod' ? Number(o.cod_paise) : 0);

/** Every active courier's answer for this order, cheapest serviceable first. */
export async function quotesFor(db: Db, o: ShippingOrder, at: string = nowIso()): Promise<CourierQuote[]> {
  const partners = await activePartners(db);
  const quotes: CourierQuote[] = [];
  for (const p of partners) {
    const carrier = carrierFor(p.code);
    if (!carrier) continue;
    const lane = { originPincode: o.pickup_pincode, destPincode: o.shipping_pincode, paymentMode: o.payment_mode };
    const s = await carrier.serviceability(db, lane);
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

export async function courierQuotes(db: Db, actor: ServiceActor, orderId: string): Promise<CourierQuotesResponse['data']> {
  const o = await orderForShipping(db, orderId, actor.scope);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  const quotes = await quotesFor(db, o);
  return { orderId, defaultCourier: await defaultCourierFor(db, o, quotes), weightG: Number(o.weight_g), paymentMode: o.payment_mode, quotes };
}

export async function courierBooking(db: Db, actor: ServiceActor, orderId: string): Promise<CourierBooking | null> {
  const o = await orderForShipping(db, orderId, actor.scope);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  return latestBooking(db, orderId);
}
