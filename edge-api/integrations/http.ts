/**
 * The one outbound HTTP client every partner integration uses (stores,
 * couriers, GST portals). It gives each request a time limit, retries what is
 * safe to retry with exponential backoff and full jitter, honours Retry-After,
 * caps what it reads, and logs each attempt without secrets: never headers or
 * bodies, and the URL with every credential-like query value replaced.
 *
 * What is retried:
 * - 429 Too Many Requests, always: the partner refused the call unread.
 * - 5xx, a timeout or a network fault, only for a request marked `idempotent`
 *   (GET/HEAD are): a POST that timed out may have been applied, and its caller
 *   must look it up at the partner before trying again (a booking, an IRN).
 * - Whatever the partner's own `retryDelay` hook names (Shopify's GraphQL cost
 *   throttle answers 200 with THROTTLED in its body).
 * A wait longer than `maxDelayMs` is not slept here: the call fails with
 * `retryAfterMs` set, for the durable task queue to try again at that time.
 */
import type { Logger } from 'pino';

export type PartnerErrorKind = 'timeout' | 'network' | 'http' | 'throttled' | 'too_large';

export class PartnerError extends Error {
  constructor(
    readonly partner: string,
    readonly kind: PartnerErrorKind,
    message: string,
    readonly status?: number,
    readonly body?: string,
    /** When the partner asked us to come back (Retry-After, a throttle), in ms from now. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
  /** Whether trying the same call again later could succeed. */
  get transient(): boolean {
    return this.kind === 'timeout' || this.kind === 'network' || this.kind === 'throttled' || (this.status !== undefined && this.status >= 500);
  }
}

export type OutboundRequest = {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Safe to send twice (GET and HEAD are by default). */
  idempotent?: boolean;
  timeoutMs?: number;
  /** What a log line calls this call (e.g. 'orders.list'); the URL path otherwise. */
  name?: string;
  /** The most bytes read from the answer (default 10 MB). */
  maxBytes?: number;
};

export type OutboundResponse = {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text(): string;
  json<T = unknown>(): T;
};

export type HttpClientOptions = {
  /** Who is called, for errors and logs ('shopify', 'delhivery'...). */
  partner: string;
  log?: Pick<Logger, 'info' | 'warn'>;
  /** Attempts after the first (default 3). */
  retries?: number;
  baseDelayMs?: number;
  /** Longest wait slept between attempts (default 20 s); a longer Retry-After fails the call for the task queue. */
  maxDelayMs?: number;
  timeoutMs?: number;
  /** A partner's own "come back in N ms" read from an answer that is otherwise a success (null: not throttled). */
  retryDelay?: (res: OutboundResponse) => number | null;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

const SECRET_PARAM = /token|key|secret|password|passwd|signature|auth|sek|appkey|client_id/i;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** The URL as logs may show it: credential-like query values replaced by `***`. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    for (const k of [...u.searchParams.keys()]) if (SECRET_PARAM.test(k)) u.searchParams.set(k, '***');
    u.username = u.username ? '***' : '';
    u.password = u.password ? '***' : '';
    return u.toString();
  } catch {
    return '(unparseable url)';
  }
}

/** Retry-After as ms from `nowMs`: delay-seconds or an HTTP-date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

async function readCapped(res: Response, maxBytes: number, partner: string): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new PartnerError(partner, 'too_large', `${partner} answered ${declared} bytes, more than ${maxBytes}`, res.status);
  }
  if (!res.body) return new Uint8Array();
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new PartnerError(partner, 'too_large', `${partner} answered more than ${maxBytes} bytes`, res.status);
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

function response(status: number, headers: Headers, bytes: Uint8Array): OutboundResponse {
  const text = () => Buffer.from(bytes).toString('utf8');
  return { status, headers, bytes, text, json: <T>() => JSON.parse(text()) as T };
}

export type HttpClient = { partner: string; request(req: OutboundRequest): Promise<OutboundResponse> };

export function createHttpClient(opts: HttpClientOptions): HttpClient {
  const { partner } = opts;
  const retries = opts.retries ?? 3;
  const base = opts.baseDelayMs ?? 500;
  const maxDelay = opts.maxDelayMs ?? 20_000;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = opts.random ?? Math.random;
  const backoff = (attempt: number) => Math.round(random() * Math.min(maxDelay, base * 2 ** attempt));

  async function once(req: OutboundRequest): Promise<OutboundResponse> {
    const timeoutMs = req.timeoutMs ?? opts.timeoutMs ?? 15_000;
    try {
      const res = await fetch(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body as BodyInit | undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      return response(res.status, res.headers, await readCapped(res, req.maxBytes ?? DEFAULT_MAX_BYTES, partner));
    } catch (err) {
      if (err instanceof PartnerError) throw err;
      const name = (err as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new PartnerError(partner, 'timeout', `${partner} did not answer within ${Math.round(timeoutMs / 1000)} s`);
      }
      throw new PartnerError(partner, 'network', `${partner} could not be reached (${(err as Error & { cause?: { code?: string } }).cause?.code ?? (err as Error).message})`);
    }
  }

  return {
    partner,
    async request(req) {
      const idempotent = req.idempotent ?? (req.method === 'GET' || req.method === 'HEAD');
      const what = req.name ?? new URL(req.url).pathname;
      for (let attempt = 0; ; attempt++) {
        const started = performance.now();
        let res: OutboundResponse | undefined;
        let failure: PartnerError | undefined;
        try {
          res = await once(req);
        } catch (err) {
          failure = err as PartnerError;
        }
        const ms = Math.round(performance.now() - started);
        const line = { partner, call: what, method: req.method, url: redactUrl(req.url), attempt, ms, status: res?.status, error: failure?.kind };
        let wait: number | null = null;
        if (res) {
          const throttle = res.status === 429 ? (retryAfterMs(res.headers.get('retry-after'), Date.now()) ?? backoff(attempt)) : opts.retryDelay?.(res) ?? null;
          if (throttle !== null) {
            wait = throttle;
            failure = new PartnerError(partner, 'throttled', `${partner} asked us to slow down`, res.status, res.text().slice(0, 2000), throttle);
          } else if (res.status >= 500) {
            wait = idempotent ? (retryAfterMs(res.headers.get('retry-after'), Date.now()) ?? backoff(attempt)) : null;
            failure = new PartnerError(partner, 'http', `${partner} answered ${res.status}`, res.status, res.text().slice(0, 2000));
          } else {
            opts.log?.info(line, 'partner call');
            return res;
          }
        } else if (failure && idempotent && failure.kind !== 'too_large') {
          wait = backoff(attempt);
        }
        opts.log?.warn(line, 'partner call failed');
        if (wait === null || attempt >= retries || wait > maxDelay) {
          if (wait !== null && failure && failure.retryAfterMs === undefined) {
            throw new PartnerError(partner, failure.kind, failure.message, failure.status, failure.body, wait);
          }
          throw failure!;
        }
        await sleep(wait);
      }
    },
  };
}
