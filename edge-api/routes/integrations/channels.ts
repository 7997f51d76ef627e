// Store order webhooks (Shopify, WooCommerce): no session; the body's HMAC
// signature under the connection's secret is the proof. Acknowledged once queued.
import { Hono } from 'hono';
import { z } from 'zod';
import { CHANNEL_KINDS, WebhookAckResponse } from '../../../domain/channels';
import { responds } from '../../lib/responds';
import type { AppEnv } from '../../env';
import { receiveStoreWebhook } from '../../integrations/channels/webhooks';
import { v } from '../../lib/validate';

const params = z.object({ kind: z.enum(CHANNEL_KINDS), connectionId: z.string().max(64) });

export const channelWebhookRoutes = new Hono<AppEnv>()
  .post('/integrations/:kind/:connectionId/webhook', responds(WebhookAckResponse), v('param', params), async (c) => {
    const { kind, connectionId } = c.req.valid('param');
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const r = await receiveStoreWebhook(c.var.dbh, c.var.config, kind, connectionId, (name) => c.req.header(name), raw);
    return c.json({ status: r.status === 200, message: r.message }, r.status);
  });
