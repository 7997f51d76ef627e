/**
 * The live couriers' tracking bodies read as scans (types.ts `CourierScan`):
 * Delhivery's scan push and tracking answer, Shiprocket's tracking webhook and
 * tracking answer. Fields and their sources: docs/integrations/delhivery.md and
 * shiprocket.md. What cannot be read (no AWB, no time) is left out.
 */
import { courierTimeToIso, delhiveryStatus, shiprocketStatus } from '../../../domain/courier-statuses';
import { indiaDate } from '../../../domain/india-time';
import { MAX_BILLED_G, type BilledWeight } from '../../../domain/weights';
import type { CourierScan } from '../types';

const text = (v: unknown, max: number): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim().slice(0, max) : '');
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v.slice(0, 500) : []);

function scan(awb: string, status: string | null, label: string, when: unknown, city: unknown, description: unknown): CourierScan | null {
  const occurredAt = courierTimeToIso(text(when, 40));
  if (!awb || !label || !occurredAt) return null;
  return { awb, status, label, city: text(city, 100) || null, description: text(description, 300) || null, occurredAt };
}
const present = (s: CourierScan | null): s is CourierScan => s !== null;

/** Delhivery's scan push: `{"Shipment": {"AWB", "NSLCode", "Status": {"Status", "StatusType", "StatusDateTime", "StatusLocation", "Instructions"}}}`. */
export function delhiveryPushScans(body: unknown): CourierScan[] {
  const sh = obj(obj(body).Shipment);
  const st = obj(sh.Status);
  const [type, status] = [text(st.StatusType, 10), text(st.Status, 60)];
  const s = scan(text(sh.AWB, 40), delhiveryStatus(type, status, text(sh.NSLCode, 40)), `${type} ${status}`.trim(), st.StatusDateTime, st.StatusLocation, st.Instructions);
  return s ? [s] : [];
}

/**
 * The weight Delhivery charged, when its push carries one: `Shipment.ChargedWeight` in grams (the field of
 * its tracking answer, null until the parcel is weighed at its hub). The default scan push documents no
 * weight; Delhivery adds fields to a client's payload on request (docs/integrations/weight-reconciliation.md).
 * The dispute window counts from the India day of the scan (else, or when stamped after `now`, of `now`). Nothing, or 0, is no weight.
 */
export function delhiveryPushWeights(body: unknown, now: Date = new Date()): BilledWeight[] {
  const sh = obj(obj(body).Shipment);
  return delhiveryCharged(text(sh.AWB, 40), sh.ChargedWeight, [courierTimeToIso(text(obj(sh.Status).StatusDateTime, 40))], now);
}

/**
 * The one reading of Delhivery's `ChargedWeight` (grams: a number, or digits; absent, null, 0, not a number
 * or above MAX_BILLED_G is no weight), from its push and its tracking answer alike. The dispute window counts
 * from the India day of the latest of the scans' times that is not after `now` (a wrong clock would move the
 * deadline later), else of `now`.
 */
function delhiveryCharged(awb: string, raw: unknown, stamps: readonly (string | null)[], now: Date): BilledWeight[] {
  const grams = typeof raw === 'number' || (typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw.trim())) ? Math.round(Number(raw)) : NaN;
  if (!awb || !Number.isFinite(grams) || grams <= 0 || grams > MAX_BILLED_G) return [];
  const past = stamps.filter((s): s is string => !!s && Date.parse(s) <= now.getTime()).sort();
  return [{ awb, date: indiaDate(past.at(-1) ?? now.toISOString()), grams, chargePaise: null }];
}

/**
 * The weight Delhivery charged, in its tracking answer (the poll): `ShipmentData[].Shipment.ChargedWeight`,
 * read as in its push; the window counts from the India day of the shipment's latest scan.
 */
export function delhiveryTrackWeights(body: unknown, now: Date = new Date()): BilledWeight[] {
  return list(obj(body).ShipmentData).flatMap((d) => {
    const sh = obj(obj(d).Shipment);
    const stamps = list(sh.Scans).map((x) => {
      const sd = obj(obj(x).ScanDetail);
      return courierTimeToIso(text(sd.StatusDateTime ?? sd.ScanDateTime, 40));
    });
    return delhiveryCharged(text(sh.AWB, 40), sh.ChargedWeight, stamps, now);
  });
}

/** Delhivery's tracking answer: `ShipmentData[].Shipment.Scans[].ScanDetail {ScanType, Scan, StatusDateTime, ScannedLocation, StatusCode, Instructions}`. */
export function delhiveryTrackScans(body: unknown): CourierScan[] {
  return list(obj(body).ShipmentData).flatMap((d) => {
    const sh = obj(obj(d).Shipment);
    const awb = text(sh.AWB, 40);
    return list(sh.Scans).map((x) => {
      const sd = obj(obj(x).ScanDetail);
      const [type, status] = [text(sd.ScanType, 10), text(sd.Scan, 60)];
      return scan(awb, delhiveryStatus(type, status, text(sd.StatusCode, 40)), `${type} ${status}`.trim(), sd.StatusDateTime ?? sd.ScanDateTime, sd.ScannedLocation, sd.Instructions);
    }).filter(present);
  });
}

type SrScan = { date?: unknown; activity?: unknown; location?: unknown; 'sr-status-label'?: unknown };
const srScan = (awb: string, x: SrScan) => {
  const label = text(x['sr-status-label'], 60);
  return scan(awb, shiprocketStatus(label), label, x.date, x.location, x.activity);
};

/**
 * Shiprocket's tracking webhook: `awb`, `current_status`, `current_timestamp`
 * (`DD MM YYYY hh:mm:ss`) and `scans[] {date, activity, location, sr-status-label}`.
 * Every scan is read (the timeline fills in), the current status last.
 */
export function shiprocketWebhookScans(body: unknown): CourierScan[] {
  const b = obj(body);
  const awb = text(b.awb, 40);
  const scans = list(b.scans).map((x) => srScan(awb, obj(x) as SrScan)).filter(present);
  const label = text(b.current_status, 60) || text(b.shipment_status, 60);
  const current = scan(awb, shiprocketStatus(label), label, b.current_timestamp, scans.at(-1)?.city, null);
  // The current status is usually the last scan again: the same label at the same time is one event.
  if (current && !scans.some((s) => s.label.toUpperCase() === label.toUpperCase() && s.occurredAt === current.occurredAt)) scans.push(current);
  return scans;
}

/** Shiprocket's `courier/track/awb/{awb}`: `tracking_data.shipment_track_activities[] {date, activity, location, sr-status-label}`. */
export function shiprocketTrackScans(awb: string, body: unknown): CourierScan[] {
  const td = obj(obj(body).tracking_data);
  return list(td.shipment_track_activities).map((x) => srScan(awb, obj(x) as SrScan)).filter(present).reverse();
}
