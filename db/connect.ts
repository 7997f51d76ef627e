import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type PgModule from 'pg';
import { cachedStatement } from './prepared';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type DbHandle = { db: Db; dialect: Dialect; destroy: () => Promise<void>; sqlite?: SQLite.Database };

let pgModule: typeof PgModule | null = null;

/** The pg driver, loaded on first use: a server on its SQLite file never carries it. */
function loadPg(): typeof PgModule {
  if (!pgModule) {
    pgModule = createRequire(import.meta.url)('pg') as typeof PgModule;
    // bigint (int8) and numeric come back from pg as strings; our amounts fit in JS numbers.
    pgModule.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    pgModule.types.setTypeParser(1700, (v) => Number.parseFloat(v));
  }
  return pgModule;
}

/**
 * Opens the database: PostgreSQL when `url` (or DATABASE_URL) is a postgres URL,
 * otherwise an embedded SQLite file (WAL, foreign keys on). `file: ':memory:'` for tests, and with
 * `image` (a database's `serialize()` bytes) an in-memory copy of that database.
 */
export function connect(opts: { url?: string; file?: string; image?: Buffer } = {}): DbHandle {
  const url = opts.url ?? process.env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new (loadPg().Pool)({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const file = opts.file ?? process.env.SQLITE_FILE ?? 'data/app.db';
  if (file !== ':memory:' && !opts.image) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = opts.image ? new SQLite(opts.image) : new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statementCache(sqlite) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy(), sqlite };
}

/**
 * The connection as Kysely's SQLite driver sees it, with its statements taken
 * from the cache of db/prepared.ts: the driver prepares every query it runs,
 * which costs about as much as running a small read. A statement still busy
 * (a stream iterating it) is not shared: cachedStatement prepares another.
 */
function statementCache(sqlite: SQLite.Database) {
  return {
    prepare: (sql: string) => cachedStatement(sqlite, sql),
    close: () => sqlite.close(),
  };
}
