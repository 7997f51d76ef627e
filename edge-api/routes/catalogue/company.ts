import type { Context } from 'hono';
import { COMPANY_REQUIRED } from '../../../domain/manual-order';
import type { AppEnv } from '../../env';
import { ApiFailure, notFound } from '../../lib/errors';
import { companyScope, requireSession } from '../../middleware/session';

/**
 * The one company a write (or a single-company read) is for: the seller's own;
 * for a warehouse user the named company among the selected ones (or the only
 * selected one); for admin the named company. Another tenant's id answers 404.
 */
export function targetCompany(c: Context<AppEnv>, requested?: string | null): string {
  const s = requireSession(c);
  const scope = companyScope(c);
  if (s.role === 'seller') {
    if (!s.companyId || (requested && requested !== s.companyId)) throw notFound('Company not found');
    return s.companyId;
  }
  if (requested) {
    if (scope !== null && !scope.includes(requested)) throw notFound('Company not found');
    return requested;
  }
  if (scope && scope.length === 1) return scope[0];
  throw new ApiFailure(400, COMPANY_REQUIRED, [{ path: 'companyId', message: COMPANY_REQUIRED }]);
}
