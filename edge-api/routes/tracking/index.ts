import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { courierPushRoutes } from './courier-push';
import { layoutRoutes } from './layout';
import { problemOrderRoutes } from './problem-orders';
import { publicTrackingRoutes } from './public';
import { webhookRoutes } from './webhooks';

export { publicLookup } from './public';

/**
 * Public tracking, the seller's tracking layout, and carrier status events.
 * Routes of this area use the spec's full paths (mounted at /api). The public
 * lookup GET /order/{awb} is `publicLookup`, which app.ts mounts on its
 * own, ahead of the session middleware.
 */
export const trackingRoutes = new Hono<AppEnv>()
  .route('/', publicTrackingRoutes)
  .route('/', layoutRoutes)
  .route('/', webhookRoutes)
  .route('/', courierPushRoutes)
  .route('/', problemOrderRoutes);
