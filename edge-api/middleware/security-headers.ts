import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/**
 * Headers on every response (Hono's secureHeaders). The CSP allows no inline
 * script: the built app and the tracking page load theirs from /assets. Inline
 * styles stay allowed (the tracking page inlines its CSS; Mantine sets style
 * attributes). Images may come from the app, data: and blob: URLs (previews of
 * files being uploaded) and https (a brand's logo URL on the tracking page).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const optionsFor = (opts: { hsts: boolean }): Partial<SecureHeadersOptions> => ({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    referrerPolicy: 'no-referrer',
    xFrameOptions: 'DENY',
    strictTransportSecurity: opts.hsts ? 'max-age=31536000; includeSubDomains' : false,
    // The camera scanner needs the camera on our own pages; nothing needs the rest.
    permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [], payment: [], usb: [] },
    crossOriginResourcePolicy: 'same-origin',
});

/**
 * Hono's secureHeaders with our options, as the middleware on every answer.
 * It runs on every request: the header list Hono's middleware sets (read off it
 * once, below) is set in one loop, the same names and values, overwriting what
 * a handler set under those names, and X-Powered-By removed, as Hono does.
 */
export function securityHeaders(opts: { hsts: boolean }): MiddlewareHandler {
  const list = Object.entries(securityHeaderRecord(opts.hsts));
  const n = list.length;
  return async function securityHeaders(c, next) {
    await next();
    const headers = c.res.headers;
    for (let i = 0; i < n; i++) headers.set(list[i][0], list[i][1]);
    headers.delete('x-powered-by');
  };
}

/** The headers Hono's secureHeaders() sets with our options, read off its middleware once. */
async function probe(hsts: boolean): Promise<Record<string, string>> {
  const app = new Hono().use(secureHeaders(optionsFor({ hsts }))).get('/', (c) => c.body(null));
  const res = await app.request('/');
  return Object.fromEntries(res.headers);
}
const PROBED = { plain: await probe(false), hsts: await probe(true) };

/**
 * The same headers as a plain object, for the one route answered ahead of the
 * middleware: the public tracking lookup builds its answer in one Response
 * (setting headers on a finished response would cost it a third of its speed).
 */
export const securityHeaderRecord = (hsts: boolean): Readonly<Record<string, string>> => (hsts ? PROBED.hsts : PROBED.plain);

/**
 * The security headers that mean something on a JSON answer (a body that is
 * never run as a page: `nosniff` keeps it JSON, and browsers block JSON from
 * no-cors cross-origin loads): the CSP (with frame-ancestors), nosniff,
 * Referrer-Policy, X-Frame-Options and HSTS, the set OWASP's REST cheat sheet
 * names. The rest of securityHeaders()'s set governs documents and
 * subresources (opener, resource policy, origin-agent cluster, DNS prefetch,
 * downloads, Flash policies, the old XSS filter, permissions of scripts) and
 * is left off the public tracking lookup: every header line costs each client
 * parsing it, and the lookup is the API's hottest path
 * (tests/bench/tracking.bench.ts).
 */
export const JSON_ANSWER_SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'strict-transport-security',
] as const;

export const jsonAnswerSecurityHeaders = (hsts: boolean): Record<string, string> => {
  const all = securityHeaderRecord(hsts);
  const picked: Record<string, string> = {};
  for (const name of JSON_ANSWER_SECURITY_HEADERS) if (all[name] !== undefined) picked[name] = all[name];
  return picked;
};
