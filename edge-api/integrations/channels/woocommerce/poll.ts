/**
 * WooCommerce's orders modified since a time, a page at a time
 * (GET /wp-json/wc/v3/orders?modified_after=...&dates_are_gmt=true&orderby=modified&order=asc&page=N;
 * X-WP-Total and X-WP-TotalPages say how many; docs/integrations/woocommerce.md).
 */
import type { Logger } from 'pino';
import { fromWoo, wooOrderSchema, type StoreOrder } from '../../../../domain/channels';
import type { HttpClientOptions } from '../../http';
import type { StorePage } from '../shopify/poll';
import { wooRequest, type WooConn } from './client';

const PER_PAGE = 50;

export async function wooOrdersPage(conn: WooConn, since: string, page: string | null, opts: { log?: Logger; client?: Omit<HttpClientOptions, 'partner' | 'log'> }): Promise<StorePage> {
  const n = page ? Number(page) : 1;
  const q = new URLSearchParams({
    // WooCommerce reads the time without a zone; dates_are_gmt says it is UTC.
    modified_after: new Date(since).toISOString().replace(/\.\d{3}Z$/, ''), dates_are_gmt: 'true', orderby: 'modified', order: 'asc',
    per_page: String(PER_PAGE), page: String(n),
  });
  const { data, headers } = await wooRequest<unknown[]>(conn, { method: 'GET', path: `/orders?${q}`, name: 'orders.modified_after', timeoutMs: opts.client?.timeoutMs }, opts.log, opts.client);
  const orders: StoreOrder[] = [];
  const unreadable: string[] = [];
  for (const raw of Array.isArray(data) ? data : []) {
    const parsed = wooOrderSchema.safeParse(raw);
    if (parsed.success) orders.push(fromWoo(parsed.data));
    else unreadable.push(`${String((raw as { id?: unknown })?.id ?? '?').slice(0, 64)}: ${parsed.error.issues[0]!.path.join('.')} ${parsed.error.issues[0]!.message}`);
  }
  const pages = Number(headers.get('x-wp-totalpages') ?? 1);
  const total = headers.get('x-wp-total');
  return { orders, unreadable, next: n < pages ? String(n + 1) : null, total: n === 1 && total !== null ? Number(total) : null };
}
