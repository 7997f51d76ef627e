import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// channel_sync: where each store connection's polling stands. `cursor` is the
// store's update time of the newest order read (the next poll asks for orders
// updated since it); `job_id` the sync job running or last run (its progress is
// GET /api/jobs/:id); `last_synced_at` and `last_result` what the last finished
// sync said, for Settings > Channels.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('channel_sync')
    .addColumn('connection_id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('cursor', 'text')
    .addColumn('job_id', 'text')
    .addColumn('last_synced_at', 'text')
    .addColumn('last_result', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('channel_sync').execute();
}
