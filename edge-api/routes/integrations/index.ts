// A company's partner connections (stores, couriers, GST portals) and the
// partner work it waits on. Credentials go in and never come out.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  ConnectionCreateInput, ConnectionListResponse, ConnectionResponse, ConnectionTestResponse, ConnectionUpdateInput, TASK_STATUSES, TaskListResponse, TaskResponse,
} from '../../../domain/integrations';
import { MessageResponse } from '../../../domain/api';
import { CHANNEL_KINDS, ChannelSyncInput, ChannelSyncResponse } from '../../../domain/channels';
import { CourierPickupResponse, courierPickupSchema } from '../../../domain/carriers';
import type { AppEnv } from '../../env';
import { createConnection, deleteConnection, listConnections, testConnection, updateConnection } from '../../integrations/connections';
import { registerStoreWebhooks } from '../../integrations/channels/subscriptions';
import { channelSyncState, startChannelSync } from '../../integrations/channels/sync';
import { CONNECTION_KINDS } from '../../integrations/kinds';
import { listTasks, retryTask } from '../../integrations/tasks';
import { requestCourierPickup } from '../../services/carriers/pickup';
import { responds } from '../../lib/responds';
import { idParam, serviceActor } from '../../lib/route-actor';
import { v } from '../../lib/validate';

const csv = <T extends string>(values: readonly [T, ...T[]]) =>
  z.string().max(200).optional().transform((s, ctx) => {
    if (!s) return null;
    const parts = s.split(',').map((p) => p.trim()).filter(Boolean);
    const bad = parts.find((p) => !(values as readonly string[]).includes(p));
    if (bad) ctx.addIssue({ code: 'custom', message: `Unknown value ${bad.slice(0, 32)}` });
    return parts as T[];
  });
const kindList = z.string().max(200).optional().transform((s) => (s ? s.split(',').map((p) => p.trim()).filter(Boolean) : null));

export const integrationsRoutes = new Hono<AppEnv>()
  .get('/integrations/connections', responds(ConnectionListResponse), v('query', z.object({ kind: kindList })), async (c) => {
    const connections = await listConnections(c.var.dbh, c.var.config, serviceActor(c), c.req.valid('query').kind);
    return c.json({ status: true as const, connections } satisfies ConnectionListResponse);
  })
  .post('/integrations/connections', responds(ConnectionResponse, 201), v('json', ConnectionCreateInput), async (c) => {
    const connection = await createConnection(c.var.dbh, c.var.config, CONNECTION_KINDS, serviceActor(c), c.req.valid('json'));
    // A new store's first sync reads its last days of orders (the backfill); Settings > Channels shows its progress.
    if ((CHANNEL_KINDS as readonly string[]).includes(connection.kind)) {
      await startChannelSync(c.var.dbh, c.var.config, serviceActor(c), connection.id);
      await registerStoreWebhooks(c.var.dbh, c.var.config, c.var.log, connection.id);
    }
    return c.json({ status: true as const, connection } satisfies ConnectionResponse, 201);
  })
  .patch('/integrations/connections/:id', responds(ConnectionResponse), v('param', idParam), v('json', ConnectionUpdateInput), async (c) => {
    const connection = await updateConnection(c.var.dbh, c.var.config, CONNECTION_KINDS, serviceActor(c), c.req.valid('param').id, c.req.valid('json'));
    await registerStoreWebhooks(c.var.dbh, c.var.config, c.var.log, connection.id); // a store's webhooks, with its new settings (others: nothing)
    return c.json({ status: true as const, connection } satisfies ConnectionResponse);
  })
  .delete('/integrations/connections/:id', responds(MessageResponse), v('param', idParam), async (c) => {
    await deleteConnection(c.var.dbh, serviceActor(c), c.req.valid('param').id);
    return c.json({ status: true as const, message: 'Connection removed' } satisfies MessageResponse);
  })
  /** A pickup asked of a live courier account for one warehouse's waiting parcels; the courier's answer in words. */
  .post('/integrations/connections/:id/pickup', responds(CourierPickupResponse), v('param', idParam), v('json', courierPickupSchema), async (c) => {
    const r = await requestCourierPickup(c.var.dbh, c.var.config, c.var.log, serviceActor(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ status: true as const, ...r } satisfies CourierPickupResponse);
  })
  .post('/integrations/connections/:id/test', responds(ConnectionTestResponse), v('param', idParam), async (c) => {
    const r = await testConnection(c.var.dbh, c.var.config, CONNECTION_KINDS, c.var.log, serviceActor(c), c.req.valid('param').id);
    // A store whose credentials work gets its webhooks (made once; Settings > Channels shows the outcome).
    if (r.ok) await registerStoreWebhooks(c.var.dbh, c.var.config, c.var.log, r.connection.id);
    return c.json({ status: true as const, ...r } satisfies ConnectionTestResponse);
  })
  .get('/integrations/connections/:id/sync', responds(ChannelSyncResponse), v('param', idParam), async (c) => {
    const sync = await channelSyncState(c.var.dbh, c.var.config, serviceActor(c), c.req.valid('param').id);
    return c.json({ status: true as const, sync } satisfies ChannelSyncResponse);
  })
  .post('/integrations/connections/:id/sync', responds(ChannelSyncResponse, 202), v('param', idParam), v('json', ChannelSyncInput), async (c) => {
    const id = c.req.valid('param').id;
    await startChannelSync(c.var.dbh, c.var.config, serviceActor(c), id, c.req.valid('json'));
    const sync = await channelSyncState(c.var.dbh, c.var.config, serviceActor(c), id);
    return c.json({ status: true as const, sync } satisfies ChannelSyncResponse, 202);
  })
  .get('/integrations/tasks', responds(TaskListResponse), v('query', z.object({ status: csv(TASK_STATUSES), kind: kindList })), async (c) => {
    const q = c.req.valid('query');
    const tasks = await listTasks(c.var.dbh, serviceActor(c), q.status ?? ['pending', 'running', 'failed'], q.kind);
    return c.json({ status: true as const, tasks } satisfies TaskListResponse);
  })
  .post('/integrations/tasks/:id/retry', responds(TaskResponse), v('param', idParam), async (c) => {
    const task = await retryTask(c.var.dbh, serviceActor(c), c.req.valid('param').id);
    return c.json({ status: true as const, task } satisfies TaskResponse);
  });
