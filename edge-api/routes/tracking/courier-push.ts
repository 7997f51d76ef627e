// A live courier's tracking push (Delhivery scan push, Shiprocket tracking
// webhook): POST /webhooks/courier/{connectionId}. No session: the token the
// seller set at the courier, in the `x-api-key` header, is the proof. The path
// names no courier: Shiprocket refuses webhook URLs that contain its name.
import { Hono } from 'hono';
import { z } from 'zod';
import { WebhookAckResponse } from '../../../domain/channels';
import type { AppEnv } from '../../env';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { receiveCourierPush } from '../../services/tracking/courier-scans';

export const courierPushRoutes = new Hono<AppEnv>().post(
  '/webhooks/courier/:connectionId',
  responds(WebhookAckResponse),
  v('param', z.object({ connectionId: z.string().max(64) })),
  async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const r = await receiveCourierPush(c.var.dbh, c.var.config, c.req.valid('param').connectionId, (name) => c.req.header(name), raw);
    return c.json({ status: r.status === 200, message: r.message }, r.status);
  },
);
