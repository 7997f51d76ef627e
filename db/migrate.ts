import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, PostgresAdapter, sql, type Migration, type MigrationProvider, type MigrationResultSet, type Kysely } from 'kysely';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Every `db/migrations/*.ts` file, in name order (names start with an ISO date). */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
      .sort();
    const out: Record<string, Migration> = {};
    for (const f of files) {
      out[f.replace(/\.(ts|js)$/, '')] = await import(pathToFileURL(path.join(MIGRATIONS_DIR, f)).href);
    }
    return out;
  }
}

async function migratorFor<DB>(db: Kysely<DB>): Promise<Migrator> {
  // On PostgreSQL the migration tables live in the connection's own schema:
  // without naming it, Kysely would take another schema's kysely_migration_lock
  // for ours (it looks the table up by name across schemas).
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema ?? undefined;
  }
  return new Migrator({ db, provider: new FolderMigrationProvider(), migrationTableSchema });
}

function check({ error, results }: MigrationResultSet): void {
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<void> {
  check(await (await migratorFor(db)).migrateToLatest());
}

/** Undoes the newest migration (tests of a migration's up and down). */
export async function migrateDownOne<DB>(db: Kysely<DB>): Promise<void> {
  check(await (await migratorFor(db)).migrateDown());
}

/** Moves up or down to the named migration (tests of one migration's up and down). */
export async function migrateTo<DB>(db: Kysely<DB>, name: string): Promise<void> {
  check(await (await migratorFor(db)).migrateTo(name));
}
