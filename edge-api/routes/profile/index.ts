import { Hono } from 'hono';
import { companyProfileSchema, ProfileResponse, ProfileSavedResponse, warehouseProfileSchema } from '../../../domain/profile';
import type { AppEnv } from '../../env';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { requireSession } from '../../middleware/session';
import { getProfile, saveCompanyProfile, saveWarehouseProfile } from '../../services/profile';

export const profileRoutes = new Hono<AppEnv>()
  .get('/', responds(ProfileResponse), async (c) => {
    return c.json({ status: true, profile: await getProfile(c.var.dbh, requireSession(c)) } satisfies ProfileResponse);
  })
  .put('/company', responds(ProfileSavedResponse), v('json', companyProfileSchema), async (c) => {
    const profile = await saveCompanyProfile(c.var.dbh, requireSession(c), c.req.valid('json'));
    return c.json({ status: true, message: 'Profile updated', profile } satisfies ProfileSavedResponse);
  })
  .put('/warehouse', responds(ProfileSavedResponse), v('json', warehouseProfileSchema), async (c) => {
    const profile = await saveWarehouseProfile(c.var.dbh, requireSession(c), c.req.valid('json'));
    return c.json({ status: true, message: 'Profile updated', profile } satisfies ProfileSavedResponse);
  });
