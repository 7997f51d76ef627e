// Seller preferences, one row per company (absent = the defaults).
import type { Kysely } from 'kysely';
import { nowIso } from '../../domain/ids';
import { DEFAULT_PREFERENCES, type Preferences } from '../../domain/preferences';
import type { Database } from '../schema';
import '../tables/preferences-carriers-promoters';
import { textMatches } from '../search';

type Db = Kysely<Database>;

export async function readPreferences(db: Db, companyId: string): Promise<Preferences> {
  const r = await db.selectFrom('seller_preferences').selectAll().where('company_id', '=', companyId).executeTakeFirst();
  if (!r) return { ...DEFAULT_PREFERENCES };
  return {
    printItemLabel: Number(r.print_item_label) === 1,
    hideCustomerPhoneOnLabel: Number(r.hide_customer_phone_on_label) === 1,
    courierProvider1: r.courier_provider_1,
    courierProvider2: r.courier_provider_2,
    maxWeightWhiteLabelG: r.max_weight_white_label_g === null ? null : Number(r.max_weight_white_label_g),
    returnToOtherWarehouse: Number(r.return_to_other_warehouse) === 1,
  };
}

export async function writePreferences(db: Db, companyId: string, p: Preferences, updatedBy: string | null): Promise<void> {
  const values = {
    print_item_label: p.printItemLabel ? 1 : 0,
    hide_customer_phone_on_label: p.hideCustomerPhoneOnLabel ? 1 : 0,
    courier_provider_1: p.courierProvider1,
    courier_provider_2: p.courierProvider2,
    max_weight_white_label_g: p.maxWeightWhiteLabelG,
    return_to_other_warehouse: p.returnToOtherWarehouse ? 1 : 0,
    updated_by: updatedBy,
    updated_at: nowIso(),
  };
  await db
    .insertInto('seller_preferences')
    .values({ company_id: companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .execute();
}

/** The label-printing preferences of these companies (absent = defaults, both off). */
export async function labelPreferences(db: Db, companyIds: readonly string[]): Promise<Map<string, { itemLabels: boolean; hideCustomerPhone: boolean }>> {
  if (!companyIds.length) return new Map();
  const rows = await db.selectFrom('seller_preferences').select(['company_id', 'print_item_label', 'hide_customer_phone_on_label']).where('company_id', 'in', [...companyIds]).execute();
  return new Map(rows.map((r) => [r.company_id, { itemLabels: Number(r.print_item_label) === 1, hideCustomerPhone: Number(r.hide_customer_phone_on_label) === 1 }]));
}

export async function companyFlags(db: Db, companyId: string) {
  return db.selectFrom('companies').select(['id', 'name', 'clickpost_active']).where('id', '=', companyId).executeTakeFirst();
}

export async function findCompanies(db: Db, name: string, limit = 20) {
  let q = db.selectFrom('companies').select(['id', 'name']).orderBy('name').limit(limit);
  if (name) q = q.where((eb) => textMatches(eb.ref('name'), name));
  return q.execute();
}

/** Every delivery partner (courier) by name, with its status. */
export const deliveryPartnerRows = (db: Db) => db.selectFrom('delivery_partners').select(['code', 'name', 'status']).orderBy('name').execute();
