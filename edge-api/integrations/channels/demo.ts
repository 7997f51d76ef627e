/**
 * The demo's store connection (`npm start` on a first run): a Shopify shop that
 * does not exist, marked demo so Settings > Channels says so. Its "Test
 * connection" fails (no such shop); its webhook URL takes signed test orders.
 */
import type { DbHandle } from '../../../db/connect';
import type { AppConfig } from '../../env';
import { createConnection } from '../connections';
import { CONNECTION_KINDS } from '../kinds';

export const DEMO_SHOPIFY = { shopDomain: 'shipdesk-demo.myshopify.com', clientSecret: 'demo-client-secret-not-a-real-store' };

export async function seedDemoChannel(dbh: DbHandle, config: AppConfig, companyId: string) {
  return createConnection(dbh, config, CONNECTION_KINDS, { id: null, name: 'Demo', role: 'admin', scope: null }, {
    kind: 'shopify', label: 'Demo Shopify store', companyId,
    settings: { shopDomain: DEMO_SHOPIFY.shopDomain }, secrets: { accessToken: 'shpat_demo_not_a_real_token', clientSecret: DEMO_SHOPIFY.clientSecret },
  }, { demo: true });
}
