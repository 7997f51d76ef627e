// Public tracking: GET /order/{awb} (part 1 §7) and the customer's NDR requests.
// No sign-in. Answers only what a customer may see.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  awbSchema,
  customerRequestSchema,
  LOOKUP_FAILED_MESSAGE,
  verifyBuyerSchema,
  type PublicShipmentDetailsResponse,
} from '../../../domain/tracking';
import { normaliseAwb } from '../../../domain/tracking-events';
import type { AppEnv } from '../../env';
import { ApiFailure } from '../../lib/errors';
import { toApiErrors, v, type OpenApiMeta } from '../../lib/validate';
import { logRequest, newRequestId, onError } from '../../middleware/errors';
import { BuyerTokenInvalid, createBuyerRequest, verifyBuyer } from '../../services/tracking/buyer-requests';
import { publicAnswer, shipmentDetails } from '../../services/tracking/public-answer';
import { securityHeaderRecord } from '../../middleware/security-headers';

/** The AWB as people paste it: spaces and dashes removed, in capitals, then checked. */
const awbParam = z.object({ awb: z.preprocess((a) => (typeof a === 'string' ? normaliseAwb(a) : a), awbSchema) });
const CACHE_CONTROL = 'public, max-age=60';

/** True when If-None-Match names this ETag (weak comparison as RFC 9110 asks: lists, W/ and * allowed). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

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
    for (const [k, v] of Object.entries(securityHeaderRecord(c.var.config.hsts))) res.headers.set(k, v);
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
    return new Response(null, { status: 304, headers: { ...securityHeaderRecord(c.var.config.hsts), 'x-request-id': reqId, ETag: answer.etag, 'Cache-Control': CACHE_CONTROL } });
  }
  // Answered ahead of the security-headers middleware (app.ts), so it carries them itself.
  return new Response(answer.json, {
    status: 200,
    headers: { ...securityHeaderRecord(c.var.config.hsts), 'x-request-id': reqId, ETag: answer.etag, 'Cache-Control': CACHE_CONTROL, 'Content-Type': 'application/json; charset=UTF-8' },
  });
}
// Listed in /api/openapi.json like a v('param', …) validator.
(lookup as unknown as { openapi: OpenApiMeta }).openapi = { target: 'param', schema: awbParam };

export const publicLookupRoutes = new Hono<AppEnv>().get('/order/:awb', lookup);

/** The customer's NDR requests and the shipment's details (signed-out, like the lookup). */
export const publicTrackingRoutes = new Hono<AppEnv>()
  /** The seller, items, help contact, delay and the buyer's requests, beside the lookup. */
  .get('/order/:awb/details', v('param', awbParam), async (c) => {
    const data = await shipmentDetails(c.var.dbh, c.req.valid('param').awb);
    if (!data) throw new ApiFailure(404, LOOKUP_FAILED_MESSAGE);
    c.header('Cache-Control', 'no-cache');
    return c.json({ status: true as const, data } satisfies PublicShipmentDetailsResponse);
  })
  /** Step 1 of an NDR request: prove to be the buyer with the last 4 digits of the phone on the order. */
  .post('/order/:awb/ndr/verify', v('param', awbParam), v('json', verifyBuyerSchema), async (c) => {
    return c.json(await verifyBuyer(c.var.dbh, c.var.config.signingKey, { awb: c.req.valid('param').awb, phoneLast4: c.req.valid('json').phoneLast4 }));
  })
  /** Step 2: the request itself, which lands in the seller's User Requests (NDR) list. */
  .post('/order/:awb/ndr/requests', v('param', awbParam), v('json', customerRequestSchema), async (c) => {
    try {
      return c.json(await createBuyerRequest(c.var.dbh, c.var.config.signingKey, c.req.valid('param').awb, c.req.valid('json')), 201);
    } catch (e) {
      if (e instanceof BuyerTokenInvalid) throw new ApiFailure(401, e.message);
      throw e;
    }
  });
