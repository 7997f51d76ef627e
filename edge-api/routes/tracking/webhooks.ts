// Carrier status events: POST /webhooks/carrier/:partnerCode.
// A courier posts {eventId, awb, status, city?, description?, occurredAt} signed
// with `x-signature: sha256=<hex HMAC-SHA256 of the raw body>` under its secret.
// The route checks the signature and parses the body; the use case
// (edge-api/services/tracking/carrier-events.ts) applies the event.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { carrierEventSchema, WEBHOOK_BAD_SIGNATURE, CarrierEventResponse } from '../../../domain/tracking';
import type { AppEnv } from '../../env';
import { ApiFailure } from '../../lib/errors';
import { responds } from '../../lib/responds';
import { toApiErrors, v, type OpenApiMeta } from '../../lib/validate';
import { recordCarrierEvent, webhookPartner } from '../../services/tracking/carrier-events';

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

export const webhookRoutes = new Hono<AppEnv>().post(
  '/webhooks/carrier/:partnerCode',
  responds(CarrierEventResponse),
  v('param', z.object({ partnerCode: z.string().min(1).max(40) })),
  documentedBody(carrierEventSchema),
  async (c) => {
    const code = z.string().min(1).max(40).safeParse(c.req.param('partnerCode'));
    const partner = await webhookPartner(c.var.dbh.db, code.success ? code.data : null);

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
    const result = await recordCarrierEvent(c.var.dbh, partner, parsed.data);
    return c.json({ status: true as const, ...result } satisfies CarrierEventResponse);
  },
);
