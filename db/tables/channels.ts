// Store orders and the orders here they became (db/migrations/2026-11-27T0400_channel_orders.ts).
export interface ChannelOrderTable {
  id: string;
  connection_id: string;
  company_id: string;
  store_order_id: string;
  store_order_name: string;
  order_id: string | null;
  store_updated_at: string;
  flag: string | null;
  created_at: string;
  updated_at: string;
}

// Where each store connection's polling stands (db/migrations/2026-11-28T0300_channel_sync.ts).
export interface ChannelSyncTable {
  connection_id: string;
  company_id: string;
  cursor: string | null;
  job_id: string | null;
  last_synced_at: string | null;
  last_result: string | null;
  updated_at: string;
  /** registered | failed | no_public_url (db/migrations/2026-11-29T0500_channel_webhooks.ts) */
  webhooks_state: string | null;
  webhooks_message: string | null;
  webhooks_checked_at: string | null;
}

declare module '../schema' {
  interface Database {
    channel_orders: ChannelOrderTable;
    channel_sync: ChannelSyncTable;
  }
}
