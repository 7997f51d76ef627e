// Carrier status events: POST /webhooks/carrier/:partnerCode.
// A courier posts {eventId, awb, status, city?, description?, occurredAt} signed
// with `x-signature: sha256=<hex HMAC-SHA256 of the raw body>` under its secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { OrderStateConflict, setOrderStatus, updateOrder } from '../../../db/orders/status';
import {
  carrierEventSchema,
  isLatestEvent,
  mapCarrierStatus,
  STATUS_DESCRIPTIONS,
  WEBHOOK_BAD_SIGNATURE,
  WEBHOOK_CLOCK_SKEW_MS,
  WEBHOOK_FUTURE,
  WEBHOOK_UNKNOWN_AWB,
  WEBHOOK_UNKNOWN_STATUS,
  CarrierEventResponse,
} from '../../../domain/tracking';
import type { AppEnv } from '../../env';
import { ApiFailure, notFound } from '../../lib/errors';
import { responds } from '../../lib/responds';
import { toApiErrors, v, type OpenApiMeta } from '../../lib/validate';

const MAX_BODY_BYTES = 64 * 1024;

/** Constant-time check of `sha256=<hex>` against the HMAC of the exact bytes received. */
export function signatureValid(secret: string, raw: Uint8Array, header: string | undefined): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec((header ?? '').trim());
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(m[1], 'hex'));
}

/** The header a courier sends (used by tests, the benchmark and anyone simulating a courier). */
export function signBody(secret: string, body: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Lists the event in /api/openapi.json without reading the body: the body is
 * parsed only after its signature is checked against the exact bytes.
 */
function documentedBody(schema: z.ZodType): MiddlewareHandler {
  const mw: MiddlewareHandler = async (_c, next) => next();
  (mw as unknown as { openapi: OpenApiMeta }).openapi = { target: 'json', schema };
  return mw;
}

const isUniqueViolation = (e: unknown) => /unique|duplicate key/i.test(String((e as Error)?.message ?? ''));

export const webhookRoutes = new Hono<AppEnv>().post(
  '/webhooks/carrier/:partnerCode',
  responds(CarrierEventResponse),
  v('param', z.object({ partnerCode: z.string().min(1).max(40) })),
  documentedBody(carrierEventSchema),
  async (c) => {
    const db = c.var.dbh.db;
    const code = z.string().min(1).max(40).safeParse(c.req.param('partnerCode'));
    const partner = code.success
      ? await db.selectFrom('delivery_partners').select(['id', 'name', 'code', 'hmac_secret', 'status']).where('code', '=', code.data).executeTakeFirst()
      : undefined;
    if (!partner || Number(partner.status) !== 1) throw notFound('Unknown delivery partner');

    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (raw.length > MAX_BODY_BYTES) throw new ApiFailure(413, 'Event too large');
    if (!signatureValid(partner.hmac_secret, raw, c.req.header('x-signature'))) throw new ApiFailure(401, WEBHOOK_BAD_SIGNATURE);

    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
    } catch {
      throw new ApiFailure(400, 'Malformed JSON body');
    }
    const parsed = carrierEventSchema.safeParse(json);
    if (!parsed.success) {
      const errors = toApiErrors(parsed.error);
      throw new ApiFailure(400, errors[0]?.message ?? 'Invalid event', errors);
    }
    const ev = parsed.data;
    const status = mapCarrierStatus(partner.code, ev.status);
    if (!status) throw new ApiFailure(400, WEBHOOK_UNKNOWN_STATUS, [{ path: 'status', message: WEBHOOK_UNKNOWN_STATUS }]);
    const occurredMs = Date.parse(ev.occurredAt);
    if (occurredMs > Date.now() + WEBHOOK_CLOCK_SKEW_MS) throw new ApiFailure(400, WEBHOOK_FUTURE, [{ path: 'occurredAt', message: WEBHOOK_FUTURE }]);
    const occurredAt = new Date(occurredMs).toISOString();

    const order = await db
      .selectFrom('orders')
      .select(['id'])
      .where('tracking_number', 'in', [...new Set([ev.awb, ev.awb.toUpperCase()])])
      .where('delivery_partner_id', '=', partner.id)
      .executeTakeFirst();
    if (!order) throw notFound(WEBHOOK_UNKNOWN_AWB);

    // Event ids are the courier's: scoped by partner so two couriers never collide.
    const eventKey = `${partner.code}:${ev.eventId}`;
    const duplicate = () => c.json({ status: true as const, duplicate: true as const } satisfies CarrierEventResponse);
    if (await db.selectFrom('order_trails').select('id').where('event_id', '=', eventKey).executeTakeFirst()) return duplicate();

    const trail = {
      status,
      description: ev.description || STATUS_DESCRIPTIONS[status] || status,
      city: ev.city || null,
      isReturn: /^(RTO|DTO)_/.test(status),
      source: 'carrier',
      actorId: partner.id,
      actorName: partner.name,
      eventId: eventKey,
      createdAt: occurredAt,
    };
    // Should another writer change the order between our read and the status
    // writer's guarded update, the change is tried again on the new state.
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await db.transaction().execute(async (trx) => {
          // One event of an order at a time: PostgreSQL locks the order row (SQLite
          // runs one writing transaction at a time anyway).
          if (c.var.dbh.dialect === 'postgres') await trx.selectFrom('orders').select('id').where('id', '=', order.id).forUpdate().execute();
          const latest = await trx
            .selectFrom('order_trails')
            .select('created_at')
            .where('order_id', '=', order.id)
            .orderBy('created_at', 'desc')
            .limit(1)
            .executeTakeFirst();
          // Invariant: the order's status is the status of its latest event by
          // time, so an older event arriving late joins the timeline at its
          // place and moves nothing.
          const applied = isLatestEvent(occurredAt, latest?.created_at ?? null);
          if (applied) await setOrderStatus(trx, { orderId: order.id, to: status, trail });
          else await updateOrder(trx, order.id, {}, trail);
          const after = await trx.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
          return { orderStatus: after.status, applied };
        });
        return c.json({ status: true as const, duplicate: false as const, ...result } satisfies CarrierEventResponse);
      } catch (e) {
        // The same event delivered twice at once: the unique event id stored it once.
        if (isUniqueViolation(e)) return duplicate();
        if (e instanceof OrderStateConflict && attempt < 3) continue;
        throw e;
      }
    }
  },
);
