import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
// Public tracking: wrong "last 4 digits of the phone" answers per AWB, so a
// stranger cannot guess their way into a shipment's NDR requests.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tracking_buyer_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('awb', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tracking_buyer_attempts_awb').on('tracking_buyer_attempts').columns(['awb', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tracking_buyer_attempts').ifExists().execute();
}
