// Queries of the seller's tracking layout (GET/PATCH /ums/profile/...tracking-layout). `db` first.
import type { Db } from '../connect';
import '../tables/billing';

/** The company's stored layout (JSON text; null = the default), or undefined when there is no such company. */
export async function companyTrackingLayout(db: Db, companyId: string) {
  return db.selectFrom('companies').select('tracking_layout').where('id', '=', companyId).executeTakeFirst();
}

/** The name and profile logo the public page's header shows when the layout has no logo of its own. */
export async function companyBrand(db: Db, companyId: string) {
  const [company, profile] = await Promise.all([
    db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst(),
    db.selectFrom('invoicing_profiles').select(['brand_name', 'logo_key']).where('company_id', '=', companyId).executeTakeFirst(),
  ]);
  return { companyName: company?.name ?? null, profile };
}

/** The AWB of a recent shipment of the company, so the editor can open the live page. */
export async function recentCompanyAwb(db: Db, companyId: string): Promise<string | null> {
  const sample = await db
    .selectFrom('orders')
    .select('tracking_number')
    .where('company_id', '=', companyId)
    .where('tracking_number', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return sample?.tracking_number ?? null;
}

/** Who uploaded a file, and for what. */
export async function uploadOwner(db: Db, key: string) {
  return db.selectFrom('uploads').select(['company_id', 'purpose']).where('key', '=', key).executeTakeFirst();
}

/** Stores the layout (JSON text), or null for the default. */
export async function saveCompanyTrackingLayout(db: Db, companyId: string, layoutJson: string | null) {
  await db.updateTable('companies').set({ tracking_layout: layoutJson }).where('id', '=', companyId).execute();
}
