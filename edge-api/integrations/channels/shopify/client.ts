/**
 * Shopify's GraphQL Admin API at the pinned version (docs/integrations/shopify.md):
 * POST {shop}/admin/api/{version}/graphql.json with X-Shopify-Access-Token.
 * Its cost throttle answers 200 with a THROTTLED error: the shared client's
 * retryDelay hook waits the time the bucket needs to refill.
 */
import { createHash } from 'node:crypto';
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

/** Tokens granted to Dev Dashboard apps, by connection, until shortly before they expire (24 hours). */
const TOKENS = new Map<string, { token: string; until: number; of: string }>();
const EARLY_MS = 5 * 60_000;

/**
 * The connection's Admin API token: the one pasted (an admin-created custom
 * app), or one granted for the app's client ID and secret (client credentials
 * grant: POST {shop}/admin/oauth/access_token), kept until shortly before it expires.
 */
export async function accessTokenOf(conn: ShopifyConn, opts: { log?: Logger; client?: PollClientOptions; timeoutMs?: number }): Promise<string> {
  if (conn.secrets.accessToken) return conn.secrets.accessToken;
  const of = createHash('sha256').update(`${conn.secrets.clientId}:${conn.secrets.clientSecret}`).digest('hex');
  const held = TOKENS.get(conn.id);
  if (held && held.of === of && held.until > Date.now()) return held.token;
  const client = createHttpClient({ partner: 'shopify', log: opts.log, ...opts.client });
  const res = await client.request({
    method: 'POST', url: `${conn.baseUrl}/admin/oauth/access_token`, name: 'oauth.client_credentials', idempotent: true, timeoutMs: opts.timeoutMs,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: conn.secrets.clientId ?? '', client_secret: conn.secrets.clientSecret }).toString(),
  });
  let answer: { access_token?: string; expires_in?: number } = {};
  try {
    answer = res.json();
  } catch { /* not JSON: refused below */ }
  if (res.status !== 200 || !answer.access_token) throw new PartnerError('shopify', 'http', `Shopify refused the app's client ID and secret (${res.status})`, res.status);
  const ttl = (answer.expires_in ?? 86_399) * 1000;
  TOKENS.set(conn.id, { token: answer.access_token, until: Date.now() + Math.max(ttl - EARLY_MS, ttl / 2), of });
  return answer.access_token;
}

export const graphqlUrl = (conn: Pick<OpenConnection, 'baseUrl'>) => `${conn.baseUrl}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;

/** One GraphQL call; a GraphQL error (other than the throttle, which is retried) is thrown with Shopify's message. */
export async function shopifyGraphql<T>(conn: ShopifyConn, query: string, variables: Record<string, unknown>, opts: { log?: Logger; name: string; idempotent: boolean; timeoutMs?: number; client?: PollClientOptions }): Promise<T> {
  const client = createHttpClient({ partner: 'shopify', log: opts.log, retryDelay: shopifyThrottleDelay, ...opts.client });
  const token = await accessTokenOf(conn, opts);
  const res = await client.request({
    method: 'POST', url: graphqlUrl(conn), name: opts.name, idempotent: opts.idempotent, timeoutMs: opts.timeoutMs,
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify({ query, variables }),
  });
  if (res.status === 401 || res.status === 403) {
    TOKENS.delete(conn.id); // a granted token Shopify no longer takes: the next call asks for a new one
    throw new PartnerError('shopify', 'http', `Shopify refused the access token (${res.status})`, res.status);
  }
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
