// The seller's tracking layout (part 1 §7 User service):
// GET /ums/profile/get-tracking-layout and PATCH /ums/profile/tracking-layout.
// Routes parse, call the use case (edge-api/services/tracking/layout.ts) and respond.
import { Hono } from 'hono';
import { saveTrackingLayoutSchema, TrackingLayoutResponse, TrackingLayoutSavedResponse } from '../../../domain/tracking';
import type { AppEnv } from '../../env';
import { filesOf } from '../../lib/files';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { requireSession } from '../../middleware/session';
import { getTrackingLayout, saveTrackingLayout } from '../../services/tracking/layout';

export const layoutRoutes = new Hono<AppEnv>()
  .get('/ums/profile/get-tracking-layout', responds(TrackingLayoutResponse), async (c) => {
    const responseBody = await getTrackingLayout(c.var.dbh.db, requireSession(c));
    return c.json({ status: true as const, responseBody } satisfies TrackingLayoutResponse);
  })
  .patch('/ums/profile/tracking-layout', responds(TrackingLayoutSavedResponse), v('json', saveTrackingLayoutSchema), async (c) => {
    const { message } = await saveTrackingLayout(c.var.dbh.db, filesOf(c.var.dbh, c.var.config), requireSession(c), c.req.valid('json'));
    return c.json({ status: true as const, message } satisfies TrackingLayoutSavedResponse);
  });
