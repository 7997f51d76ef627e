// Statements of fixed shape compiled by Kysely once per dialect and then run
// with each call's values: a push runs the same few statements hundreds of
// times, and compiling them (and, on SQLite, preparing them) per call cost
// more than running them.
import { CompiledQuery, type Compilable, type Kysely, type Transaction } from 'kysely';
import { compileShape, type Arg, type Shape } from '../../domain/sql-shape';

/**
 * Runs SQL text on the connection under the store's transactions with
 * statements prepared once (SQLite: a better-sqlite3 statement cache). Only
 * ever called inside a transaction the store itself has open on that one
 * connection, so it sees and writes exactly what the transaction does.
 */
export interface DirectSql {
  query(sql: string, parameters: readonly unknown[]): { rows: unknown[]; changes: number };
}

export type { Arg, Shape } from '../../domain/sql-shape';
const shapes = new Map<string, Shape>();

/**
 * The shape `key` for this dialect, compiled on first use with `build`
 * (domain/sql-shape.ts). `key` must name everything that changes the SQL text
 * (e.g. the length of an IN list).
 */
export function shapeOf<DB>(dialect: string, key: string, db: Kysely<DB>, build: (db: Kysely<DB>, arg: Arg) => Compilable<unknown>): Shape {
  const id = `${dialect}\u0000${key}`;
  let shape = shapes.get(id);
  if (!shape) shapes.set(id, (shape = compileShape((arg) => build(db, arg))));
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
