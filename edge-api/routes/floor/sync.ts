// POST /api/sync/push and /api/sync/pull: the offline protocol over HTTP.
import { Hono, type Context } from 'hono';
import { pullRequestSchema, pullResponseSchema, pushRequestSchema, pushResponseSchema, SYNC_SCHEMA_VERSION, type PushResponse } from '../../../sync/protocol';
import { applyPull, applyPush } from '../../../sync/server/apply';
import { pullResponseJson } from '../../../sync/server/json-text';
import type { AppEnv } from '../../env';
import { ApiFailure } from '../../lib/errors';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { requireSession } from '../../middleware/session';
import { floorCtx, floorStore } from '../../services/floor/context';
import { floorHandlers } from '../../services/floor/handlers';

export const FOREIGN_DEVICE = 'This device is registered to another user. Sign out and sign in again.';

/** The store of this request, after checking the session owns the client id (bound on first use). */
async function ownedStore(c: Context<AppEnv>, clientId: string) {
  const s = requireSession(c);
  const store = floorStore(c.get('dbh'), s, clientId);
  if (!(await store.bindClient(clientId, s.userId))) throw new ApiFailure(403, FOREIGN_DEVICE);
  return store;
}

export const syncRoutes = new Hono<AppEnv>()
  .post('/sync/push', responds(pushResponseSchema), v('json', pushRequestSchema), async (c) => {
    const body = c.req.valid('json');
    if (body.schemaVersion !== SYNC_SCHEMA_VERSION) {
      throw new ApiFailure(409, `This app is out of date (sync version ${body.schemaVersion}, server ${SYNC_SCHEMA_VERSION}). Reload to update it; nothing waiting is lost.`);
    }
    const store = await ownedStore(c, body.clientId);
    const { response, stop } = await applyPush(store, body, floorHandlers, await floorCtx(c.get('dbh'), requireSession(c), 'sync'));
    if (stop?.kind === 'error') c.var.log.error({ err: stop.error, clientId: body.clientId, seq: stop.seq }, 'sync push stopped by a fault; the device will retry');
    return c.json(response satisfies PushResponse);
  })
  .post('/sync/pull', responds(pullResponseSchema), v('json', pullRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const store = await ownedStore(c, body.clientId);
    const { scope } = await floorCtx(c.get('dbh'), requireSession(c), 'sync');
    const companyIds = scope.companies === null ? body.scope.companyIds : body.scope.companyIds.filter((id) => scope.companies!.includes(id));
    const res = await applyPull(store.snapshot(), { ...body, scope: { companyIds } });
    // The same JSON as c.json(res) (a PullResponse: tests/api/responses.test.ts parses it with pullResponseSchema), with the order documents SQLite serialized written as they are.
    return c.body(pullResponseJson(res), 200, { 'content-type': 'application/json; charset=UTF-8' });
  });
