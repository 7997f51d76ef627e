import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AuthStateResponse, SessionPayload } from '../../domain/auth';
import { apiJson, setXsrfToken } from '../api/client';

export type { SessionProfile } from '../../domain/auth';

/**
 * The session as the server answers it (domain/auth.ts `SessionPayload`), and
 * `offline` when the server could not be reached and this is the last known
 * session (set here, never by the server).
 */
export type Session = SessionPayload & { offline?: boolean };
/** GET /api/auth/session (`AuthStateResponse`), with the offline fallback. */
export type AuthState = Session | Exclude<AuthStateResponse, SessionPayload>;

const CACHE_KEY = 'sd.session';

/** Remembers the last session (without the xsrf token) so floor screens open offline. */
export function rememberSession(s: AuthState) {
  try {
    if (s.isLogined) localStorage.setItem(CACHE_KEY, JSON.stringify({ ...s, xsrfToken: '' }));
    else localStorage.removeItem(CACHE_KEY);
  } catch {
    /* storage may be unavailable */
  }
}
export function forgetSession() {
  rememberSession({ isLogined: false });
}

export async function fetchSession(): Promise<AuthState> {
  try {
    const s: AuthState = await apiJson<AuthStateResponse>('/api/auth/session');
    if (s.isLogined) setXsrfToken(s.xsrfToken);
    rememberSession(s);
    return s;
  } catch (err) {
    // Network down: keep working with the last known session.
    const cached = typeof localStorage !== 'undefined' ? localStorage.getItem(CACHE_KEY) : null;
    if (cached && (err instanceof TypeError || (err as { status?: number }).status === undefined)) {
      return { ...(JSON.parse(cached) as SessionPayload), offline: true };
    }
    throw err;
  }
}

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: fetchSession,
  staleTime: 5 * 60_000,
  retry: false,
});

export async function ensureSession(queryClient: QueryClient): Promise<AuthState> {
  return queryClient.ensureQueryData(sessionQuery);
}
