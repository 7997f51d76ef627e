// Seller preferences: read and save (part 2 §2, §6), and the look-ups the
// page needs (delivery partners, company search for admins).
import type { Db } from '../../../db/connect';
import { activePartners } from '../../../db/carriers/queries';
import { resendReturnsAwaiting } from '../../../db/floor/returns';
import { companyFlags, deliveryPartnerRows, findCompanies, readPreferences, writePreferences } from '../../../db/preferences/queries';
import {
  MAX_WEIGHT_ADMIN_ONLY,
  PLEASE_SELECT_COMPANY,
  RETURN_TO_OTHER_WAREHOUSE_NEEDS_CLICKPOST,
  SAME_COURIER_TWICE,
  UNKNOWN_COURIER,
  type CompanyMatch,
  type DeliveryPartner,
  type Preferences,
  type PreferencesView,
} from '../../../domain/preferences';
import { forbidden, invalid, notFound } from '../../../domain/refusal';
import type { ServiceActor } from '../audit/actor';

/** The company whose preferences the actor works on: a seller's own, the one an admin chose. */
function companyOf(actor: ServiceActor, companyId: string | undefined): string {
  if (actor.role === 'admin') {
    if (!companyId) throw invalid(PLEASE_SELECT_COMPANY, [{ path: 'companyId', message: PLEASE_SELECT_COMPANY }]);
    return companyId;
  }
  if (actor.role !== 'seller') throw forbidden();
  const own = actor.scope?.[0];
  if (!own || (companyId && companyId !== own)) throw notFound('Company not found');
  return own;
}

export async function getPreferences(db: Db, actor: ServiceActor, input: { companyId?: string }): Promise<PreferencesView> {
  const companyId = companyOf(actor, input.companyId);
  const company = await companyFlags(db, companyId);
  if (!company) throw notFound('Company not found');
  return {
    ...(await readPreferences(db, companyId)),
    companyId,
    companyName: company.name,
    clickpostActive: Number(company.clickpost_active) === 1,
    canEditMaxWeight: actor.role === 'admin',
  };
}

export async function savePreferences(db: Db, actor: ServiceActor, input: Preferences & { companyId?: string }): Promise<PreferencesView> {
  const companyId = companyOf(actor, input.companyId);
  const company = await companyFlags(db, companyId);
  if (!company) throw notFound('Company not found');
  const before = await readPreferences(db, companyId);
  if (actor.role !== 'admin' && input.maxWeightWhiteLabelG !== before.maxWeightWhiteLabelG) {
    throw forbidden(MAX_WEIGHT_ADMIN_ONLY);
  }
  if (input.returnToOtherWarehouse && Number(company.clickpost_active) !== 1) {
    throw invalid(RETURN_TO_OTHER_WAREHOUSE_NEEDS_CLICKPOST, [{ path: 'returnToOtherWarehouse', message: RETURN_TO_OTHER_WAREHOUSE_NEEDS_CLICKPOST }]);
  }
  const active = new Set((await activePartners(db)).map((p) => p.code));
  for (const key of ['courierProvider1', 'courierProvider2'] as const) {
    const code = input[key];
    if (code && !active.has(code)) throw invalid(UNKNOWN_COURIER, [{ path: key, message: UNKNOWN_COURIER }]);
  }
  if (input.courierProvider1 && input.courierProvider1 === input.courierProvider2) {
    throw invalid(SAME_COURIER_TWICE, [{ path: 'courierProvider2', message: SAME_COURIER_TWICE }]);
  }
  const { companyId: _c, ...prefs } = input;
  await writePreferences(db, companyId, prefs, actor.id);
  // Warehouse devices keep another warehouse's returns only while this is on.
  if (prefs.returnToOtherWarehouse !== before.returnToOtherWarehouse) await resendReturnsAwaiting(db, companyId);
  return getPreferences(db, actor, { companyId });
}

export async function listDeliveryPartners(db: Db): Promise<DeliveryPartner[]> {
  const rows = await deliveryPartnerRows(db);
  return rows.map((r) => ({ name: r.name, status: Number(r.status), code: r.code }));
}

export async function searchCompanies(db: Db, actor: ServiceActor, companyName: string): Promise<CompanyMatch[]> {
  if (actor.role !== 'admin') throw forbidden();
  return findCompanies(db, companyName);
}
