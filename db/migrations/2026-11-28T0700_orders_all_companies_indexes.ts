import { type Kysely } from 'kysely';

// Frozen in time: never import app code here.
// The orders list over every company (admin: no company_id to lead an index)
// counts a section within a date range (capped counts of the tabs): by
// (status, created_at) instead of walking a section's whole index and
// reading each order's date. Found with EXPLAIN (ANALYZE, BUFFERS) at
// 1,000,000 orders on PostgreSQL (docs/scale.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_status_created').ifExists().execute();
}
