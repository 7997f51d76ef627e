/**
 * A store's order webhook, acknowledged fast: the signature (HMAC-SHA256 of the
 * raw body under the connection's secret) is checked before anything is read,
 * then the delivery is recorded as a durable task keyed by the store's
 * delivery id (a replay is the same task) and answered. The import runs in
 * the task worker (tasks.ts), never in the request.
 */
import { createHash } from 'node:crypto';
import type { DbHandle } from '../../../db/connect';
import type { ChannelKind } from '../../../domain/channels';
import type { AppConfig } from '../../env';
import { openConnection } from '../connections';
import { enqueueTask } from '../tasks';
import { verifyHmacSha256 } from '../webhook-signature';

/** What each store sends: its headers, the topics that are orders, and the secret that signs. */
const STORES: Record<ChannelKind, { signature: string; topic: string; delivery: string; topics: readonly string[]; secrets: readonly string[] }> = {
  shopify: {
    signature: 'x-shopify-hmac-sha256', topic: 'x-shopify-topic', delivery: 'x-shopify-webhook-id',
    // The app's client secret signs the app's own subscriptions; webhooks added in the store's
    // Settings > Notifications are signed with the key shown there (kept as webhookSecret when given).
    topics: ['orders/create', 'orders/updated', 'orders/cancelled'], secrets: ['clientSecret', 'webhookSecret'],
  },
  woocommerce: {
    signature: 'x-wc-webhook-signature', topic: 'x-wc-webhook-topic', delivery: 'x-wc-webhook-delivery-id',
    topics: ['order.created', 'order.updated'], secrets: ['webhookSecret'],
  },
};

/** The task kind that imports one store order (its handler is in ./tasks.ts). */
export const orderTaskKind = (kind: ChannelKind) => `${kind}.order`;

export type WebhookOutcome = { status: 200 | 401; message: string; taskId?: string; duplicate?: boolean };

const UUID_RE = /^[0-9a-f-]{36}$/i;

export async function receiveStoreWebhook(
  dbh: DbHandle, config: AppConfig, kind: ChannelKind, connectionId: string, header: (name: string) => string | undefined, raw: Uint8Array,
): Promise<WebhookOutcome> {
  const store = STORES[kind];
  const conn = UUID_RE.test(connectionId) ? await openConnection<unknown, Record<string, string>>(dbh, config, connectionId) : null;
  // An unknown connection and a wrong signature answer alike: nothing tells a caller which connections exist.
  if (!conn || conn.kind !== kind || !store.secrets.some((name) => verifyHmacSha256(conn.secrets[name] ?? '', raw, header(store.signature), 'base64'))) {
    return { status: 401, message: 'Invalid webhook signature' };
  }
  const topic = (header(store.topic) ?? '').slice(0, 64);
  // WooCommerce pings a new webhook's URL once with `webhook_id=N` (form encoded); it only needs a 200.
  if (!store.topics.includes(topic)) return { status: 200, message: topic ? `Topic ${topic} is not imported` : 'Webhook received' };
  if (conn.status !== 'active') return { status: 200, message: 'The connection is paused: nothing imported' };
  const delivery = (header(store.delivery) ?? '').slice(0, 128) || createHash('sha256').update(raw).digest('hex');
  let order: unknown;
  try {
    order = JSON.parse(Buffer.from(raw).toString('utf8'));
  } catch {
    return { status: 200, message: 'The body is not JSON: nothing imported' };
  }
  const t = await enqueueTask(dbh, {
    kind: orderTaskKind(kind), key: `${kind}:webhook:${conn.id}:${delivery}`, companyId: conn.companyId, connectionId: conn.id,
    payload: { topic, order },
  });
  return { status: 200, message: t.created ? 'Queued' : 'Already received', taskId: t.id, duplicate: !t.created };
}
