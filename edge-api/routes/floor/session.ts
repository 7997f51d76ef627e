// The request's database and session as the floor's use cases take them.
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { requireSession } from '../../middleware/session';
import { floorCtx, readScope } from '../../services/floor/context';

/** The floor scope of the session (every company linked to a warehouse user's warehouse). */
export const floorScopeOf = async (c: Context<AppEnv>) => (await floorCtx(c.var.dbh, requireSession(c), 'user')).scope;

/** For reads: the companies the session works on now, narrowed to `requested`. */
export const readScopeOf = (c: Context<AppEnv>, requested?: string[]) => readScope(c.var.dbh, requireSession(c), requested);
