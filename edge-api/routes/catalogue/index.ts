import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { catalogueItemRoutes } from './items';
import { lookupRoutes } from './lookups';
import { manualOrderRoutes } from './manual-orders';
import { retailerRoutes } from './retailers';

/**
 * Catalogue, manual orders, retailers, pincodes and salesmen. Routes use the
 * spec's full paths (mounted at /api).
 */
export const catalogueRoutes = new Hono<AppEnv>()
  .route('/', catalogueItemRoutes)
  .route('/', manualOrderRoutes)
  .route('/', retailerRoutes)
  .route('/', lookupRoutes);
