// Who acts on the catalogue, manual orders, retailers and salesmen, and for which company.
import { COMPANY_REQUIRED } from '../../../domain/manual-order';
import { invalid, notFound } from '../../../domain/refusal';
import type { Role } from '../../../domain/roles';

/** The acting user: role, own company (seller) and the companies they may touch (null = all, admin). */
export type CatalogueActor = { role: Role; companyId: string | null; scope: string[] | null };

export const inScopeOf = (actor: Pick<CatalogueActor, 'scope'>, companyId: string) => actor.scope === null || actor.scope.includes(companyId);

/**
 * The one company a write (or a single-company read) is for: the seller's own;
 * for a warehouse user the named company among the selected ones (or the only
 * selected one); for admin the named company. Another tenant's id answers 404.
 */
export function targetCompanyOf(actor: CatalogueActor, requested?: string | null): string {
  const scope = actor.scope;
  if (actor.role === 'seller') {
    if (!actor.companyId || (requested && requested !== actor.companyId)) throw notFound('Company not found');
    return actor.companyId;
  }
  if (requested) {
    if (scope !== null && !scope.includes(requested)) throw notFound('Company not found');
    return requested;
  }
  if (scope && scope.length === 1) return scope[0];
  throw invalid(COMPANY_REQUIRED, [{ path: 'companyId', message: COMPANY_REQUIRED }]);
}
