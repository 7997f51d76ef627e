// A company's GSTIN per state. The registration GSTIN on
// the company row stays valid for its own state until one is recorded there.
import type { Kysely } from 'kysely';
import { findRegion, INDIAN_REGIONS } from '../../domain/india';
import type { CompanyGstinEntry, GstinAddress } from '../../domain/gstin';
import { nowIso } from '../../domain/ids';
import type { Database } from '../schema';
import '../tables/manual-order-gstins';

type Q = Kysely<Database>;

const stateName = (code: string) => INDIAN_REGIONS.find((r) => r.gstCode === code)?.name ?? code;

export async function listCompanyGstins(db: Q, companyId: string): Promise<CompanyGstinEntry[]> {
  const [rows, company] = await Promise.all([
    db.selectFrom('company_gstins').selectAll().where('company_id', '=', companyId).orderBy('state_code').execute(),
    db.selectFrom('companies').select('gst').where('id', '=', companyId).executeTakeFirst(),
  ]);
  const out: CompanyGstinEntry[] = rows.map((r) => ({ stateCode: r.state_code, state: stateName(r.state_code), gstin: r.gstin, fromProfile: false, address: addressOf(r.address) }));
  const legacy = (company?.gst ?? '').trim().toUpperCase();
  const legacyCode = /^\d{2}/.test(legacy) ? legacy.slice(0, 2) : null;
  if (legacyCode && !out.some((e) => e.stateCode === legacyCode)) out.push({ stateCode: legacyCode, state: stateName(legacyCode), gstin: legacy, fromProfile: true, address: null });
  return out.sort((a, b) => a.stateCode.localeCompare(b.stateCode));
}

function addressOf(json: string | null): GstinAddress | null {
  if (!json) return null;
  try {
    const a = JSON.parse(json) as Partial<GstinAddress>;
    return a && a.line1 ? { line1: a.line1, line2: a.line2 ?? '', city: a.city ?? '', pincode: a.pincode ?? '' } : null;
  } catch {
    return null;
  }
}

/** The registration an invoice from a warehouse in `state` prints (GSTIN and its registered address), or null when none is recorded. */
export async function gstinEntryForState(db: Q, companyId: string, state: string): Promise<CompanyGstinEntry | null> {
  const code = findRegion(state)?.gstCode;
  if (!code) return null;
  const list = await listCompanyGstins(db, companyId);
  return list.find((e) => e.stateCode === code || (code === '26' && e.stateCode === '25')) ?? null;
}

/** The GSTIN an invoice from a warehouse in `state` prints, or null when none is recorded for that state. */
export async function gstinForState(db: Q, companyId: string, state: string): Promise<string | null> {
  return (await gstinEntryForState(db, companyId, state))?.gstin ?? null;
}

export async function saveCompanyGstin(db: Q, companyId: string, stateCode: string, gstin: string, userId: string | null, address: GstinAddress | null = null): Promise<void> {
  const now = nowIso();
  const addr = address ? JSON.stringify(address) : null;
  await db
    .insertInto('company_gstins')
    .values({ company_id: companyId, state_code: stateCode, gstin, address: addr, updated_by: userId, updated_at: now })
    .onConflict((oc) => oc.columns(['company_id', 'state_code']).doUpdateSet({ gstin, address: addr, updated_by: userId, updated_at: now }))
    .execute();
}

export async function removeCompanyGstin(db: Q, companyId: string, stateCode: string): Promise<boolean> {
  const r = await db.deleteFrom('company_gstins').where('company_id', '=', companyId).where('state_code', '=', stateCode).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
