// The install's own secrets, for admins: each courier's webhook address and secret (made per install by `npm run setup`).
import { Hono } from 'hono';
import { z } from 'zod';
import { WebhookSecretRotatedResponse, WebhookSecretsResponse } from '../../../domain/tracking';
import type { AppEnv } from '../../env';
import { notFound } from '../../lib/errors';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { listWebhookSecrets, rotateWebhookSecret } from '../../services/install/production';

export const installRoutes = new Hono<AppEnv>()
  .get('/admin/webhook-secrets', responds(WebhookSecretsResponse), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ status: true, webhooks: await listWebhookSecrets(c.var.dbh, c.var.config.publicUrl) } satisfies WebhookSecretsResponse);
  })
  .post('/admin/webhook-secrets/:code/rotate', responds(WebhookSecretRotatedResponse), v('param', z.object({ code: z.string().min(1).max(40) })), async (c) => {
    const secret = await rotateWebhookSecret(c.var.dbh, c.req.valid('param').code);
    if (!secret) throw notFound('Unknown delivery partner');
    c.header('cache-control', 'no-store');
    return c.json({ status: true, code: c.req.valid('param').code, secret } satisfies WebhookSecretRotatedResponse);
  });
