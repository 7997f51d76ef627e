import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { layoutRoutes } from './layout';
import { publicTrackingRoutes } from './public';
import { webhookRoutes } from './webhooks';

/**
 * Public tracking, the seller's tracking layout, and carrier status events.
 * Routes of this area use the spec's full paths (mounted at /api).
 */
export const trackingRoutes = new Hono<AppEnv>()
  .route('/', publicTrackingRoutes)
  .route('/', layoutRoutes)
  .route('/', webhookRoutes);
