import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// Organisation e-mail verification (no mail relay). A
// company's or warehouse's configured address receives files only once someone
// has opened a link mailed to it: `email_verified` holds the address that was
// verified, so changing `email` in the profile leaves the new address unverified
// until its own link is opened. Addresses of an upgraded install start
// unverified and are asked once (as users' own addresses were in 2026-11-26T0200);
// the demo seed marks its organisations verified.
//
// `email_verifications.org_kind` ('company' | 'warehouse') and `org_id` say that
// a link verifies an organisation's address rather than the user's own.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies').addColumn('email_verified', 'text').execute();
  await db.schema.alterTable('warehouses').addColumn('email_verified', 'text').execute();
  await db.schema.alterTable('email_verifications').addColumn('org_kind', 'text').execute();
  await db.schema.alterTable('email_verifications').addColumn('org_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_verifications').dropColumn('org_id').execute();
  await db.schema.alterTable('email_verifications').dropColumn('org_kind').execute();
  await db.schema.alterTable('warehouses').dropColumn('email_verified').execute();
  await db.schema.alterTable('companies').dropColumn('email_verified').execute();
}
