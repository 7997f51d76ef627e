import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
// Customer requests (NDR) get an outcome: accepted (the change applied) or
// declined with a reason, when and by whom, so the buyer's page can show it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customer_requests').addColumn('decided_at', 'text').execute();
  await db.schema.alterTable('customer_requests').addColumn('decline_reason', 'text').execute();
  await db.schema.alterTable('customer_requests').addColumn('decided_by', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customer_requests').dropColumn('decided_by').execute();
  await db.schema.alterTable('customer_requests').dropColumn('decline_reason').execute();
  await db.schema.alterTable('customer_requests').dropColumn('decided_at').execute();
}
