// What the routes of one order share: its path, the path parameter, and the
// session as the acting user a use case takes (edge-api/services/audit/actor.ts).
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { companyScope, requireSession } from '../middleware/session';
import type { ServiceActor } from '../services/audit/actor';

/** One order's path: ids are UUIDs; the pattern keeps these routes off other areas' /orders/<word> paths. */
export const ORDER_PATH = '/orders/:id{[0-9a-fA-F-]+}';
/** A row id in the path. */
export const idParam = z.object({ id: z.string().min(1).max(64) });

/** The signed-in user as the acting user of a use case (scope null = all companies). */
export function serviceActor(c: Context<AppEnv>): ServiceActor {
  const s = requireSession(c);
  return { id: s.userId, name: s.name, role: s.role, scope: companyScope(c) };
}
