import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { actionRoutes } from './actions';
import { bulkRoutes } from './bulk';
import { listRoutes } from './list';

/** The orders workspace: list and counts, one order and its actions, bulk actions. */
export const ordersRoutes = new Hono<AppEnv>().route('/', listRoutes).route('/', actionRoutes).route('/', bulkRoutes);
