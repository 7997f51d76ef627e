// Public tracking: GET /order/{awb} (part 1 §7) and the customer's NDR requests.
// No sign-in. Answers only what a customer may see.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { nowIso, uuidv7 } from '../../../domain/ids';
import {
  awbSchema,
  BUYER_ATTEMPT_WINDOW_MS,
  BUYER_DIGITS_WRONG,
  BUYER_TOKEN_INVALID,
  BUYER_TOKEN_TTL_MS,
  BUYER_TOO_MANY,
  customerRequestSchema,
  LOOKUP_FAILED_MESSAGE,
  MAX_BUYER_ATTEMPTS,
  NDR_NOT_ALLOWED,
  NDR_STATUSES,
  phoneLast4,
  REATTEMPT_DATE_INVALID,
  reattemptDates,
  REQUEST_RECEIVED,
  verifyBuyerSchema,
} from '../../../domain/tracking';
import type { AppEnv } from '../../env';
import { ApiFailure } from '../../lib/errors';
import { sign, verify } from '../../lib/signing';
import { toApiErrors, v, type OpenApiMeta } from '../../lib/validate';
import { logRequest, newRequestId, onError } from '../../middleware/errors';
import { publicAnswer } from './queries';
import '../../../db/tables/tracking';

const awbParam = z.object({ awb: awbSchema });
const CACHE_CONTROL = 'public, max-age=60';

/** True when If-None-Match names this ETag (weak comparison as RFC 9110 asks: lists, W/ and * allowed). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

const buyerPayload = (orderId: string) => `tracking-buyer|${orderId}`;
/** AWBs are looked up as typed and in capitals (couriers print them in capitals). */
const awbCandidates = (awb: string) => [...new Set([awb, awb.toUpperCase()])];

/**
 * GET /order/{awb}: the customer's lookup, the hottest public path, as one
 * handler. `app.ts` mounts it ahead of the request-id, session and XSRF
 * middleware (it reads no cookie and changes nothing), so it keeps their
 * duties itself: the request id (header, log line) and onError (500 with the
 * request id, no stack). Its answers carry plain header objects, which the
 * Node adapter writes as they are (no Headers object per request).
 */
async function lookup(c: Context<AppEnv>): Promise<Response> {
  const started = performance.now();
  const reqId = newRequestId(c);
  c.set('requestId', reqId);
  let res: Response;
  try {
    res = await lookupAnswer(c, reqId);
  } catch (err) {
    c.header('x-request-id', reqId);
    res = await onError(err as Error, c);
    // a refusal (400, 404) is answered as built by ApiFailure: name the request on it too
    if (!res.headers.has('x-request-id')) res.headers.set('x-request-id', reqId);
  }
  logRequest(c, reqId, res.status, started);
  return res;
}

async function lookupAnswer(c: Context<AppEnv>, reqId: string): Promise<Response> {
  const param = awbParam.safeParse({ awb: c.req.param('awb') });
  if (!param.success) {
    const errors = toApiErrors(param.error);
    throw new ApiFailure(400, errors[0]?.message ?? 'Invalid input', errors);
  }
  // PublicTrackingResponse as JSON text, remembered until the database changes (see publicAnswer)
  const answer = await publicAnswer(c.get('dbh'), param.data.awb);
  if (!answer) throw new ApiFailure(404, LOOKUP_FAILED_MESSAGE);
  if (etagMatches(c.req.header('if-none-match'), answer.etag)) {
    return new Response(null, { status: 304, headers: { 'x-request-id': reqId, ETag: answer.etag, 'Cache-Control': CACHE_CONTROL } });
  }
  return new Response(answer.json, {
    status: 200,
    headers: { 'x-request-id': reqId, ETag: answer.etag, 'Cache-Control': CACHE_CONTROL, 'Content-Type': 'application/json; charset=UTF-8' },
  });
}
// Listed in /api/openapi.json like a v('param', …) validator.
(lookup as unknown as { openapi: OpenApiMeta }).openapi = { target: 'param', schema: awbParam };

