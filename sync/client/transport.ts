// How the engine reaches the server. Injected, so tests can drop, duplicate
// and reorder messages; httpTransport is the browser's.
import {
  parsePullResponse,
  pushResponseSchema,
  type PullRequest,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '../protocol';

export interface SyncTransport {
  /** Resolves with the server's answer; throws HttpError for a non-2xx answer, anything else when the network failed. */
  push(req: PushRequest): Promise<PushResponse>;
  pull(req: PullRequest): Promise<PullResponse>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message = `HTTP ${status}`,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Worth retrying later: the network failed, or the server had a (5xx) fault or asked us to slow down. */
export function isTransientError(error: unknown): boolean {
  if (!(error instanceof HttpError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

export interface HttpTransportOptions {
  /** Prefix of /api/sync/*; '' for same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Extra headers per request, e.g. the x-xsrf-token double-submit header. */
  headers?: () => Record<string, string>;
  /**
   * Give up on a request when the server sends nothing for this long (before
   * its answer starts, or between two parts of it). Without it a request the
   * network swallowed (a stalled proxy or server, a captive Wi-Fi) would hold
   * the sync, and its lock, for ever; a push given up on and sent again is
   * harmless (the server skips the seqs it already has).
   */
  idleTimeoutMs?: number;
}

/** The server sent nothing for a while: the request was given up on (worth retrying). */
export class RequestTimeout extends Error {
  constructor(readonly ms: number) {
    super(`The server did not answer for ${Math.round(ms / 1000)} s; trying again.`);
    this.name = 'RequestTimeout';
  }
}

export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

export function httpTransport({
  baseUrl = '',
  fetch: doFetch = globalThis.fetch,
  headers,
  idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS,
}: HttpTransportOptions = {}): SyncTransport {
  async function post(path: string, body: unknown): Promise<unknown> {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    let giveUp: (error: RequestTimeout) => void = () => undefined;
    // Rejects once the server has been silent for idleTimeoutMs; every sign of life re-arms it.
    const silence = new Promise<never>((_, reject) => (giveUp = reject));
    silence.catch(() => undefined);
    const alive = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        giveUp(new RequestTimeout(idleTimeoutMs));
        abort.abort();
      }, idleTimeoutMs);
    };
    const guarded = <T>(work: Promise<T>) => Promise.race([work, silence]);
    try {
      alive();
      const res = await guarded(
        doFetch(`${baseUrl}/api/sync/${path}`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', ...headers?.() },
          body: JSON.stringify(body),
          signal: abort.signal,
        }),
      );
      alive();
      const text = await guarded(readText(res, alive));
      if (!res.ok) {
        const payload = parseOr(text, null) as { message?: unknown } | null;
        throw new HttpError(res.status, typeof payload?.message === 'string' ? payload.message : `HTTP ${res.status}`);
      }
      return JSON.parse(text) as unknown;
    } catch (error) {
      if (timedOut) throw new RequestTimeout(idleTimeoutMs);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    push: async (req) => pushResponseSchema.parse(await post('push', req)),
    pull: async (req) => parsePullResponse(await post('pull', req)),
  };
}

/** The body as text, calling `progress` on each chunk received (a long answer arriving slowly is not silence). */
async function readText(res: Response, progress: () => void): Promise<string> {
  if (!res.body) return res.text();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    progress();
    text += decoder.decode(value, { stream: true });
  }
}

function parseOr(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}
