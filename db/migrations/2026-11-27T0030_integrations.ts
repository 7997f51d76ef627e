import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// Partners outside (stores, couriers, GST portals) share two tables:
// - integration_connections: one account of one company at one partner (a
//   Shopify shop, a Delhivery account, a GSTIN's IRP login): its base URL
//   (production or sandbox), settings that are not secret (JSON), and its
//   credentials sealed with ENCRYPTION_KEY (JSON, AES-256-GCM).
// - integration_tasks: durable work for a partner, in and out: an inbound
//   webhook to process, an outbound effect to make (a booking, a write-back, an
//   IRN). `key` is unique: the partner's delivery id of a webhook, or the
//   idempotency key of an effect, recorded before the call is made, so a replay
//   or a retry never does the work twice. `subject_type`/`subject_id` name what
//   the task is about (an order) so its failures can be shown there.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('integration_connections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('secrets', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_checked_at', 'text')
    .addColumn('last_result', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('integration_connections_company_kind').on('integration_connections').columns(['company_id', 'kind']).execute();

  await db.schema
    .createTable('integration_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text')
    .addColumn('connection_id', 'text')
    .addColumn('subject_type', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('result', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('integration_tasks_due').on('integration_tasks').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('integration_tasks_subject').on('integration_tasks').columns(['subject_type', 'subject_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('integration_tasks').execute();
  await db.schema.dropTable('integration_connections').execute();
}
