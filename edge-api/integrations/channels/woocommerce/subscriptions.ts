/**
 * WooCommerce's order webhooks made by ShipDesk (docs/integrations/woocommerce.md, "Webhooks made by
 * ShipDesk"): the store's webhooks are listed first (GET /webhooks); one of our topics to this delivery
 * URL is brought up to date (PUT: active, the connection's webhook secret, since WooCommerce never shows
 * a secret back), a missing one is created (POST /webhooks).
 */
import type { Logger } from 'pino';
import { WEBHOOK_TOPICS } from '../../../../domain/channels';
import { wooRequest, type WooConn } from './client';

type WooWebhook = { id: number; topic: string; delivery_url: string; status: string };

export async function ensureWooWebhooks(conn: WooConn, deliveryUrl: string, opts: { log?: Logger; timeoutMs?: number } = {}) {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const { data } = await wooRequest<WooWebhook[]>(conn, { method: 'GET', path: '/webhooks?per_page=100', name: 'webhooks.list', timeoutMs }, opts.log, { retries: 1 });
  const mine = (Array.isArray(data) ? data : []).filter((w) => w.delivery_url === deliveryUrl);
  const created: string[] = [];
  const existing: string[] = [];
  for (const topic of WEBHOOK_TOPICS.woocommerce) {
    const found = mine.find((w) => w.topic === topic);
    if (found) {
      await wooRequest(conn, {
        method: 'PUT', path: `/webhooks/${found.id}`, name: 'webhooks.update', idempotent: true, timeoutMs,
        body: JSON.stringify({ status: 'active', secret: conn.secrets.webhookSecret }),
      }, opts.log, { retries: 1 });
      existing.push(topic);
      continue;
    }
    await wooRequest(conn, {
      method: 'POST', path: '/webhooks', name: 'webhooks.create', idempotent: false, timeoutMs,
      body: JSON.stringify({ name: `ShipDesk ${topic}`, topic, delivery_url: deliveryUrl, secret: conn.secrets.webhookSecret, status: 'active' }),
    }, opts.log, { retries: 1 });
    created.push(topic);
  }
  return { created, existing };
}
