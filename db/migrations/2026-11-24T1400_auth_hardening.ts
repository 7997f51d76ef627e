import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// Sign-in throttling moves from `login_attempts` (checked before the password
// hash, recorded after it, a hard lock anyone could trigger) to `auth_throttle`:
// one row per budget (an account, or an account on a trusted device), whose
// check is counted by one guarded UPDATE before the password is hashed.
// Sessions, sign-in codes and throttle rows get indexes on their expiry so the
// scheduled purge does not scan.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('checks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_throttle_updated').on('auth_throttle').column('updated_at').execute();
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  await db.schema.createIndex('auth_codes_expires').on('auth_codes').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('auth_codes_expires').execute();
  await db.schema.dropIndex('sessions_user').execute();
  await db.schema.dropIndex('sessions_expires').execute();
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();
  await db.schema.dropIndex('auth_throttle_updated').execute();
  await db.schema.dropTable('auth_throttle').execute();
}
