import { useSuspenseQuery } from '@tanstack/react-query';
import { sessionQuery, type Session } from './session';

/** The signed-in session inside the authenticated layout. */
export function useSession(): Session {
  const { data } = useSuspenseQuery(sessionQuery);
  if (!data.isLogined) throw new Error('useSession used outside the authenticated layout');
  return data;
}
