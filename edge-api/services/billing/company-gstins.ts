// Settings > Invoicing: the company's GSTIN for each state it ships from.
import type { DbHandle } from '../../../db/connect';
import { listCompanyGstins, removeCompanyGstin, saveCompanyGstin } from '../../../db/billing/gstins';
import { findRegion } from '../../../domain/india';
import type { CompanyGstinEntry, GstinAddress } from '../../../domain/gstin';
import { GSTIN_STATE_REQUIRED } from '../../../domain/gstin';
import { invalid, notFound } from '../../../domain/refusal';

export async function companyGstins(dbh: DbHandle, companyId: string): Promise<CompanyGstinEntry[]> {
  return listCompanyGstins(dbh.db, companyId);
}

/** Records (or replaces) the GSTIN of one state; the input is validated by companyGstinSchema (length, state code, checksum). */
export async function recordCompanyGstin(dbh: DbHandle, actor: { id: string }, companyId: string, input: { state: string; gstin: string; address?: GstinAddress | null }) {
  const region = findRegion(input.state);
  if (!region) throw invalid(GSTIN_STATE_REQUIRED, [{ path: 'state', message: GSTIN_STATE_REQUIRED }]);
  await saveCompanyGstin(dbh.db, companyId, region.gstCode, input.gstin, actor.id, input.address ?? null);
  return listCompanyGstins(dbh.db, companyId);
}

export async function deleteCompanyGstin(dbh: DbHandle, companyId: string, stateCode: string) {
  if (!(await removeCompanyGstin(dbh.db, companyId, stateCode))) throw notFound('GSTIN not found');
  return listCompanyGstins(dbh.db, companyId);
}
