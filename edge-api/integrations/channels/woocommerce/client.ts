/**
 * WooCommerce REST API v3 (docs/integrations/woocommerce.md): {site}/wp-json/wc/v3/...
 * with the consumer key and secret as HTTP Basic auth (over HTTPS).
 */
import type { Logger } from 'pino';
import { createHttpClient, PartnerError, type HttpClientOptions, type OutboundRequest } from '../../http';
import type { z } from 'zod';
import type { wooSettings, wooSecrets } from '../../../../domain/channels';
import type { OpenConnection } from '../../connections';

export const wooUrl = (conn: Pick<WooConn, 'baseUrl'>, path: string) => `${conn.baseUrl}/wp-json/wc/v3${path}`;

/** One call; a non-2xx answer is thrown with WooCommerce's own message ({code, message, data.status}). */
export async function wooRequest<T>(conn: WooConn, req: Omit<OutboundRequest, 'url' | 'headers'> & { path: string }, log?: Logger, clientOpts?: Omit<HttpClientOptions, 'partner' | 'log'>): Promise<{ data: T; headers: Headers }> {
  const client = createHttpClient({ partner: 'woocommerce', log, ...clientOpts });
  const auth = Buffer.from(`${conn.secrets.consumerKey}:${conn.secrets.consumerSecret}`).toString('base64');
  const res = await client.request({
    ...req, url: wooUrl(conn, req.path),
    headers: { authorization: `Basic ${auth}`, accept: 'application/json', ...(req.body ? { 'content-type': 'application/json' } : {}) },
  });
  if (res.status >= 200 && res.status < 300) return { data: res.json<T>(), headers: res.headers };
  let message = res.text().slice(0, 300);
  try {
    message = res.json<{ message?: string }>().message ?? message;
  } catch { /* not JSON: the text as it came */ }
  throw new PartnerError('woocommerce', 'http', `WooCommerce answered ${res.status}: ${message}`, res.status);
}

export type WooSettings = z.output<typeof wooSettings>;
export type WooSecrets = z.output<typeof wooSecrets>;
export type WooConn = OpenConnection<WooSettings, WooSecrets>;
