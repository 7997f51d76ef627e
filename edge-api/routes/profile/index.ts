import { Hono } from 'hono';
import { companyProfileSchema, ProfileResponse, ProfileSavedResponse, warehouseProfileSchema } from '../../../domain/profile';
import type { AppEnv } from '../../env';
import { ApiFailure } from '../../lib/errors';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { requireRole, requireSession } from '../../middleware/session';
import { loadProfile } from './queries';

export const profileRoutes = new Hono<AppEnv>()
  .get('/', requireRole(), responds(ProfileResponse), async (c) => {
    const s = requireSession(c);
    return c.json({ status: true, profile: await loadProfile(c.var.dbh.db, s) } satisfies ProfileResponse);
  })
  .put('/company', requireRole('seller'), responds(ProfileSavedResponse), v('json', companyProfileSchema), async (c) => {
    const s = requireSession(c);
    const p = c.req.valid('json');
    await c.var.dbh.db.updateTable('companies').set({
      name: p.name, email: p.email, phone: p.phone, pan: p.pan.toUpperCase(), gst: p.gst.toUpperCase(), website: p.website,
      poc: p.poc, poc_phone: p.pocPhone, address: JSON.stringify(p.address), warehouse_requirement: p.warehouseRequirement ?? null,
    }).where('id', '=', s.companyId ?? '').execute();
    return c.json({ status: true, message: 'Profile updated', profile: await loadProfile(c.var.dbh.db, s) } satisfies ProfileSavedResponse);
  })
  .put('/warehouse', requireRole('warehouse'), responds(ProfileSavedResponse), v('json', warehouseProfileSchema), async (c) => {
    const s = requireSession(c);
    if (!s.warehouseId) throw new ApiFailure(404, 'Not found');
    const p = c.req.valid('json');
    await c.var.dbh.db.updateTable('warehouses').set({
      name: p.name, email: p.email, phone: p.phone, pan: p.pan.toUpperCase(), gst: p.gst.toUpperCase(), website: p.website,
      address: JSON.stringify(p.address),
    }).where('id', '=', s.warehouseId).execute();
    return c.json({ status: true, message: 'Profile updated', profile: await loadProfile(c.var.dbh.db, s) } satisfies ProfileSavedResponse);
  });
