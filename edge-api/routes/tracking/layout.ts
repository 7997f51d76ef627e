// The seller's tracking layout (part 1 §7 User service):
// GET /ums/profile/get-tracking-layout and PATCH /ums/profile/tracking-layout.
import { Hono } from 'hono';
import {
  imageDimensions,
  LOGO_DIMENSIONS,
  LOGO_REUPLOAD,
  logoFits,
  ONLY_IMAGES,
  readStoredLayout,
  saveTrackingLayoutSchema,
  TrackingLayoutResponse,
  TrackingLayoutSavedResponse,
  type TrackingLogo,
} from '../../../domain/tracking';
import type { Db } from '../../../db/connect';
import type { AppEnv } from '../../env';
import { ApiFailure, notFound } from '../../lib/errors';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { requireRole, requireSession } from '../../middleware/session';
import { readUpload } from '../../services/uploads';

const LAYOUT_PUBLISHED = 'Tracking layout published';
const LAYOUT_RESET = 'Tracking layout reset';

/** The logo must be an upload of this company, and its header must say 400 x 200 or less. */
async function checkLogo(db: Db, dataDir: string, companyId: string, logo: TrackingLogo) {
  const refuse = (message: string) => new ApiFailure(400, message, [{ path: 'trackingLayout.hl', message }]);
  const row = await db.selectFrom('uploads').select(['company_id', 'purpose']).where('key', '=', logo.data).executeTakeFirst();
  if (!row || row.purpose !== 'logo' || row.company_id !== companyId) throw refuse(LOGO_REUPLOAD);
  const bytes = readUpload(dataDir, logo.data);
  if (!bytes) throw refuse(LOGO_REUPLOAD);
  const dims = imageDimensions(bytes);
  if (!dims) throw refuse(ONLY_IMAGES);
  if (!logoFits(dims)) throw refuse(LOGO_DIMENSIONS);
}

export const layoutRoutes = new Hono<AppEnv>()
  .get('/ums/profile/get-tracking-layout', requireRole('seller'), responds(TrackingLayoutResponse), async (c) => {
    const s = requireSession(c);
    const db = c.var.dbh.db;
    const company = await db.selectFrom('companies').select('tracking_layout').where('id', '=', s.companyId ?? '').executeTakeFirst();
    if (!company) throw notFound('Company not found');
    // A recent shipment of the company, so the editor can open the live page.
    const sample = await db
      .selectFrom('orders')
      .select('tracking_number')
      .where('company_id', '=', s.companyId ?? '')
      .where('tracking_number', 'is not', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return c.json({
      status: true as const,
      responseBody: {
        trackingLayout: readStoredLayout(company.tracking_layout),
        isDefault: company.tracking_layout == null,
        sampleAwb: sample?.tracking_number ?? null,
      },
    } satisfies TrackingLayoutResponse);
  })
  .patch('/ums/profile/tracking-layout', requireRole('seller'), responds(TrackingLayoutSavedResponse), v('json', saveTrackingLayoutSchema), async (c) => {
    const s = requireSession(c);
    const db = c.var.dbh.db;
    if (!s.companyId) throw notFound('Company not found');
    const { trackingLayout } = c.req.valid('json');
    if (trackingLayout?.hl) await checkLogo(db, c.var.config.dataDir, s.companyId, trackingLayout.hl);
    await db
      .updateTable('companies')
      .set({ tracking_layout: trackingLayout ? JSON.stringify(trackingLayout) : null })
      .where('id', '=', s.companyId)
      .execute();
    return c.json({ status: true as const, message: trackingLayout ? LAYOUT_PUBLISHED : LAYOUT_RESET } satisfies TrackingLayoutSavedResponse);
  });
