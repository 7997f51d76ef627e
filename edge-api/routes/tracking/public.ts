// Public tracking: GET /order/{awb} (part 1 §7) and the customer's NDR requests.
// No sign-in. Answers only what a customer may see.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  awbProblem,
  awbSchema,
  customerRequestSchema,
  LOOKUP_FAILED_MESSAGE,
  verifyBuyerSchema,
  BuyerRequestCreatedResponse,
  BuyerVerifiedResponse,
  PublicShipmentDetailsResponseSchema,
  PublicTrackingResponseSchema,
  type PublicShipmentDetailsResponse,
} from '../../../domain/tracking';
import { normaliseAwb } from '../../../domain/tracking-events';
import type { Logger } from 'pino';
import type { DbHandle } from '../../../db/connect';
import type { AppConfig, AppEnv } from '../../env';
import { ApiFailure } from '../../lib/errors';
import { declaresResponse, responds } from '../../lib/responds';
import { toApiErrors, v, type OpenApiMeta } from '../../lib/validate';
import { logRequest, newRequestId, onError } from '../../middleware/errors';
import { BuyerTokenInvalid, createBuyerRequest, verifyBuyer } from '../../services/tracking/buyer-requests';
import { publicAnswer, rememberedPublicAnswer, shipmentDetails, type PublicAnswer } from '../../services/tracking/public-answer';
import { jsonAnswerSecurityHeaders, securityHeaderRecord } from '../../middleware/security-headers';
import { clientAddress, clientAddressOf, peerOf, proxyList } from '../../middleware/client-address';
import { clientKey, type LookupLimit } from '../../middleware/public-lookup-limit';

/** The AWB as people paste it: spaces and dashes removed, in capitals, then checked. */
const awbParam = z.object({ awb: z.preprocess((a) => (typeof a === 'string' ? normaliseAwb(a) : a), awbSchema) });
const CACHE_CONTROL = 'public, max-age=60';

/**
 * `awbParam`'s answer without zod for an AWB it accepts (normalised, then of
 * AWB_MIN..AWB_MAX characters: awbSchema's checks), else zod's own refusal.
 */
function parseAwb(raw: string): string {
  const awb = normaliseAwb(raw);
  if (awbProblem(awb) === null) return awb;
  const param = awbParam.safeParse({ awb: raw });
  if (param.success) return param.data.awb;
  const errors = toApiErrors(param.error);
  throw new ApiFailure(400, errors[0]?.message ?? 'Invalid input', errors);
}

/** True when If-None-Match names this ETag (weak comparison as RFC 9110 asks: lists, W/ and * allowed). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * The headers every answer of the lookup carries (the security headers that
 * apply to a JSON answer, see jsonAnswerSecurityHeaders, and the cache
 * policy), built once. Each answer copies them with Object.assign and adds its
 * request id and ETag: an object spread `{ ...fixed, more }` costs V8 some
 * microseconds here, a good part of what a remembered answer costs.
 */
const fixedHeaders = (hsts: boolean) => {
  const security = jsonAnswerSecurityHeaders(hsts);
  return {
    ok: Object.assign({}, security, { 'Cache-Control': CACHE_CONTROL, 'Content-Type': 'application/json; charset=UTF-8' }),
    notModified: Object.assign({}, security, { 'Cache-Control': CACHE_CONTROL }),
  };
};
const FIXED_HEADERS = { plain: fixedHeaders(false), hsts: fixedHeaders(true) };

export type LookupDeps = { dbh: DbHandle; config: AppConfig; log: Logger; limit: LookupLimit };

/** The answer to a lookup found: 200 with the JSON, or 304 when If-None-Match names its ETag. */
function answerHeaders(fixed: (typeof FIXED_HEADERS)['plain'], answer: PublicAnswer, reqId: string, ifNoneMatch: string | undefined) {
  const notModified = etagMatches(ifNoneMatch, answer.etag);
  const headers = Object.assign({}, notModified ? fixed.notModified : fixed.ok, { 'x-request-id': reqId, ETag: answer.etag });
  return { status: notModified ? 304 : 200, headers, body: notModified ? null : answer.bytes };
}

/**
 * GET /order/{awb}: the customer's lookup, the hottest public path, as one
 * handler. `app.ts` mounts it ahead of every middleware of its own (it reads
 * no cookie, takes no body and changes nothing), so it keeps their duties
 * itself: the request id (header, log line), the security headers, and
 * onError (500 with the request id, no stack). Its answers carry plain header
 * objects, which the Node adapter writes as they are (no Headers object per
 * request).
 */
