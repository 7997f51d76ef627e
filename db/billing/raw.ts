import type { Compilable } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { DbHandle } from '../connect';

const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/**
 * Runs a Kysely-built SELECT and returns each row as an array of its columns,
 * in select order. On SQLite it goes straight to a cached better-sqlite3
 * statement in raw mode: no row objects, which halves the cost of reading big
 * exports. On PostgreSQL it is a normal query.
 */
export async function selectArrays(dbh: DbHandle, query: Compilable<unknown>): Promise<unknown[][]> {
  const compiled = query.compile();
  if (dbh.sqlite) {
    let cache = statements.get(dbh.sqlite);
    if (!cache) statements.set(dbh.sqlite, (cache = new Map()));
    let st = cache.get(compiled.sql);
    if (!st) {
      if (cache.size > 50) cache.clear();
      st = dbh.sqlite.prepare(compiled.sql).raw(true);
      cache.set(compiled.sql, st);
    }
    return st.all(...(compiled.parameters as unknown[])) as unknown[][];
  }
  const result = await dbh.db.executeQuery(compiled);
  return (result.rows as Record<string, unknown>[]).map((r) => Object.values(r));
}

/**
 * A private read-only connection for one long export (SQLite files only;
 * null for PostgreSQL and in-memory databases). It reads one consistent
 * snapshot through a single cursor, with a small page cache of its own, and
 * leaves the app's shared connection free for other requests meanwhile.
 */
export type ExportReader = {
  /** Rows of a Kysely-built SELECT as arrays, pulled one at a time from a cursor. */
  iterate: (query: Compilable<unknown>) => IterableIterator<unknown[]>;
  close: () => void;
};

export async function openExportReader(dbh: DbHandle): Promise<ExportReader | null> {
  const file = dbh.sqlite?.name;
  if (!dbh.sqlite || !file || file === ':memory:' || dbh.sqlite.memory) return null;
  const { default: Database } = await import('better-sqlite3');
  const conn = new Database(file, { readonly: true, fileMustExist: true });
  conn.pragma('busy_timeout = 5000');
  conn.pragma('cache_size = -4096');
  return {
    iterate: (query) => {
      const c = query.compile();
      return conn.prepare(c.sql).raw(true).iterate(...(c.parameters as unknown[])) as IterableIterator<unknown[]>;
    },
    close: () => conn.close(),
  };
}
