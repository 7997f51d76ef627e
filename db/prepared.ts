// Reads on the hot paths (session lookup, order list) through cached prepared
// statements.
//
// Kysely's SQLite driver prepares every statement anew; for the small reads
// a list page makes that costs about as much as running them. These helpers
// take the query Kysely compiled (or SQL compiled once per database) and run
// it through a better-sqlite3 statement cached per database and SQL text.
//
// They only do so on SQLite when no transaction is open on the connection.
// Inside one (the caller's own, or another request's that is awaiting between
// its statements) they go through Kysely, which takes its turn on the single
// connection as before, so a read never sees another request's uncommitted
// writes. PostgreSQL always goes through Kysely. Results are the same rows the
// Kysely driver gives (it calls the same `stmt.all(parameters)`).
import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { compileShape, type Shape } from '../domain/sql-shape';
import type { Database } from './schema';

/** What these helpers ask of a Kysely instance or transaction (of any tables): running a compiled query. */
type Executor = Pick<Kysely<Database>, 'executeQuery'>;

/** What a read needs: the Kysely instance (or transaction) and, on SQLite, the connection under it. */
export type Reader = { db: Kysely<Database>; sqlite?: SQLite.Database };
/** The part of a Reader the reads themselves use. */
type ReadTarget = { db: Executor; sqlite?: SQLite.Database };

/** Distinct statements kept per database (least recently used dropped first). */
const MAX_STATEMENTS = 256;
const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/**
 * The cached statement of `text` on this connection; `raw` ones give each row
 * as an array of its columns (kept apart: raw mode is a setting of the statement).
 */
export function cachedStatement(sqlite: SQLite.Database, text: string, raw = false): SQLite.Statement {
  let cache = statements.get(sqlite);
  if (!cache) statements.set(sqlite, (cache = new Map()));
  const key = raw ? `\u0000raw:${text}` : text;
  let st = cache.get(key);
  // Busy: a stream is iterating it (Kysely's driver takes its statements from here too, db/connect.ts); a fresh one.
  if (st?.busy) return raw ? sqlite.prepare(text).raw(true) : sqlite.prepare(text);
  if (st) {
    cache.delete(key);
    cache.set(key, st);
    return st;
  }
  st = raw ? sqlite.prepare(text).raw(true) : sqlite.prepare(text);
  cache.set(key, st);
  if (cache.size > MAX_STATEMENTS) cache.delete(cache.keys().next().value as string);
  return st;
}

/** True when this read may use the cached statement path. */
function direct(r: ReadTarget): r is ReadTarget & { sqlite: SQLite.Database } {
  return !!r.sqlite && r.sqlite.open && !r.sqlite.inTransaction;
}

/** Rows of a SELECT built with Kysely (query builder or `sql` template). */
export async function readRows<R>(r: ReadTarget, query: Compilable<R> | CompiledQuery<R>): Promise<R[]> {
  const c = 'compile' in query ? query.compile() : query;
  if (direct(r)) return cachedStatement(r.sqlite, c.sql).all(c.parameters as unknown[]) as R[];
  return (await r.db.executeQuery(c)).rows as R[];
}

/** Rows of SQL compiled for this database (see `compiledOnce`) with these parameters. */
export async function readSql<R>(r: ReadTarget, text: string, parameters: readonly unknown[]): Promise<R[]> {
  if (direct(r)) return cachedStatement(r.sqlite, text).all(parameters as unknown[]) as R[];
  return (await r.db.executeQuery(CompiledQuery.raw(text, [...parameters]))).rows as R[];
}

const compiled = new WeakMap<Executor, Map<string, string>>();
const shapes = new WeakMap<Executor, Map<string, Shape>>();

export type { Shape } from '../domain/sql-shape';

/**
 * Like `compiledOnce` for a query whose values vary: `build` gets `arg(i)`, a
 * stand-in for the i-th argument, and uses it wherever that value goes
 * (domain/sql-shape.ts); `bind` puts each call's arguments where Kysely put
 * them. `key` must name the shape (e.g. the length of an IN list).
 */
export function compiledShape(db: Executor, key: string, build: (arg: (i: number) => string) => Compilable<unknown>): Shape {
  let m = shapes.get(db);
  if (!m) shapes.set(db, (m = new Map()));
  let shape = m.get(key);
  if (!shape) m.set(key, (shape = compileShape(build)));
  return shape;
}

/**
 * The SQL of a fixed-shape query, compiled once per Kysely instance (so once
 * per dialect): `build` is called with placeholder values and the caller passes
 * the real ones to `readSql` in the same order.
 */
export function compiledOnce(db: Executor, key: string, build: () => Compilable<unknown> | CompiledQuery<unknown>): string {
  let m = compiled.get(db);
  if (!m) compiled.set(db, (m = new Map()));
  let text = m.get(key);
  if (text === undefined) {
    const q = build();
    m.set(key, (text = 'compile' in q ? q.compile().sql : q.sql));
  }
  return text;
}

/** SQL run straight on a connection: the rows a statement reads, or how many rows it changed. */
export interface DirectSqlRunner {
  query(text: string, parameters: readonly unknown[]): { rows: unknown[]; changes: number };
}
const directs = new WeakMap<SQLite.Database, DirectSqlRunner>();

/**
 * SQLite: SQL run on the handle's connection through its cache of prepared
 * statements (undefined on PostgreSQL). The sync store uses it only inside its
 * own transactions, which hold the one connection (Kysely's SQLite driver runs
 * one transaction at a time on it).
 */
export function directSql(dbh: { sqlite?: SQLite.Database }): DirectSqlRunner | undefined {
  const sqlite = dbh.sqlite;
  if (!sqlite) return undefined;
  let direct = directs.get(sqlite);
  if (!direct) {
    direct = {
      query(text, parameters) {
        const st = cachedStatement(sqlite, text);
        if (st.reader) return { rows: st.all(parameters as unknown[]), changes: 0 };
        return { rows: [], changes: st.run(parameters as unknown[]).changes };
      },
    };
    directs.set(sqlite, direct);
  }
  return direct;
}
