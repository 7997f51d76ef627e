import type { QueryClient } from '@tanstack/react-query';
import { apiJson, setXsrfToken } from '../../api/client';
import type { AuthenticateResponse, LoginResponse, LogoutResponse } from '../../../domain/auth';
import { AUTH_CODES } from '../../../domain/messages';
import { forgetSession, rememberSession, sessionQuery, type Session } from '../../auth/session';

/** authenticate (→ xsrfToken, oauthCode) then login (→ session cookie); answers the session. */
export async function signIn(queryClient: QueryClient, input: { email: string; password: string; appType: 'seller' | 'wms' | 'admin' | 'finance' }) {
  const auth = await apiJson<AuthenticateResponse>('/api/auth/authenticate', {
    method: 'POST',
    body: { ...input, state: crypto.randomUUID(), clientId: 'shipdesk-web', redirectUrl: location.origin },
  });
  setXsrfToken(auth.xsrfToken);
  const login = await apiJson<LoginResponse>('/api/auth/login', { method: 'POST', body: { oauthCode: auth.oauthCode } });
  if (login.code !== AUTH_CODES.loggedIn && login.code !== AUTH_CODES.alreadyLoggedIn) throw new Error('Please try after some time.');
  queryClient.removeQueries();
  const session: Session = { ...login.data, isLogined: true };
  setXsrfToken(session.xsrfToken);
  queryClient.setQueryData(sessionQuery.queryKey, session);
  rememberSession(session);
  return session;
}

export async function signOut(queryClient: QueryClient) {
  try {
    await apiJson<LogoutResponse>('/api/auth/logout', { method: 'POST' });
  } finally {
    forgetSession();
    setXsrfToken('');
    queryClient.clear();
    queryClient.setQueryData(sessionQuery.queryKey, { isLogined: false });
  }
}
