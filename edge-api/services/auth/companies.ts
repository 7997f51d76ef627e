import { linkedCompanyIds, setSelectedCompanies } from '../../../db/auth/sessions';
import type { DbHandle } from '../../../db/connect';
import { Refusal } from '../../../domain/refusal';
import type { SessionInfo } from '../../env';

/** A warehouse user chooses which of its linked companies the session works on. */
export async function selectCompanies(dbh: DbHandle, s: SessionInfo, companyIds: string[]): Promise<string[]> {
  const linked = new Set(await linkedCompanyIds(dbh.db, s.warehouseId ?? ''));
  const bad = companyIds.filter((id) => !linked.has(id));
  if (bad.length) throw new Refusal('not_found', 'Company not found', bad.map((id) => ({ path: 'companyIds', message: `Unknown company ${id}` })));
  const unique = [...new Set(companyIds)];
  await setSelectedCompanies(dbh.db, s.id, unique);
  return unique;
}
