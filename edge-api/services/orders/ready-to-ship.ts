// READY TO SHIP as one use case, called alike by PATCH /orders/{id}/ready-to-ship
// and the bulk ready-to-ship job. In order:
//   1. the order (scoped) and the transition table: 404 / 403 / 409, nothing written;
//   2. the company's preferences: the white-label weight limit;
//   3. a high-margin D2R order needs an admin's approval first;
//   4. courier allocation: the courier asked for, else the default (the
//      preference's courier order, then Clickpost companies, then the cheapest);
//      an aggregator's quote names its courier behind the price (Shiprocket's
//      courier id), which the booking names again: the seller's `via` must
//      still be that one (409 otherwise: look again);
//   5. the courier books it (outside any transaction: a live partner is a
//      network call). A refusal is recorded on the order (booking row and a
//      timeline entry) and the order stays PLACED with the partner's reason
//      (refuseBooking). A live courier that is down or silent leaves the
//      booking queued; its later outcome reaches the order through
//      ./queued-booking.ts;
//   6. one transaction (shipBooked): PLACED → READY_TO_SHIP with courier and
//      AWB, the booking row with the rate, and the invoice number. If it
//      fails, the AWB is cancelled again where it was booked.
// An order that already has an AWB (given at creation) keeps it and its courier.
import type { Logger } from 'pino';
import { enqueueStoreEffect } from '../../../db/channels/orders';
import type { Db, DbHandle } from '../../../db/connect';
import { insertBooking } from '../../../db/carriers/queries';
import { d2rApproval, orderForShipping, orderLinesWithListPrice, type ShippingOrder } from '../../../db/carriers/orders';
import { readPreferences } from '../../../db/preferences/queries';
import { partnerByCodeOrThrow } from '../../../db/orders/shipping';
import { OrderStateConflict, setOrderStatus, updateOrder } from '../../../db/orders/status';
import { courierRefused, NO_COURIER_AVAILABLE, viaChanged, type CourierBooking } from '../../../domain/carriers';
import { isHighMargin, marginPercent, NEEDS_HIGH_MARGIN_APPROVAL } from '../../../domain/high-margin';
import { actionRefusal } from '../../../domain/orders/actions';
import { ORDER_NOT_FOUND } from '../../../domain/orders/texts';
import { UNKNOWN_COURIER, weightLimitRefusal } from '../../../domain/preferences';
import { conflict, forbidden, invalid, notFound } from '../../../domain/refusal';
import { carrierFor, liveOnlyTablesFor } from '../../carriers';
import { bookOnce } from '../../carriers/live/booking';
import { liveCarrierOf } from '../../carriers/live/registry';
import type { AppConfig } from '../../env';
import { listConnections } from '../../integrations/connections';
import { issueInvoiceForShipment } from '../billing/issue-invoice';
import type { ServiceActor } from '../audit/actor';
import { codAmountOf, defaultCourierFor, quotesFor } from '../carriers';

/** `via`: an aggregator's courier behind the price the seller saw (its id), when the seller saw one. */
export type ReadyToShipInput = { orderId: string; courier?: string; via?: string };
/** What a booking at a live courier (a company's Delhivery or Shiprocket account) needs. */
export type LiveBookingContext = { dbh: DbHandle; config: AppConfig; log: Logger };
export type ReadyToShipResult = { orderId: string; booking: CourierBooking | null };

const trailActor = (a: ServiceActor) => ({ actorId: a.id, actorName: a.name, source: 'user' as const });

function stateConflict(e: unknown): never {
  if (e instanceof OrderStateConflict) throw conflict(e.current ? `Order is now ${e.current}; please reload` : ORDER_NOT_FOUND);
  throw e;
}

