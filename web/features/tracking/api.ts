// The public page's calls. Plain fetch, no cookies: the page is anonymous even
// in a browser where a seller is signed in (so no XSRF token is needed either).
import { awbProblem, type PublicShipmentDetails, type PublicShipmentDetailsResponse, type PublicTracking, type PublicTrackingResponse } from '../../../domain/tracking-rules';
import { normaliseAwb } from '../../../domain/tracking-events';
// Types only (erased from the build): the public page's bundle stays free of zod.
import type { BuyerRequestCreatedResponse, BuyerVerifiedResponse } from '../../../domain/tracking';
import { cachedLookup, saveLookup } from './cache';

export type LookupResult =
  | { kind: 'ok'; data: PublicTracking }
  /** The network is down: the last answer we had for this AWB, if any. */
  | { kind: 'offline'; data: PublicTracking; savedAt: string }
  | { kind: 'notFound' }
  | { kind: 'invalid' }
  | { kind: 'error' };

const isAbort = (e: unknown) => (e as Error)?.name === 'AbortError';

export async function lookupAwb(typed: string, signal?: AbortSignal): Promise<LookupResult> {
  const awb = normaliseAwb(typed);
  if (awbProblem(awb)) return { kind: 'invalid' };
  let res: Response;
  try {
    // no-cache: always ask the server, which answers 304 (ETag) when nothing changed;
    // offline, the request fails and the page shows the last answer it kept.
    res = await fetch(`/api/order/${encodeURIComponent(awb.trim())}`, {
      credentials: 'omit',
      cache: 'no-cache',
      signal,
      headers: { accept: 'application/json' },
    });
  } catch (e) {
    if (isAbort(e)) throw e;
    const cached = cachedLookup(awb);
    return cached ? { kind: 'offline', data: cached.data, savedAt: cached.savedAt } : { kind: 'error' };
  }
  if (res.status === 404) return { kind: 'notFound' };
  if (res.status === 400) return { kind: 'invalid' };
  if (!res.ok) return { kind: 'error' };
  const body = (await res.json()) as PublicTrackingResponse;
  saveLookup(awb.trim(), body.data.data);
  return { kind: 'ok', data: body.data.data };
}

/** The seller, items, delay and the buyer's requests (null when they cannot be fetched: the page works without them). */
export async function shipmentDetails(typed: string, signal?: AbortSignal): Promise<PublicShipmentDetails | null> {
  try {
    const res = await fetch(`/api/order/${encodeURIComponent(normaliseAwb(typed))}/details`, { credentials: 'omit', cache: 'no-cache', signal, headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    return ((await res.json()) as PublicShipmentDetailsResponse).data;
  } catch (e) {
    if (isAbort(e)) throw e;
    return null;
  }
}

export type CallResult<T> = { ok: true; body: T } | { ok: false; status: number; body: { message?: string; attemptsLeft?: number } | null };

async function post<T>(path: string, body: unknown): Promise<CallResult<T>> {
  try {
    const res = await fetch(path, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    return res.ok ? { ok: true, body: json as T } : { ok: false, status: res.status, body: json };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

export const verifyBuyer = (awb: string, phoneLast4: string) =>
  post<BuyerVerifiedResponse>(`/api/order/${encodeURIComponent(awb)}/ndr/verify`, { phoneLast4 });

export type NdrRequest =
  | { kind: 'reattempt'; date: string }
  | { kind: 'address'; address1?: string; address2?: string; landmark?: string; phone?: string };

export const sendNdrRequest = (awb: string, token: string, req: NdrRequest) =>
  post<BuyerRequestCreatedResponse>(`/api/order/${encodeURIComponent(awb)}/ndr/requests`, { ...req, token });