export const publicLookupRoutes = new Hono<AppEnv>().get('/order/:awb', lookup);

/** The customer's NDR requests (signed-out, like the lookup). */
export const publicTrackingRoutes = new Hono<AppEnv>()
  /** Step 1 of an NDR request: prove to be the buyer with the last 4 digits of the phone on the order. */
  .post('/order/:awb/ndr/verify', v('param', awbParam), v('json', verifyBuyerSchema), async (c) => {
    const db = c.var.dbh.db;
    const awb = c.req.valid('param').awb.toUpperCase();
    const since = new Date(Date.now() - BUYER_ATTEMPT_WINDOW_MS).toISOString();
    const wrong = await db
      .selectFrom('tracking_buyer_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('awb', '=', awb)
      .where('created_at', '>', since)
      .executeTakeFirst();
    const wrongSoFar = Number(wrong?.n ?? 0);
    if (wrongSoFar >= MAX_BUYER_ATTEMPTS) throw new ApiFailure(429, BUYER_TOO_MANY, undefined, { attemptsLeft: 0 });
    const order = await db.selectFrom('orders').select(['id', 'status', 'customer_phone']).where('tracking_number', 'in', awbCandidates(c.req.valid('param').awb)).executeTakeFirst();
    if (!order) throw new ApiFailure(404, LOOKUP_FAILED_MESSAGE);
    if (!NDR_STATUSES.includes(order.status)) throw new ApiFailure(409, NDR_NOT_ALLOWED);
    if (c.req.valid('json').phoneLast4 !== phoneLast4(order.customer_phone)) {
      await db.insertInto('tracking_buyer_attempts').values({ id: uuidv7(), awb, created_at: nowIso() }).execute();
      throw new ApiFailure(403, BUYER_DIGITS_WRONG, undefined, { attemptsLeft: MAX_BUYER_ATTEMPTS - wrongSoFar - 1 });
    }
    const { exp, sig } = sign(c.var.config.signingKey, buyerPayload(order.id), Date.now() + BUYER_TOKEN_TTL_MS);
    return c.json({ status: true as const, token: `${exp}.${sig}`, reattemptDates: reattemptDates() });
  })
  /** Step 2: the request itself, which lands in the seller's User Requests (NDR) list. */
  .post('/order/:awb/ndr/requests', v('param', awbParam), v('json', customerRequestSchema), async (c) => {
    const db = c.var.dbh.db;
    const body = c.req.valid('json');
    const order = await db
      .selectFrom('orders')
      .select(['id', 'status', 'company_id'])
      .where('tracking_number', 'in', awbCandidates(c.req.valid('param').awb))
      .executeTakeFirst();
    if (!order) throw new ApiFailure(404, LOOKUP_FAILED_MESSAGE);
    const [exp, sig] = body.token.split('.');
    if (!sig || !verify(c.var.config.signingKey, buyerPayload(order.id), Number(exp), sig)) throw new ApiFailure(401, BUYER_TOKEN_INVALID);
    if (!NDR_STATUSES.includes(order.status)) throw new ApiFailure(409, NDR_NOT_ALLOWED);
    let payload: Record<string, string>;
    if (body.kind === 'reattempt') {
      if (!reattemptDates().includes(body.date)) {
        throw new ApiFailure(400, REATTEMPT_DATE_INVALID, [{ path: 'date', message: REATTEMPT_DATE_INVALID }]);
      }
      payload = { date: body.date };
    } else {
      const { kind: _k, token: _t, ...changes } = body;
      payload = Object.fromEntries(Object.entries(changes).filter(([, val]) => !!val)) as Record<string, string>;
    }
    await db
      .insertInto('customer_requests')
      .values({ id: uuidv7(), order_id: order.id, company_id: order.company_id, kind: body.kind, payload: JSON.stringify(payload), status: 'OPEN', created_at: nowIso() })
      .execute();
    return c.json({ status: true as const, message: REQUEST_RECEIVED }, 201);
  });
