import type { Compilable } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { DbHandle } from '../connect';
import { cachedStatement } from '../prepared';

/**
 * Runs a Kysely-built SELECT and returns each row as an array of its columns,
 * in select order. On SQLite it goes straight to a cached better-sqlite3
 * statement in raw mode: no row objects, which halves the cost of reading big
 * exports. On PostgreSQL it is a normal query.
 */
export async function selectArrays(dbh: DbHandle, query: Compilable<unknown>): Promise<unknown[][]> {
  if (dbh.sqlite) return selectArraysSync(dbh.sqlite, query);
  const result = await dbh.db.executeQuery(query.compile());
  return (result.rows as Record<string, unknown>[]).map((r) => Object.values(r));
}

/** selectArrays on a better-sqlite3 connection, synchronously (statements cached as in db/prepared.ts). */
export function selectArraysSync(sqlite: SQLite.Database, query: Compilable<unknown>): unknown[][] {
  const compiled = query.compile();
  return cachedStatement(sqlite, compiled.sql, true).all(...(compiled.parameters as unknown[])) as unknown[][];
}

/**
 * A private read-only connection for one long export (SQLite files only;
 * null for PostgreSQL and in-memory databases). It reads one consistent
 * snapshot (a read transaction held from open to close) with a small page
 * cache of its own, and leaves the app's shared connection free for other
 * requests meanwhile. Rows come a page at a time from `.all()` on a cached
 * statement: in better-sqlite3 that costs about 40% less per row than a
 * cursor's `.iterate()` (255k against 155k rows/s on 1M orders here).
 */
export type ExportReader = {
  /** Rows of a Kysely-built SELECT (a keyset page) as arrays. */
  all: (query: Compilable<unknown>) => unknown[][];
  close: () => void;
};

export async function openExportReader(dbh: DbHandle): Promise<ExportReader | null> {
  const file = dbh.sqlite?.name;
  if (!dbh.sqlite || !file || file === ':memory:' || dbh.sqlite.memory) return null;
  const { default: Database } = await import('better-sqlite3');
  const conn = new Database(file, { readonly: true, fileMustExist: true });
  conn.pragma('busy_timeout = 5000');
  conn.pragma('cache_size = -4096');
  // WAL: the snapshot starts at the first read and holds until COMMIT, so every page reads the same data.
  conn.exec('BEGIN');
  return {
    all: (query) => selectArraysSync(conn, query),
    close: () => {
      if (conn.inTransaction) conn.exec('COMMIT');
      conn.close();
    },
  };
}
