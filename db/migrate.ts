import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, PostgresAdapter, sql, type DatabaseIntrospector, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, type TableMetadata } from 'kysely';

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
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return new Migrator({ db, provider: new FolderMigrationProvider() });
  // On PostgreSQL the migration tables live in the connection's own schema:
  // without naming it, Kysely would take another schema's kysely_migration_lock
  // for ours (it looks the table up by name across schemas).
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL names no current schema (search_path): the migration tables need one');
  return new Migrator({ db: withOwnSchemaIntrospection(db, schema), provider: new FolderMigrationProvider(), migrationTableSchema: schema });
}

/**
 * `db` whose introspection sees only `schema`'s tables. The Migrator asks it whether its two tables exist;
 * Kysely's own introspection reads every column of every table in every schema of the database and
 * resolves each table again by name (`pg_get_serial_sequence`), so a table dropped meanwhile in another
 * schema (another process's maintenance dropping an expired partition, a test's schema dropped) failed
 * the migration: "column "c" of relation "t15" does not exist" (tests/db/migrate-beside-ddl.test.ts).
 */
function withOwnSchemaIntrospection<DB>(db: Kysely<DB>, schema: string): Kysely<DB> {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string; isView: boolean }>`
      select table_name as name, table_type = 'VIEW' as "isView" from information_schema.tables where table_schema = ${schema}`.execute(db);
    return rows.map((r) => ({ name: r.name, schema, isView: r.isView, columns: [] }));
  };
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
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
