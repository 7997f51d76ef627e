// The signed-in session as the app sees it (part 1 §3), and signing out.
import { deleteSession, sessionCompanies } from '../../../db/auth/sessions';
import type { Db, DbHandle } from '../../../db/connect';
import { userEmailState } from '../../../db/auth/email-verification';
import { loadProfile } from '../../../db/profile/queries';
import type { SessionPayload } from '../../../domain/auth';
import type { SessionInfo } from '../../env';

/** What the app needs after sign-in: the auth state of part 1 §3. */
export async function sessionPayload(db: Db, s: SessionInfo): Promise<SessionPayload> {
  const [companies, user] = await Promise.all([sessionCompanies(db, s), userEmailState(db, s.userId)]);
  return {
    isLogined: true,
    role: s.role,
    xsrfToken: s.xsrfToken,
    user: { id: s.userId, name: s.name, email: s.email, emailVerified: Boolean(user?.email_verified_at) },
    profile: await loadProfile(db, s),
    companyData: companies.map((c) => ({ id: c.id, name: c.name, isD2R: c.is_d2r === 1 })),
    selectedCompanyIds: s.selectedCompanyIds,
    warehouseId: s.warehouseId,
    companyId: s.companyId,
  };
}

/** Ends the session (if any); the route clears the cookie. */
export async function signOut(dbh: DbHandle, session: Pick<SessionInfo, 'id'> | null): Promise<void> {
  if (session) await deleteSession(dbh.db, session.id);
}
