/** A Shopify store: shop domain, Admin API access token, the app's client secret (webhook HMAC). */
import { SHOP_DOMAIN_INVALID, SHOP_DOMAIN_RE, shopifySecrets, shopifySettings } from '../../../../domain/channels';
import { defineKind } from '../../connections';
import { shopifyGraphql, type ShopifySecrets, type ShopifySettings } from './client';

export type { ShopifyConn, ShopifySecrets, ShopifySettings } from './client';


export const shopifyKind = defineKind<ShopifySettings, ShopifySecrets>({
  kind: 'shopify',
  title: 'Shopify',
  settings: shopifySettings,
  secrets: shopifySecrets,
  defaultBaseUrl: (s) => `https://${s.shopDomain}`,
  baseUrlProblem: (url) => {
    const host = new URL(url).hostname;
    // A test or demo server (127.0.0.1) stands in for the shop; any other host must be the shop itself.
    return host === '127.0.0.1' || SHOP_DOMAIN_RE.test(host) ? null : SHOP_DOMAIN_INVALID;
  },
  test: async (conn, { log }) => {
    const data = await shopifyGraphql<{ shop: { name: string; myshopifyDomain: string } }>(conn, '{ shop { name myshopifyDomain } }', {}, { log, name: 'shop', idempotent: true, timeoutMs: 10_000 });
    return { ok: true, message: `Connected to ${data.shop.name} (${data.shop.myshopifyDomain})` };
  },
});
