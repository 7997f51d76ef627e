// Rate cards, zone tables and bookings of the couriers (edge-api/carriers).
import type { Kysely } from 'kysely';
import { zoneByPincodes, type CourierBooking, type RateCard } from '../../domain/carriers';
import { nowIso, uuidv7 } from '../../domain/ids';
import { deliveryZone, parseServiceLevel, type ServiceLevel, type Zone } from '../../domain/zones';
import type { Database } from '../schema';
import '../tables/preferences-carriers-promoters';

type Db = Kysely<Database>;

export async function rateCard(db: Db, partnerCode: string, zone: Zone): Promise<RateCard | undefined> {
  const r = await db.selectFrom('carrier_rate_cards').selectAll().where('partner_code', '=', partnerCode).where('zone', '=', zone).executeTakeFirst();
  if (!r) return undefined;
  return {
    zone, baseWeightG: Number(r.base_weight_g), basePaise: Number(r.base_paise), extraWeightG: Number(r.extra_weight_g), extraPaise: Number(r.extra_paise),
    codFeePaise: Number(r.cod_fee_paise), codBp: Number(r.cod_bp), maxWeightG: Number(r.max_weight_g), codLimitPaise: Number(r.cod_limit_paise),
  };
}

/** The zone-table rows of a courier for the two ends of a shipment (undefined = region not served). */
export async function coverage(db: Db, partnerCode: string, pincodes: string[]) {
  const prefixes = [...new Set(pincodes.map((p) => p.trim().slice(0, 2)))];
  const rows = await db.selectFrom('carrier_zones').select(['pin_prefix', 'cod']).where('partner_code', '=', partnerCode).where('pin_prefix', 'in', prefixes).execute();
  const m = new Map(rows.map((r) => [r.pin_prefix, { cod: Number(r.cod) === 1 }]));
  return (pin: string) => m.get(pin.trim().slice(0, 2));
}

/** Zone between two pincodes: from the pincode directory when it knows both, else by the pincodes themselves. */
export async function zoneBetween(db: Db, origin: string, dest: string): Promise<Zone> {
  const rows = await db.selectFrom('pincodes').select(['pincode', 'district', 'state', 'is_metro', 'is_special']).where('pincode', 'in', [origin.trim(), dest.trim()]).execute();
  const find = (p: string) => rows.find((r) => r.pincode === p.trim());
  const o = find(origin);
  const d = find(dest);
  if (!o || !d) return zoneByPincodes(origin.trim(), dest.trim());
  const loc = (r: typeof o) => ({ pincode: r.pincode, district: r.district, state: r.state, isMetro: Number(r.is_metro) === 1, isSpecial: Number(r.is_special) === 1 });
  return deliveryZone(loc(o), loc(d));
}

export async function partnerByCode(db: Db, code: string) {
  return db.selectFrom('delivery_partners').select(['id', 'code', 'name', 'status', 'service_levels']).where('code', '=', code).executeTakeFirst();
}
export async function activePartners(db: Db) {
  return db.selectFrom('delivery_partners').select(['id', 'code', 'name', 'status', 'service_levels']).where('status', '=', 1).orderBy('name').execute();
}
export const serviceLevelOf = (stored: string): ServiceLevel => parseServiceLevel(stored);

export type BookingInsert = Omit<CourierBooking, 'createdAt'> & { companyId: string; actorId: string | null; actorName: string };

export async function insertBooking(db: Db, b: BookingInsert): Promise<void> {
  await db
    .insertInto('carrier_bookings')
    .values({
      id: uuidv7(), order_id: b.orderId, company_id: b.companyId, partner_code: b.courierCode, partner_name: b.courierName, awb: b.awb,
      status: b.status, rate_paise: b.ratePaise, zone: b.zone, edd: b.edd, reason: b.reason, actor_id: b.actorId, actor_name: b.actorName, created_at: nowIso(),
    })
    .execute();
}

/** The order's courier bookings called off (the order went back to PLACED); answers the AWBs that were booked. */
export async function cancelBookings(db: Db, orderId: string): Promise<{ partnerCode: string; awb: string }[]> {
  const booked = await db.selectFrom('carrier_bookings').select(['partner_code', 'awb']).where('order_id', '=', orderId).where('status', '=', 'booked').execute();
  await db.updateTable('carrier_bookings').set({ status: 'cancelled' }).where('order_id', '=', orderId).where('status', '=', 'booked').execute();
  return booked.flatMap((b) => (b.awb ? [{ partnerCode: b.partner_code, awb: b.awb }] : []));
}

export async function latestBooking(db: Db, orderId: string): Promise<CourierBooking | null> {
  const r = await db.selectFrom('carrier_bookings').selectAll().where('order_id', '=', orderId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!r) return null;
  return {
    orderId: r.order_id, courierCode: r.partner_code, courierName: r.partner_name, awb: r.awb, ratePaise: r.rate_paise === null ? null : Number(r.rate_paise),
    zone: r.zone, edd: r.edd, status: r.status as CourierBooking['status'], reason: r.reason, createdAt: r.created_at,
  };
}

export async function markBookingCancelled(db: Db, orderId: string, awb: string): Promise<void> {
  await db.updateTable('carrier_bookings').set({ status: 'cancelled' }).where('order_id', '=', orderId).where('awb', '=', awb).execute();
}
