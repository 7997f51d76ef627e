/**
 * Enforces the role matrix (edge-api/lib/role-matrix.ts) on every API request,
 * before the handler: the route Hono matched is looked up in the matrix; a
 * public route goes on, any other needs a session (401) whose role the matrix
 * lists for it (403). A route missing from the matrix is refused to everyone.
 */
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../env';
import { ApiFailure } from '../lib/errors';
import { accessOf, openApiPath, PUBLIC, type Access } from '../lib/role-matrix';
import { NOT_ALLOWED } from '../../domain/messages';
import { requireSession } from './session';


/** The matrix's answer per matched route (`METHOD /hono/:path`), looked up once. */
const byRoute = new Map<string, Access | null>();

function accessOfRoute(method: string, path: string): Access | null {
  const key = `${method} ${path}`;
  let access = byRoute.get(key);
  if (access === undefined) {
    access = accessOf(method, openApiPath(path))?.access ?? null;
    byRoute.set(key, access);
  }
  return access;
}

/** Throws 401/403 unless the matrix lets this request's caller call the route it matched. */
export function checkRoles(c: Context<AppEnv>): void {
  // The route that answers: the first matched with a method (app.use and the /api/* catch-all are ALL).
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL');
  // No route: the catch-all answers 404, but under a group of the matrix ('/api/admin/*') only to those the group admits.
  const access = route ? accessOfRoute(route.method, route.path) : (accessOf(c.req.method, c.req.path)?.access ?? PUBLIC);
  if (access === PUBLIC) return;
  const s = requireSession(c);
  // allowedRoles: which roles the matrix gives the route (docs/ROLES.md says as much), so a refusal by role reads apart from a refusal by the row's state.
  if (!access?.includes(s.role)) throw new ApiFailure(403, NOT_ALLOWED, undefined, { allowedRoles: access ?? [] });
}