async function checkRules(db: Db, actor: ServiceActor, o: ShippingOrder): Promise<void> {
  const refusal = actionRefusal(
    {
      status: o.status, shopType: o.shop_type, orderType: Number(o.order_type), paymentMode: o.payment_mode, inventoryBlocked: Number(o.inventory_blocked) === 1,
      hasAwb: !!o.tracking_number, clickpostActive: Number(o.clickpost_active) === 1, whatsappNdrActive: Number(o.whatsapp_ndr_active) === 1,
    },
    { role: actor.role },
    'readyToShip',
  );
  if (refusal) throw refusal.status === 403 ? forbidden(refusal.message) : conflict(refusal.message);
  const overWeight = weightLimitRefusal(Number(o.weight_g), await readPreferences(db, o.company_id));
  if (overWeight) throw invalid(overWeight, [{ path: 'weight', message: overWeight }]);
  if (Number(o.order_type) === 2 && !(await d2rApproval(db, o.id))) {
    if (isHighMargin(2, marginPercent(await orderLinesWithListPrice(db, o.id)))) throw conflict(NEEDS_HIGH_MARGIN_APPROVAL);
  }
}

export async function readyToShip(db: Db, actor: ServiceActor, input: ReadyToShipInput, live?: LiveBookingContext): Promise<ReadyToShipResult> {
  const o = await orderForShipping(db, input.orderId, actor.scope);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  await checkRules(db, actor, o);

  if (o.tracking_number) {
    await db
      .transaction()
      .execute(async (tx) => {
        await setOrderStatus(tx, { orderId: o.id, to: 'READY_TO_SHIP', from: ['PLACED'], trail: { description: 'Marked ready to ship', ...trailActor(actor) } });
        // The invoice number is issued now, in this transaction, in the warehouse's series.
        await issueInvoiceForShipment(tx, o, actor);
        await enqueueStoreEffect(tx, o.id, 'fulfil');
      })
      .catch(stateConflict);
    return { orderId: o.id, booking: null };
  }

  const quotes = await quotesFor(db, o, undefined, live);
  const code = input.courier ?? (await defaultCourierFor(db, o, quotes));
  if (!code) throw conflict(NO_COURIER_AVAILABLE);
  const quote = quotes.find((q) => q.code === code);
  // A courier offered only to companies with a live account there (Shiprocket) is quoted only for them.
  const carrier = carrierFor(code) ?? (quote ? liveOnlyTablesFor(code) : undefined);
  if (!quote || !carrier) throw invalid(UNKNOWN_COURIER, [{ path: 'courier', message: UNKNOWN_COURIER }]);
  // An aggregator's price is that of one of its couriers: the seller books the one they saw priced, or looks again.
  if (input.via !== undefined && input.via !== quote.via?.id) throw conflict(viaChanged(quote.name));

  const shipment = {
    orderId: o.id, shopOrderId: o.shop_order_id, originPincode: o.pickup_pincode, destPincode: o.shipping_pincode, paymentMode: o.payment_mode,
    // The parcel as weighed at packing when it was, else the declared weight.
    weightG: Number(o.chargeable_weight_g ?? o.weight_g), codPaise: codAmountOf(o),
    consignee: { name: o.customer_name, phone: o.customer_phone, city: o.shipping_city, state: o.shipping_state },
    // A live courier picks up at the location the seller named for this warehouse.
    warehouseId: o.warehouse_id,
    // An aggregator (Shiprocket) books with the courier its quote priced, kept in the attempt: that one or a refusal.
    viaCourierId: quote.via?.id ?? null,
  };
  // The company's own account at this courier, when it has one live: a durable, never-doubled booking there.
  const account = live ? (await listConnections(live.dbh, live.config, { ...actor, scope: [o.company_id] }, [code])).find((c) => c.status === 'active') : undefined;
  let booked: { ok: true; awb: string } | { ok: false; reason: string };
  if (live && account) {
    const ship: ShipContext = { actor: { id: actor.id, name: actor.name, role: actor.role, scope: actor.scope ? [...actor.scope] : null }, quote: { code, name: quote.name, zone: quote.zone, ratePaise: quote.ratePaise, edd: quote.edd } };
    const r = await bookOnce(live.dbh, live.config, live.log, { connectionId: account.id, companyId: o.company_id, shipment, ship });
    if (!r.ok && !r.refused) throw conflict(`${quote.name} could not take the booking now (${r.reason}); it is queued and will be tried again`);
    booked = r.ok ? r : { ok: false, reason: r.reason };
  } else booked = await carrier.book(db, shipment);
  const quoteOf: BookedQuote = { code, name: quote.name, zone: quote.zone, ratePaise: quote.ratePaise, edd: quote.edd };
  if (!booked.ok) return refuseBooking(db, actor, o, quoteOf, booked.reason);
  // Should the order change before our commit, the AWB is cancelled where it was booked.
  const cancel = live && account
    ? async (awb: string) => (await liveCarrierOf(live.dbh, live.config, live.log, account.id))?.cancel(db, awb)
    : (awb: string) => carrier.cancel(db, awb);
  const booking = await shipBooked(db, actor, o, quoteOf, booked.awb, cancel);
  return { orderId: o.id, booking };
}

