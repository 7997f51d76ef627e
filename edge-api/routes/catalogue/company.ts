import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { companyScope, requireSession } from '../../middleware/session';
import { targetCompanyOf, type CatalogueActor } from '../../services/catalogue/company';

/** The session as the catalogue's use cases take it. */
export function catalogueActor(c: Context<AppEnv>): CatalogueActor {
  return { role: requireSession(c).role, companyId: requireSession(c).companyId, scope: companyScope(c) };
}

/** The one company a write (or a single-company read) is for (services/catalogue/company.ts). */
export const targetCompany = (c: Context<AppEnv>, requested?: string | null): string => targetCompanyOf(catalogueActor(c), requested);
