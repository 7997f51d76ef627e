/**
 * Shopify's GraphQL Admin API at the pinned version (docs/integrations/shopify.md):
 * POST {shop}/admin/api/{version}/graphql.json with X-Shopify-Access-Token.
 * Its cost throttle answers 200 with a THROTTLED error: the shared client's
 * retryDelay hook waits the time the bucket needs to refill.
 */
import type { Logger } from 'pino';
import { SHOPIFY_API_VERSION } from '../../../../domain/channels';
import { createHttpClient, PartnerError, type HttpClientOptions, type OutboundResponse } from '../../http';
import type { z } from 'zod';
import type { shopifySettings, shopifySecrets } from '../../../../domain/channels';
import type { OpenConnection } from '../../connections';

type GraphqlAnswer<T> = {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
  extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: { currentlyAvailable?: number; restoreRate?: number } } };
};

/** ms until the cost bucket holds the query's cost again, when Shopify answered THROTTLED; else null. */
export function shopifyThrottleDelay(res: OutboundResponse): number | null {
  if (res.status !== 200) return null;
  let body: GraphqlAnswer<unknown>;
  try {
    body = res.json<GraphqlAnswer<unknown>>();
  } catch {
    return null;
  }
  if (!body.errors?.some((e) => e.extensions?.code === 'THROTTLED')) return null;
  const cost = body.extensions?.cost;
  const need = (cost?.requestedQueryCost ?? 50) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
  const rate = cost?.throttleStatus?.restoreRate || 50;
  return Math.max(1000, Math.ceil((need / rate) * 1000));
}

export const graphqlUrl = (conn: Pick<OpenConnection, 'baseUrl'>) => `${conn.baseUrl}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;

/** One GraphQL call; a GraphQL error (other than the throttle, which is retried) is thrown with Shopify's message. */
export async function shopifyGraphql<T>(conn: ShopifyConn, query: string, variables: Record<string, unknown>, opts: { log?: Logger; name: string; idempotent: boolean; timeoutMs?: number; client?: PollClientOptions }): Promise<T> {
  const client = createHttpClient({ partner: 'shopify', log: opts.log, retryDelay: shopifyThrottleDelay, ...opts.client });
  const res = await client.request({
    method: 'POST', url: graphqlUrl(conn), name: opts.name, idempotent: opts.idempotent, timeoutMs: opts.timeoutMs,
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': conn.secrets.accessToken },
    body: JSON.stringify({ query, variables }),
  });
  if (res.status === 401 || res.status === 403) throw new PartnerError('shopify', 'http', `Shopify refused the access token (${res.status})`, res.status);
  if (res.status !== 200) throw new PartnerError('shopify', 'http', `Shopify answered ${res.status}`, res.status, res.text().slice(0, 500));
  const body = res.json<GraphqlAnswer<T>>();
  if (body.errors?.length) {
    const throttled = body.errors.some((e) => e.extensions?.code === 'THROTTLED');
    throw new PartnerError('shopify', throttled ? 'throttled' : 'http', `Shopify: ${body.errors.map((e) => e.message).join('; ').slice(0, 300)}`, 200, undefined, throttled ? (shopifyThrottleDelay(res) ?? 1000) : undefined);
  }
  return body.data as T;
}

/** How a poll's calls retry and wait (tests make them short). */
export type PollClientOptions = Pick<HttpClientOptions, 'retries' | 'sleep' | 'maxDelayMs' | 'timeoutMs' | 'baseDelayMs'>;

export type ShopifySettings = z.output<typeof shopifySettings>;
export type ShopifySecrets = z.output<typeof shopifySecrets>;
export type ShopifyConn = OpenConnection<ShopifySettings, ShopifySecrets>;