/** The courier's quote a booking was made on (kept with a queued booking for its later success). */
export type BookedQuote = { code: string; name: string; zone: CourierBooking['zone']; ratePaise: number | null; edd: string | null };
/** What readyToShip keeps with a live booking for its later outcome (services/orders/queued-booking.ts). */
export type ShipContext = { actor: ServiceActor; quote: BookedQuote };

/** A refusal recorded on the order (booking row, timeline entry); the order stays PLACED and the courier's words are the answer. */
export async function refuseBooking(db: Db, actor: ServiceActor, o: ShippingOrder, q: BookedQuote, reason: string): Promise<never> {
  const message = courierRefused(q.name, reason);
  await db
    .transaction()
    .execute(async (tx) => {
      await insertBooking(tx, { ...bookingBase(actor, o, q), awb: null, ratePaise: null, edd: null, status: 'refused', reason });
      await updateOrder(tx, o.id, {}, { description: message, ...trailActor(actor) }, { whileStatus: 'PLACED' });
    })
    .catch(stateConflict);
  throw conflict(message);
}

const bookingBase = (actor: ServiceActor, o: ShippingOrder, q: BookedQuote) => ({
  orderId: o.id, companyId: o.company_id, courierCode: q.code, courierName: q.name, zone: q.zone, actorId: actor.id, actorName: actor.name,
});

/**
 * One transaction: PLACED → READY_TO_SHIP with the courier and AWB, the booking
 * row with the rate, the invoice number, the store's fulfilment. If it fails
 * (the order changed meanwhile), the AWB is cancelled at the courier again.
 */
export async function shipBooked(
  db: Db, actor: ServiceActor, o: ShippingOrder, q: BookedQuote, awb: string, cancel: (awb: string) => Promise<unknown>,
): Promise<CourierBooking> {
  const booking: CourierBooking = { ...bookingBase(actor, o, q), awb, ratePaise: q.ratePaise, edd: q.edd, status: 'booked', reason: null, createdAt: '' };
  try {
    await db.transaction().execute(async (tx) => {
      const partner = await partnerByCodeOrThrow(tx, q.code);
      await setOrderStatus(tx, {
        orderId: o.id,
        to: 'READY_TO_SHIP',
        from: ['PLACED'],
        set: { tracking_number: awb, delivery_partner_id: partner.id, shipper: partner.name },
        trail: { description: 'Marked ready to ship', ...trailActor(actor) },
      });
      await insertBooking(tx, { ...bookingBase(actor, o, q), awb, ratePaise: q.ratePaise, edd: q.edd, status: 'booked', reason: null });
      // The invoice number is issued now, in this transaction, in the warehouse's series.
      await issueInvoiceForShipment(tx, o, actor);
      // A store's order: the store gets the AWB and tracking (edge-api/integrations/channels).
      await enqueueStoreEffect(tx, o.id, 'fulfil');
    });
  } catch (e) {
    await cancel(awb);
    stateConflict(e);
  }
  return booking;
}
