/**
 * The store's order webhooks registered by ShipDesk when a store connection is
 * saved or its test succeeds, pointing at this server's webhook route
 * (PUBLIC_URL + /api/integrations/{kind}/{id}/webhook). Each store's API is
 * asked for its existing webhooks first, so saving twice makes nothing twice.
 * Without a public https address nothing is asked of the store: the connection
 * says so instead. What happened is kept with the connection's sync state and
 * shown on its card in Settings > Channels.
 */
import type { Logger } from 'pino';
import type { DbHandle } from '../../../db/connect';
import { saveWebhookState } from '../../../db/channels/sync';
import { CHANNEL_KINDS, noPublicUrlMessage, type ChannelKind, type WebhookRegistration } from '../../../domain/channels';
import { nowIso } from '../../../domain/ids';
import type { AppConfig } from '../../env';
import { openConnection } from '../connections';
import type { PollClientOptions, ShopifyConn } from './shopify/client';
import { ensureShopifyWebhooks } from './shopify/subscriptions';
import type { WooConn } from './woocommerce/client';
import { ensureWooWebhooks } from './woocommerce/subscriptions';

/** The URL a store posts a connection's order webhooks to. */
export const storeWebhookUrl = (publicUrl: string, kind: ChannelKind, connectionId: string) =>
  `${publicUrl.replace(/\/+$/, '')}/api/integrations/${kind}/${connectionId}/webhook`;

/** A topic as the seller reads it (Shopify's ORDERS_CREATE is orders/create). */
const topicName = (kind: ChannelKind, topic: string) => (kind === 'shopify' ? topic.toLowerCase().replace('_', '/') : topic);

/** A save or a test waits for this: one retry, short waits (a store that does not answer is said so on the card). */
const IN_REQUEST: PollClientOptions = { retries: 1, maxDelayMs: 2_000, timeoutMs: 10_000 };

/** Registers the connection's webhooks at its store (when it is a real store); null for any other connection. */
export async function registerStoreWebhooks(dbh: DbHandle, config: AppConfig, log: Logger, connectionId: string, client: PollClientOptions = IN_REQUEST): Promise<WebhookRegistration | null> {
  const conn = await openConnection<unknown, Record<string, string>>(dbh, config, connectionId);
  if (!conn || conn.demo || !(CHANNEL_KINDS as readonly string[]).includes(conn.kind)) return null;
  const kind = conn.kind as ChannelKind;
  let result: Omit<WebhookRegistration, 'checkedAt'>;
  if (!/^https:\/\/[^/]/i.test(config.publicUrl)) result = { state: 'no_public_url', message: noPublicUrlMessage(config.publicUrl) };
  else {
    const url = storeWebhookUrl(config.publicUrl, kind, conn.id);
    try {
      const r = kind === 'shopify'
        ? await ensureShopifyWebhooks(conn as unknown as ShopifyConn, url, { log, client })
        : await ensureWooWebhooks(conn as unknown as WooConn, url, { log, timeoutMs: client.timeoutMs });
      const all = [...r.existing, ...r.created].map((t) => topicName(kind, t));
      const news = r.created.length ? `${r.created.length} added now` : 'all already there';
      result = { state: 'registered', message: `Webhooks registered at the store: ${all.join(', ')} (${news})` };
    } catch (err) {
      result = { state: 'failed', message: `Webhooks not registered: ${(err as Error).message}`.slice(0, 500) };
    }
  }
  const registration = { ...result, checkedAt: nowIso() };
  await saveWebhookState(dbh.db, conn.id, conn.companyId, registration);
  return registration;
}
