import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_UPLOAD_BYTES } from '../../domain/uploads';
import type { AppEnv } from '../env';

export const JSON_BODY_BYTES = 1024 * 1024;
export const WEBHOOK_BODY_BYTES = 64 * 1024;
/** A store's order webhook carries the whole order (many lines, addresses, notes). */
export const STORE_WEBHOOK_BODY_BYTES = 1024 * 1024;
/** A bulk submit carries a parsed spreadsheet's rows. */
export const BULK_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Request body limits by route, first match wins; everything else is held to
 * `JSON_BODY_BYTES`. A route that takes bigger bodies adds its line here.
 */
export const BODY_LIMITS: { method: string; path: RegExp; bytes: number; what: string }[] = [
  { method: 'PUT', path: /^\/api\/uploads\//, bytes: MAX_UPLOAD_BYTES, what: 'an uploaded file' },
  { method: 'POST', path: /^\/api\/integrations\/(shopify|woocommerce)\/[^/]+\/webhook$/, bytes: STORE_WEBHOOK_BODY_BYTES, what: 'a store order webhook' },
  { method: 'POST', path: /^\/api\/webhooks\//, bytes: WEBHOOK_BODY_BYTES, what: 'a webhook event' },
  {
    method: 'POST',
    path: /^\/api\/((catalogue|order|inventory|lightning\/orders|cod-remittance\/status)\/bulk|wsin\/bulk\/generate|catalogue\/bulk\/map-wsin|charges\/adjust-shipping-charges|bulk\/external-retailers|catalogue\/pricing\/[^/]+\/[^/]+|d2r\/bulk-upload-beats\/[^/]+)$/,
    bytes: BULK_BODY_BYTES,
    what: 'a bulk upload',
  },
  { method: 'POST', path: /^\/api\/finance\/remittances\/(import|bank-statement)$/, bytes: BULK_BODY_BYTES, what: 'a remittance file or bank statement' },
];

const mb = (n: number) => (n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MB` : `${Math.round(n / 1024)} KB`);
export const tooLarge = (bytes: number) => `Request body too large: the limit is ${mb(bytes)}`;

/** The 413 answer to a body over `bytes`. */
const refuse = (c: Context, bytes: number) => c.json({ status: false, message: tooLarge(bytes) }, 413);

function limiter(bytes: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({ maxSize: bytes, onError: (c) => refuse(c, bytes) });
}

/**
 * Hono's bodyLimit: a Content-Length above the limit is refused before a byte
 * is read; a body without one (chunked) is counted while it streams in and
 * refused as soon as it passes the limit.
 *
 * A request that states its Content-Length (and is not chunked) is judged on
 * that header alone, here, as Hono's bodyLimit judges it: Node's parser
 * never hands a handler more bytes than the header says. Doing it before
 * Hono's middleware spares such a request its `c.req.raw.body`, which turns
 * @hono/node-server's light request into a full Request with a web stream
 * (a third of a sync push's time went there), so the body is later read by
 * the adapter's fast path.
 */
export function bodyLimits(): MiddlewareHandler<AppEnv> {
  const rules = BODY_LIMITS.map((r) => ({ ...r, mw: limiter(r.bytes) }));
  const fallback = { bytes: JSON_BODY_BYTES, mw: limiter(JSON_BODY_BYTES) };
  return async (c, next) => {
    // A GET or HEAD has no body to limit; skipping them also spares the hot read paths
    // (the public tracking lookup) the cost of turning @hono/node-server's light request
    // into a full Request, which bodyLimit's `c.req.raw.body` does.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const rule = rules.find((r) => r.method === c.req.method && r.path.test(c.req.path)) ?? fallback;
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > rule.bytes ? refuse(c, rule.bytes) : next();
    }
    return rule.mw(c, next);
  };
}
