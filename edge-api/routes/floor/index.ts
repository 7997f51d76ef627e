import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { inventoryRoutes } from './inventory';
import { packingRoutes } from './packing';
import { returnsRoutes } from './returns';
import { syncRoutes } from './sync';

/**
 * Routes of this area use the spec's full paths (mounted at /api): offline
 * sync, packing, return approval, inventory.
 */
export const floorRoutes = new Hono<AppEnv>()
  .route('/', syncRoutes)
  .route('/', packingRoutes)
  .route('/', returnsRoutes)
  .route('/', inventoryRoutes);
