import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiJson, setXsrfToken } from '../api/client';

/**
 * The signed-in user's own profile: a seller's company or a warehouse user's
 * warehouse (the fields of its profile form), `kind: 'admin'` for admins, null
 * when the company or warehouse is gone.
 */
export type SessionProfile =
  | { kind: 'admin'; name: string; email: string; isD2R: boolean }
  | ({ kind: 'company' | 'warehouse'; isD2R: boolean } & Record<string, unknown>)
  | null;

export type Session = {
  isLogined: true;
  role: 'admin' | 'seller' | 'warehouse' | 'finance';
  xsrfToken: string;
  user: { id: string; name: string; email: string };
  profile: SessionProfile;
  companyData: { id: string; name: string; isD2R: boolean }[];
  selectedCompanyIds: string[];
  warehouseId: string | null;
  companyId: string | null;
  /** True when the server could not be reached and this is the last known session. */
  offline?: boolean;
};
export type AuthState = Session | { isLogined: false };

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
    const s = await apiJson<AuthState>('/api/auth/session');
    if (s.isLogined) setXsrfToken(s.xsrfToken);
    rememberSession(s);
    return s;
  } catch (err) {
    // Network down: keep working with the last known session.
    const cached = typeof localStorage !== 'undefined' ? localStorage.getItem(CACHE_KEY) : null;
    if (cached && (err instanceof TypeError || (err as { status?: number }).status === undefined)) {
      return { ...(JSON.parse(cached) as Session), offline: true };
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
