// Statements of fixed shape compiled by Kysely once per dialect and then run
// with each call's values: a push runs the same few statements hundreds of
// times, and compiling them (and, on SQLite, preparing them) per call cost
// more than running them.
import { CompiledQuery, type Compilable, type Kysely, type Transaction } from 'kysely';

/**
 * Runs SQL text on the connection under the store's transactions with
 * statements prepared once (SQLite: a better-sqlite3 statement cache). Only
 * ever called inside a transaction the store itself has open on that one
 * connection, so it sees and writes exactly what the transaction does.
 */
export interface DirectSql {
  query(sql: string, parameters: readonly unknown[]): { rows: unknown[]; changes: number };
}

/** A query compiled once for its shape: its SQL and where each call's arguments go. */
export interface Shape {
  sql: string;
  bind(args: readonly unknown[]): unknown[];
}

const MARK = '\u0000arg:';
const shapes = new Map<string, Shape>();

/** Stand-in for the i-th argument of a shape: use it wherever that value goes in the query. */
export type Arg = <T = string>(i: number) => T;

/**
 * The shape `key` for this dialect, compiled on first use with `build`. `key`
 * must name everything that changes the SQL text (e.g. the length of an IN list).
 */
export function shapeOf<DB>(dialect: string, key: string, db: Kysely<DB>, build: (db: Kysely<DB>, arg: Arg) => Compilable<unknown>): Shape {
  const id = `${dialect}\u0000${key}`;
  let shape = shapes.get(id);
  if (!shape) {
    const c = build(db, <T,>(i: number) => `${MARK}${i}` as T).compile();
    // Each parameter: the index of the argument it stands for, or -1 for a constant.
    const slots = c.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? Number(p.slice(MARK.length)) : -1));
    const constants = [...c.parameters];
    shape = { sql: c.sql, bind: (args) => slots.map((a, i) => (a >= 0 ? args[a] : constants[i])) };
    shapes.set(id, shape);
  }
  return shape;
}

/** Runs a shape in the open transaction `db`: directly when the store has `direct`, else through Kysely (no compile). */
export async function runShape<R>(db: Transaction<unknown> | Kysely<unknown>, direct: DirectSql | undefined, shape: Shape, args: readonly unknown[]): Promise<{ rows: R[]; changes: number }> {
  const parameters = shape.bind(args);
  if (direct) {
    const out = direct.query(shape.sql, parameters);
    return { rows: out.rows as R[], changes: out.changes };
  }
  const res = await db.executeQuery<R>(CompiledQuery.raw(shape.sql, parameters));
  return { rows: res.rows, changes: Number(res.numAffectedRows ?? 0n) };
}
