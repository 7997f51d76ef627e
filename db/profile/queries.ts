// The signed-in user's own company or warehouse profile (part 1 §3): read, and
// the columns a profile form writes (signup inserts the same columns).
import type { CompanyProfile, WarehouseProfile } from '../../domain/profile';
import type { Role } from '../../domain/roles';
import type { Db } from '../connect';

/** Who the profile is for (the session's fields a profile read needs). */
export type ProfileOwner = { role: Role; companyId: string | null; warehouseId: string | null; name: string; email: string };

/** Profile as part 1 §3 names it, for the session's company, warehouse or admin user. */
export async function loadProfile(db: Db, s: ProfileOwner) {
  if (s.role === 'seller' && s.companyId) {
    const c = await db.selectFrom('companies').selectAll().where('id', '=', s.companyId).executeTakeFirst();
    if (!c) return null;
    return {
      kind: 'company' as const, name: c.name, email: c.email, phone: c.phone, pan: c.pan, gst: c.gst, website: c.website,
      poc: c.poc ?? '', pocPhone: c.poc_phone ?? '', address: JSON.parse(c.address), warehouseRequirement: c.warehouse_requirement ?? '',
      isD2R: c.is_d2r === 1,
    };
  }
  if (s.role === 'warehouse' && s.warehouseId) {
    const w = await db.selectFrom('warehouses').selectAll().where('id', '=', s.warehouseId).executeTakeFirst();
    if (!w) return null;
    return {
      kind: 'warehouse' as const, name: w.name, email: w.email, phone: w.phone, pan: w.pan, gst: w.gst, website: w.website,
      address: JSON.parse(w.address), isD2R: false,
    };
  }
  return { kind: 'admin' as const, name: s.name, email: s.email, isD2R: false };
}

/** The `companies` columns a company profile (or signup) form sets. */
export const companyColumns = (p: CompanyProfile) => ({
  name: p.name, email: p.email, phone: p.phone, pan: p.pan.toUpperCase(), gst: p.gst.toUpperCase(), website: p.website,
  poc: p.poc, poc_phone: p.pocPhone, address: JSON.stringify(p.address), warehouse_requirement: p.warehouseRequirement ?? null,
});

/** The `warehouses` columns a warehouse profile (or signup) form sets. */
export const warehouseColumns = (p: WarehouseProfile) => ({
  name: p.name, email: p.email, phone: p.phone, pan: p.pan.toUpperCase(), gst: p.gst.toUpperCase(), website: p.website,
  address: JSON.stringify(p.address),
});

export async function updateCompanyProfile(db: Db, companyId: string, p: CompanyProfile) {
  await db.updateTable('companies').set(companyColumns(p)).where('id', '=', companyId).execute();
}

export async function updateWarehouseProfile(db: Db, warehouseId: string, p: WarehouseProfile) {
  await db.updateTable('warehouses').set(warehouseColumns(p)).where('id', '=', warehouseId).execute();
}
