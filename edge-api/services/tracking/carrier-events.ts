// Carrier status events (POST /webhooks/carrier/:partnerCode): the partner that
// posts, and one event applied to its order's timeline. The route checks the
// body's signature and parses it; this applies it. Called by the route and any
// replay alike.
import type { DbHandle, Db } from '../../../db/connect';
import { eventRecorded, latestEventAt, lockOrderRow, orderByPartnerAwb, orderStatusOf, partnerByCode, type WebhookPartner } from '../../../db/tracking/carrier-events';
import { OrderStateConflict, setOrderStatus, updateOrder } from '../../../db/orders/status';
import { invalid, notFound } from '../../../domain/refusal';
import {
  isLatestEvent,
  mapCarrierStatus,
  STATUS_DESCRIPTIONS,
  WEBHOOK_CLOCK_SKEW_MS,
  WEBHOOK_FUTURE,
  WEBHOOK_UNKNOWN_AWB,
  WEBHOOK_UNKNOWN_STATUS,
  type CarrierEvent,
} from '../../../domain/tracking';

export type { WebhookPartner };
export type CarrierEventResult = { duplicate: true } | { duplicate: false; orderStatus: string; applied: boolean };

/** The active delivery partner with this code (null: a code that could not be read), else not found. */
export async function webhookPartner(db: Db, code: string | null): Promise<WebhookPartner> {
  const partner = code !== null ? await partnerByCode(db, code) : undefined;
  if (!partner || Number(partner.status) !== 1) throw notFound('Unknown delivery partner');
  return partner;
}

const isUniqueViolation = (e: unknown) => /unique|duplicate key/i.test(String((e as Error)?.message ?? ''));

/**
 * One event of the partner's (signature checked) on its order's timeline. The
 * order's status is the status of its latest event by time, so an older event
 * arriving late joins the timeline at its place and moves nothing. An event id
 * seen before (scoped by partner) is a duplicate and changes nothing.
 */
export async function recordCarrierEvent(dbh: DbHandle, partner: WebhookPartner, ev: CarrierEvent): Promise<CarrierEventResult> {
  const db = dbh.db;
  const status = mapCarrierStatus(partner.code, ev.status);
  if (!status) throw invalid(WEBHOOK_UNKNOWN_STATUS, [{ path: 'status', message: WEBHOOK_UNKNOWN_STATUS }]);
  const occurredMs = Date.parse(ev.occurredAt);
  if (occurredMs > Date.now() + WEBHOOK_CLOCK_SKEW_MS) throw invalid(WEBHOOK_FUTURE, [{ path: 'occurredAt', message: WEBHOOK_FUTURE }]);
  const occurredAt = new Date(occurredMs).toISOString();

  const order = await orderByPartnerAwb(db, [...new Set([ev.awb, ev.awb.toUpperCase()])], partner.id);
  if (!order) throw notFound(WEBHOOK_UNKNOWN_AWB);

  // Event ids are the courier's: scoped by partner so two couriers never collide.
  // A key seen before is answered `duplicate` by applyTimelineEvent, under the order's lock.
  const eventKey = `${partner.code}:${ev.eventId}`;
  return applyTimelineEvent(dbh, order.id, status, {
    description: ev.description || STATUS_DESCRIPTIONS[status] || status,
    city: ev.city || null,
    actorId: partner.id,
    actorName: partner.name,
    eventId: eventKey,
    createdAt: occurredAt,
  });
}

export type TimelineEvent = { description: string; city: string | null; actorId: string; actorName: string; eventId: string; createdAt: string };

/**
 * A courier's event on the order's timeline (a key already recorded answers `duplicate`),
 * moving the order's status when it is the latest by time. Shared by the signed
 * carrier webhook, the live couriers' push webhooks and the tracking poll.
 */
export async function applyTimelineEvent(dbh: DbHandle, orderId: string, status: string, ev: TimelineEvent): Promise<CarrierEventResult> {
  const db = dbh.db;
  const trail = { status, isReturn: /^(RTO|DTO)_/.test(status), source: 'carrier', ...ev };
  // Should another writer change the order between our read and the status
  // writer's guarded update, the change is tried again on the new state.
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx): Promise<CarrierEventResult> => {
        // One event of an order at a time: PostgreSQL locks the order row (SQLite
        // runs one writing transaction at a time anyway).
        if (dbh.dialect === 'postgres') await lockOrderRow(trx, orderId);
        // Under that lock, the same event delivered twice at once is seen here by the second (on
        // PostgreSQL the trail's event id is unique only with its time, since the trail is partitioned
        // by month; SQLite keeps it unique as well).
        if (await eventRecorded(trx, ev.eventId)) return { duplicate: true as const };
        const applied = isLatestEvent(ev.createdAt, await latestEventAt(trx, orderId));
        if (applied) await setOrderStatus(trx, { orderId, to: status, trail });
        else await updateOrder(trx, orderId, {}, trail);
        return { duplicate: false as const, orderStatus: await orderStatusOf(trx, orderId), applied };
      });
    } catch (e) {
      // The same event delivered twice at once: the unique event id stored it once.
      if (isUniqueViolation(e)) return { duplicate: true };
      if (e instanceof OrderStateConflict && attempt < 3) continue;
      throw e;
    }
  }
}
