import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// channel_sync gains where the store's webhooks stand: `webhooks_state`
// (registered, failed, no_public_url), what the store or the server said in
// `webhooks_message`, and when (`webhooks_checked_at`), for Settings > Channels.
const COLUMNS = ['webhooks_state', 'webhooks_message', 'webhooks_checked_at'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const name of COLUMNS) await db.schema.alterTable('channel_sync').addColumn(name, 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of COLUMNS) await db.schema.alterTable('channel_sync').dropColumn(name).execute();
}