function lookupHandler({ dbh, config, log, limit }: LookupDeps) {
  const fixed = config.hsts ? FIXED_HEADERS.hsts : FIXED_HEADERS.plain;
  const trusted = proxyList(config.trustedProxies);
  /**
   * A remembered answer, without waiting on anything: a plain AWB whose answer is remembered and
   * still exact (publicAnswer's memory, SQLite), charged as a found AWB. Anything else (an escape,
   * an unknown or changed AWB, a spent budget, PostgreSQL) is null, and the lookup below answers it.
   */
  const remembered = (c: Context<AppEnv>, reqId: string): Response | null => {
    const raw = c.req.param('awb') ?? '';
    if (!PLAIN_AWB.test(raw)) return null;
    const awb = normaliseAwb(raw);
    if (awbProblem(awb) !== null) return null;
    const answer = rememberedPublicAnswer(dbh, awb);
    if (!answer || !limit.chargeFoundNow(clientAddressOf(peerOf(c), c.req.header('x-forwarded-for'), trusted), awb)) return null;
    const a = answerHeaders(fixed, answer, reqId, c.req.header('if-none-match'));
    return new Response(a.body, { status: a.status, headers: a.headers });
  };
  return async (c: Context<AppEnv>): Promise<Response> => {
    const started = performance.now();
    const reqId = newRequestId(c);
    c.set('requestId', reqId);
    const quick = remembered(c, reqId);
    if (quick) {
      logRequest(log, c, reqId, quick.status, started);
      return quick;
    }
    let res: Response;
    try {
      const client = clientAddressOf(peerOf(c), c.req.header('x-forwarded-for'), trusted);
      await limit.check(client);
      const raw = c.req.param('awb') ?? '';
      let answer: PublicAnswer | null;
      try {
        answer = await publicAnswer(dbh, parseAwb(raw));
      } catch (err) {
        if (err instanceof ApiFailure && err.status === 400) await limit.charge(client, raw, false);
        throw err;
      }
      await limit.charge(client, answer ? normaliseAwb(raw) : raw, Boolean(answer));
      if (!answer) throw new ApiFailure(404, LOOKUP_FAILED_MESSAGE);
      const a = answerHeaders(fixed, answer, reqId, c.req.header('if-none-match'));
      res = new Response(a.body, { status: a.status, headers: a.headers });
    } catch (err) {
      // onError's duties need what the app's first middleware sets on every other request
      c.set('dbh', dbh);
      c.set('config', config);
      c.set('log', log);
      c.header('x-request-id', reqId);
      res = await onError(err as Error, c);
      // a refusal (400, 404) is answered as built by ApiFailure: name the request on it too
      if (!res.headers.has('x-request-id')) res.headers.set('x-request-id', reqId);
      for (const [k, v] of Object.entries(securityHeaderRecord(config.hsts))) res.headers.set(k, v);
    }
    logRequest(log, c, reqId, res.status, started);
    return res;
  };
}

/** An AWB as a remembered answer is looked up: letters and digits only (no escapes or dashes to undo). */
const PLAIN_AWB = /^[A-Za-z0-9]{1,64}$/;

/** The lookup, for app.ts to mount ahead of its middleware (`deps` are what that middleware would set). */
export function publicLookup(deps: LookupDeps) {
  // Its answer and its parameter are listed in /api/openapi.json as responds() and v('param', …) list them.
  const lookup = declaresResponse(lookupHandler(deps), PublicTrackingResponseSchema);
  (lookup as unknown as { openapi: OpenApiMeta }).openapi = { target: 'param', schema: awbParam };
  return { routes: new Hono<AppEnv>().get('/order/:awb', lookup), handler: lookup };
}


/** Sets `clientAddress` as the app's TRUST_PROXY setting says (the client-address middleware, built once per setting). */
const byProxies = new WeakMap<object, MiddlewareHandler<AppEnv>>();
const clientAddressFromConfig: MiddlewareHandler<AppEnv> = (c, next) => {
  const config = c.var.config;
  let mw = byProxies.get(config);
  if (!mw) byProxies.set(config, (mw = clientAddress(config.trustedProxies)));
  return mw(c, next);
};

/** The customer's NDR requests and the shipment's details (signed-out, like the lookup). */
export const publicTrackingRoutes = new Hono<AppEnv>()
  /** The seller, items, help contact, delay and the buyer's requests, beside the lookup. */
  .get('/order/:awb/details', responds(PublicShipmentDetailsResponseSchema), clientAddressFromConfig, v('param', awbParam), async (c) => {
    const awb = c.req.valid('param').awb;
    await c.var.lookupLimit.check(c.var.clientAddress);
    const data = await shipmentDetails(c.var.dbh, awb);
    await c.var.lookupLimit.charge(c.var.clientAddress, awb, Boolean(data));
    if (!data) throw new ApiFailure(404, LOOKUP_FAILED_MESSAGE);
    c.header('Cache-Control', 'no-cache');
    return c.json({ status: true as const, data } satisfies PublicShipmentDetailsResponse);
  })
  /** Step 1 of an NDR request: prove to be the buyer with the last 4 digits of the phone on the order. */
  .post('/order/:awb/ndr/verify', responds(BuyerVerifiedResponse), clientAddressFromConfig, v('param', awbParam), v('json', verifyBuyerSchema), async (c) => {
    const input = { awb: c.req.valid('param').awb, phoneLast4: c.req.valid('json').phoneLast4, client: clientKey(c.var.clientAddress ?? 'unknown') };
    return c.json(await verifyBuyer(c.var.dbh, c.var.config.signingKey, input));
  })
  /** Step 2: the request itself, which lands in the seller's User Requests (NDR) list. */
  .post('/order/:awb/ndr/requests', responds(BuyerRequestCreatedResponse, 201), v('param', awbParam), v('json', customerRequestSchema), async (c) => {
    try {
      return c.json(await createBuyerRequest(c.var.dbh, c.var.config.signingKey, c.req.valid('param').awb, c.req.valid('json')), 201);
    } catch (e) {
      if (e instanceof BuyerTokenInvalid) throw new ApiFailure(401, e.message);
      throw e;
    }
  });
