import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// E-mail verification (no mail relay). A user's own address
// receives files only once they have shown they read it: `users.email_verified_at`
// is set when a link mailed to it is opened. Existing users of an upgraded install
// stay unverified (NULL) and are asked once; the demo seed marks its users verified.
//
// `email_verifications`: one row per link sent. The token itself is never stored,
// only its SHA-256 (`token_hash`); `email` is the address the link went to, so a
// link for an address the user no longer has verifies nothing. Rows also count the
// links a user asked for in the last hour (rate limit) and are purged a week after
// they expire.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  await db.schema
    .createTable('email_verifications')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('email_verifications_user_created').on('email_verifications').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('email_verifications_expires').on('email_verifications').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('email_verifications_expires').execute();
  await db.schema.dropIndex('email_verifications_user_created').execute();
  await db.schema.dropTable('email_verifications').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
