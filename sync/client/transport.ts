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
}

export function httpTransport({ baseUrl = '', fetch: doFetch = globalThis.fetch, headers }: HttpTransportOptions = {}): SyncTransport {
  async function post(path: string, body: unknown): Promise<unknown> {
    const res = await doFetch(`${baseUrl}/api/sync/${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', ...headers?.() },
      body: JSON.stringify(body),
    });
    if (!res.ok) {
      const payload = (await res.json().catch(() => null)) as { message?: unknown } | null;
      throw new HttpError(res.status, typeof payload?.message === 'string' ? payload.message : `HTTP ${res.status}`);
    }
    return res.json();
  }
  return {
    push: async (req) => pushResponseSchema.parse(await post('push', req)),
    pull: async (req) => parsePullResponse(await post('pull', req)),
  };
}
