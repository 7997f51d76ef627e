// The browser's one way to call the API: apiJson<T>(path) with T a response type
// declared once in domain/ (zod), whose schema tests/api/responses.test.ts checks
// against each route's live answer. A typed client over the whole app (hono/client's
// hc<AppType>) was exported here and never used; it is gone with AppType, so that
// there is one way to call, not two.
import type { ApiError } from '../../domain/api';

let xsrfToken = '';
/** The double-submit token of the current session; sent on every unsafe request. */
export function setXsrfToken(token: string) {
  xsrfToken = token;
}
export function getXsrfToken() {
  return xsrfToken;
}

/** A refusal or fault from the API, carrying the server's message and field errors. */
export class ApiRequestError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors: ApiError['errors'] = [],
    public body: unknown = null,
  ) {
    super(message);
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const apiFetch: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  const method = (init.method ?? 'GET').toUpperCase();
  if (UNSAFE.has(method) && xsrfToken && !headers.has('x-xsrf-token')) headers.set('x-xsrf-token', xsrfToken);
  return fetch(input, { ...init, headers, credentials: 'same-origin' });
};

/** JSON call that throws ApiRequestError on a non-2xx answer (the server's `message` kept). */
export async function apiJson<T = unknown>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const res = await apiFetch(path, {
    method: init.method ?? 'GET',
    signal: init.signal,
    headers: init.body !== undefined ? { 'content-type': 'application/json' } : undefined,
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const failure = (body ?? {}) as { message?: string; errors?: ApiError['errors'] };
    throw new ApiRequestError(res.status, failure.message ?? 'Please try after some time.', failure.errors ?? [], body);
  }
  return body as T;
}

/**
 * apiJson for calls whose 2xx answer may still say `{status: false, message}`
 * (part 1 §8): that answer throws ApiRequestError like a failed request, so it
 * reaches the caller's error notification instead of showing as empty data.
 */
export async function apiOk<T = unknown>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const body = await apiJson<T>(path, init);
  const said = body as { status?: unknown; message?: unknown } | null;
  if (said && typeof said === 'object' && said.status === false) {
    throw new ApiRequestError(200, typeof said.message === 'string' ? said.message : '', [], body);
  }
  return body;
}

/** Field errors from a 400, keyed by path, for Mantine's form.setErrors. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiRequestError)) return {};
  return Object.fromEntries((err.errors ?? []).map((e) => [e.path, e.message]));
}
