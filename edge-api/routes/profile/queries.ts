import type { Db } from '../../../db/connect';
import type { SessionInfo } from '../../env';

/** Profile as part 1 §3 names it, for the session's company, warehouse or admin user. */
export async function loadProfile(db: Db, s: Pick<SessionInfo, 'role' | 'companyId' | 'warehouseId' | 'name' | 'email'>) {
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
