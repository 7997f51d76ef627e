// The ONE carrier interface. Every courier (the table-driven demo partners
// here, a live partner's HTTP API tomorrow) implements it in a file of its own
// and is listed in ./index.ts; nothing else in the app knows a courier by name.
import type { Db } from '../../db/connect';
import type { BilledWeight } from '../../domain/weights';
import type { Zone } from '../../domain/zones';

export type PaymentMode = string;

/** `weightG`: the parcel's weight, for a courier that prices the lane itself (Shiprocket). */
export type Lane = { originPincode: string; destPincode: string; paymentMode: PaymentMode; weightG?: number };

/**
 * The courier an aggregator (Shiprocket) hands the parcel to: its own id for it (named again at booking, so the
 * parcel goes to the courier that was priced) and name.
 */
export type ViaCourier = { id: string; name: string };

/**
 * `ratePaise`: the courier's own price for the lane and weight, when it states one (else its rate table prices it);
 * `via`: for an aggregator, the courier behind that price.
 */
export type Serviceability = { serviceable: boolean; codAvailable: boolean; zone: Zone; reason: string | null; ratePaise?: number | null; via?: ViaCourier | null };

export type RateQuote = { ok: true; ratePaise: number } | { ok: false; reason: string };

export type Shipment = Lane & {
  orderId: string;
  shopOrderId: string;
  /** The chargeable weight from packing, else the declared weight. */
  weightG: number;
  codPaise: number;
  consignee: { name: string; phone: string; city: string; state: string; address?: string };
  /** The warehouse it leaves from (a live courier's pickup location name is set per warehouse). */
  warehouseId?: string | null;
  /** Length x breadth x height in cm, when packed. */
  dimensionsCm?: { l: number; b: number; h: number } | null;
  /** An aggregator's courier the booking must go to (the one its quote priced); absent: the aggregator chooses. */
  viaCourierId?: string | null;
};

export type BookingResult = { ok: true; awb: string } | { ok: false; reason: string };

/**
 * One status scan of a live courier's (push webhook or tracking answer), read
 * through the courier's status table: `status` is ours, null when the table has
 * none; `label` the courier's own words; `occurredAt` an ISO instant.
 */
export type CourierScan = { awb: string; status: string | null; label: string; city: string | null; description: string | null; occurredAt: string };

/** A live courier's tracking answer for an AWB: its scans, and the weight it billed when the answer carries one. */
export type CourierTrack = { scans: CourierScan[]; billed: BilledWeight[] };

/** What a seller (or a buyer, once the seller accepts) asks of an undelivered parcel. */
export type NdrInstruction = { kind: 'reattempt'; date: string } | { kind: 'address'; address: string | null; phone: string | null } | { kind: 'rto' };

/** A pickup asked of a courier: its pickup location's name, the day and time (India), and the parcels' AWBs. */
export type PickupRequest = { location: string; date: string; time: string; awbs: string[] };

export type LabelData = { courierName: string; awb: string; routingCode: string; barcodeText: string };

export interface Carrier {
  /** Matches `delivery_partners.code`. */
  readonly code: string;
  /** Can the courier carry from the origin pincode to the destination pincode (and collect cash there)? */
  serviceability(db: Db, lane: Lane): Promise<Serviceability>;
  /** Price for a weight in a zone, COD charge included (the courier's rate table). */
  rate(db: Db, input: { zone: Zone; weightG: number; codPaise: number }): Promise<RateQuote>;
  /**
   * A live courier that prices a parcel through its own API: its price for this lane, weight and COD amount, COD
   * charge included. Throws when the courier cannot answer (down, slow, throttled, nonsense): its rate table then answers.
   */
  courierRate?(db: Db, input: Lane & { weightG: number; codPaise: number }): Promise<RateQuote>;
  /** Books the shipment and hands back the AWB, or the partner's reason for refusing it. */
  book(db: Db, shipment: Shipment): Promise<BookingResult>;
  /** Cancels a booked AWB. */
  cancel(db: Db, awb: string): Promise<{ ok: boolean; reason: string | null }>;
  /** What the shipping label prints for this courier. */
  labelData(awb: string): LabelData;
  /**
   * A live courier: the booking it already holds for this order, found by our
   * order reference (after a timeout or a crash before our commit), or null.
   * Demo couriers have none: their booking is made here and cannot be lost.
   */
  findBooking?(db: Db, shipment: Shipment): Promise<{ awb: string } | null>;
  /** A live courier's own label PDF for the AWB (null: print ours). */
  labelPdf?(db: Db, awb: string): Promise<Uint8Array | null>;
  /** A live courier: the seller's (or the buyer's accepted) NDR instruction sent on; its answer in words. */
  ndrAction?(db: Db, awb: string, ndr: NdrInstruction): Promise<{ ok: boolean; message: string }>;
  /** A live courier: asks it to collect these parcels at a pickup location; its answer in words. */
  requestPickup?(db: Db, pickup: PickupRequest): Promise<{ ok: boolean; message: string }>;
  /**
   * A live courier's scans of the AWB so far (the tracking poll), oldest first, and the weight it billed when
   * its answer carries one (weight reconciliation; none for a courier whose answer has no charged weight).
   */
  track?(db: Db, awb: string): Promise<CourierTrack>;
}
