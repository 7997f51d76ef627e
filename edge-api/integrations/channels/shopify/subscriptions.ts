/**
 * Shopify's order webhooks made by ShipDesk (docs/integrations/shopify.md, "Webhook subscriptions"):
 * the app's subscriptions of the order topics are listed first (webhookSubscriptions), and only a topic
 * without one to this callback URL is created (webhookSubscriptionCreate, format JSON). They are
 * signed with the app's client secret, which the connection holds.
 */
import type { Logger } from 'pino';
import { WEBHOOK_TOPICS } from '../../../../domain/channels';
import { PartnerError } from '../../http';
import { shopifyGraphql, type PollClientOptions, type ShopifyConn } from './client';

const LIST = `query WebhookSubscriptions($topics: [WebhookSubscriptionTopic!]) {
  webhookSubscriptions(first: 50, topics: $topics) {
    nodes { id topic endpoint { __typename ... on WebhookHttpEndpoint { callbackUrl } } }
  }
}`;

const CREATE = `mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id topic }
    userErrors { field message }
  }
}`;

type Listed = { webhookSubscriptions: { nodes: { id: string; topic: string; endpoint: { __typename: string; callbackUrl?: string } | null }[] } };
type Created = { webhookSubscriptionCreate: { webhookSubscription: { id: string } | null; userErrors: { field: string[] | null; message: string }[] } };

/** Makes the missing subscriptions; answers the topics created and those already there. */
export async function ensureShopifyWebhooks(conn: ShopifyConn, callbackUrl: string, opts: { log?: Logger; client?: PollClientOptions } = {}) {
  const call = { log: opts.log, client: opts.client, timeoutMs: opts.client?.timeoutMs ?? 10_000 };
  const listed = await shopifyGraphql<Listed>(conn, LIST, { topics: [...WEBHOOK_TOPICS.shopify] }, { ...call, name: 'webhookSubscriptions', idempotent: true });
  const there = new Set(listed.webhookSubscriptions.nodes.filter((n) => n.endpoint?.callbackUrl === callbackUrl).map((n) => n.topic));
  const created: string[] = [];
  for (const topic of WEBHOOK_TOPICS.shopify) {
    if (there.has(topic)) continue;
    // Not retried on a timeout (it may have been made): the next save or test lists again first.
    const r = await shopifyGraphql<Created>(conn, CREATE, { topic, webhookSubscription: { callbackUrl, format: 'JSON' } }, { ...call, name: 'webhookSubscriptionCreate', idempotent: false });
    const errors = r.webhookSubscriptionCreate.userErrors;
    if (errors.length || !r.webhookSubscriptionCreate.webhookSubscription) {
      throw new PartnerError('shopify', 'http', `Shopify refused the ${topic} webhook: ${errors.map((e) => e.message).join('; ').slice(0, 300)}`, 200);
    }
    created.push(topic);
  }
  return { created, existing: [...there] };
}
