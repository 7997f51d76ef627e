// The floor's hot statements (a packer's scans arrive by the hundred) compiled
// by Kysely once per dialect and run with each call's values: on SQLite
// through the sync store's statement cache when the transaction offers it
// (`FloorTx.direct`), otherwise through Kysely without compiling again.
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { FloorTx } from './context';

interface Shape {
  sql: string;
  bind(args: readonly unknown[]): unknown[];
}

const MARK = '\u0000arg:';
const shapes = new Map<string, Shape>();

/** Stand-in for the i-th argument: use it wherever that value goes in the query. */
export type Arg = <T = string>(i: number) => T;

/**
 * Runs the statement `key` (compiled on first use per dialect with `build`)
 * in the floor transaction with `args`. `key` must name everything that
 * changes the SQL text.
 */
export async function runFloor<R>(tx: FloorTx, key: string, build: (db: Kysely<Database>, arg: Arg) => Compilable<unknown>, args: readonly unknown[]): Promise<{ rows: R[]; changes: number }> {
  const id = `${tx.dialect}\u0000${key}`;
  let shape = shapes.get(id);
  if (!shape) {
    const c = build(tx.db as Kysely<Database>, <T,>(i: number) => `${MARK}${i}` as T).compile();
    const slots = c.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? Number(p.slice(MARK.length)) : -1));
    const constants = [...c.parameters];
    shape = { sql: c.sql, bind: (a) => slots.map((s, i) => (s >= 0 ? a[s] : constants[i])) };
    shapes.set(id, shape);
  }
  const parameters = shape.bind(args);
  if (tx.direct) {
    const out = tx.direct.query(shape.sql, parameters);
    return { rows: out.rows as R[], changes: out.changes };
  }
  const res = await tx.db.executeQuery<R>(CompiledQuery.raw(shape.sql, parameters));
  return { rows: res.rows, changes: Number(res.numAffectedRows ?? 0n) };
}

/**
 * Runs SQL text already written for the transaction's dialect (set-based
 * statements whose rows travel as one array or JSON parameter, so their text
 * never changes with the row count), the same way runFloor runs a shape.
 */
export async function runFloorSql<R>(tx: FloorTx, text: string, parameters: readonly unknown[]): Promise<{ rows: R[]; changes: number }> {
  if (tx.direct) {
    const out = tx.direct.query(text, parameters);
    return { rows: out.rows as R[], changes: out.changes };
  }
  const res = await tx.db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]));
  return { rows: res.rows, changes: Number(res.numAffectedRows ?? 0n) };
}
