import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// A wrong answer of the buyer check on the public tracking page names the
// client it came from (its address, an IPv6 client by its /64), so that the
// lock-out is per AWB and client: guesses from other addresses never lock the
// buyer out. Earlier rows have none.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tracking_buyer_attempts').addColumn('client_key', 'text').execute();
  await db.schema.createIndex('tracking_buyer_attempts_client').on('tracking_buyer_attempts').columns(['awb', 'client_key', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tracking_buyer_attempts_client').execute();
  await db.schema.alterTable('tracking_buyer_attempts').dropColumn('client_key').execute();
}
