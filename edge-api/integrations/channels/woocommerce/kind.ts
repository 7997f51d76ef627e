/** A WooCommerce store: site URL, REST API consumer key and secret (wc/v3), and the webhook secret. */
import { wooSecrets, wooSettings } from '../../../../domain/channels';
import { defineKind } from '../../connections';
import { wooRequest, type WooSecrets, type WooSettings } from './client';

export type { WooConn, WooSecrets, WooSettings } from './client';


export const woocommerceKind = defineKind<WooSettings, WooSecrets>({
  kind: 'woocommerce',
  title: 'WooCommerce',
  settings: wooSettings,
  secrets: wooSecrets,
  defaultBaseUrl: (s) => s.siteUrl.replace(/\/+$/, ''),
  test: async (conn, { log }) => {
    const { headers } = await wooRequest<unknown[]>(conn, { method: 'GET', path: '/orders?per_page=1', name: 'orders.list', timeoutMs: 10_000 }, log);
    return { ok: true, message: `Connected: the store has ${headers.get('x-wp-total') ?? 'some'} orders` };
  },
});
