/**
 * A pickup asked of the company's live courier account for one warehouse: the
 * parcels booked through that account from that warehouse and still waiting to
 * be picked up (READY_TO_SHIP), at the courier's pickup location named for the
 * warehouse in Settings > Couriers, on a day from today to 7 days ahead. The
 * courier's answer is the seller's, in its words (Delhivery /fm/request/new/,
 * Shiprocket courier/generate/pickup; docs/integrations/).
 */
import type { Logger } from 'pino';
import type { DbHandle } from '../../../db/connect';
import { bookedParcelsOf } from '../../../db/tracking/carrier-events';
import { PICKUP_DATE_INVALID, PICKUP_NOTHING, type CourierPickupInput } from '../../../domain/carriers';
import { indiaDate } from '../../../domain/india-time';
import { conflict, invalid, notFound } from '../../../domain/refusal';
import { liveCarrierOf } from '../../carriers/live/registry';
import type { AppConfig } from '../../env';
import { PartnerError } from '../../integrations/http';
import { openConnection } from '../../integrations/connections';
import type { ServiceActor } from '../audit/actor';

const MAX_PARCELS = 500;

export async function requestCourierPickup(
  dbh: DbHandle, config: AppConfig, log: Logger, actor: ServiceActor, connectionId: string, input: CourierPickupInput, now: number = Date.now(),
): Promise<{ ok: boolean; message: string; parcels: number }> {
  const days = Array.from({ length: 8 }, (_, i) => indiaDate(now + i * 86_400_000));
  if (!days.includes(input.date)) throw invalid(PICKUP_DATE_INVALID, [{ path: 'date', message: PICKUP_DATE_INVALID }]);
  const conn = await openConnection<{ pickupLocations?: Record<string, string>; defaultPickupLocation?: string }, never>(dbh, config, connectionId, actor.scope);
  if (!conn) throw notFound('Connection not found');
  const carrier = conn.status === 'active' ? await liveCarrierOf(dbh, config, log, conn.id) : null;
  if (!carrier?.requestPickup) throw conflict(`${conn.label} cannot take pickup requests${conn.status !== 'active' ? ': it is paused' : ''}`);
  const location = conn.settings.pickupLocations?.[input.warehouseId] || conn.settings.defaultPickupLocation;
  if (!location) throw invalid('Name the pickup location of this warehouse in Settings > Couriers first', [{ path: 'warehouseId', message: 'No pickup location named for this warehouse' }]);
  const parcels = await bookedParcelsOf(dbh.db, conn.id, ['READY_TO_SHIP'], input.warehouseId, MAX_PARCELS);
  if (!parcels.length) throw conflict(PICKUP_NOTHING);
  try {
    const r = await carrier.requestPickup(dbh.db, { location, date: input.date, time: `${input.time}:00`, awbs: parcels.map((p) => p.tracking_number!) });
    return { ...r, parcels: parcels.length };
  } catch (err) {
    if (err instanceof PartnerError) return { ok: false, message: `${conn.label} could not be reached: ${err.message}`, parcels: parcels.length };
    throw err;
  }
}
