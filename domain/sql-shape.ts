// A query of fixed shape, compiled once and then bound to each call's values.
// Both statement caches use it: db/prepared.ts (reads on the hot paths) and
// sync/server/compiled.ts (the statements a push runs), each keyed per
// database or dialect. It asks only for something with Kysely's `compile()`,
// so it needs no import of Kysely.

/** A query compiled once for its shape: its SQL and where each call's arguments go. */
export interface Shape {
  sql: string;
  bind(args: readonly unknown[]): unknown[];
}

/** Stand-in for the i-th argument of a shape: use it wherever that value goes in the query. */
export type Arg = <T = string>(i: number) => T;

/** What `compileShape` needs of a query: Kysely's `Compilable` (a builder or a `sql` template). */
export type CompilableQuery = { compile(): { sql: string; parameters: readonly unknown[] } };

const MARK = '\u0000arg:';

/**
 * Compiles the query `build` makes with stand-ins for its arguments, and
 * records each compiled parameter as an argument slot or a constant, so that
 * `bind` puts each call's arguments where the query builder put them.
 */
export function compileShape(build: (arg: Arg) => CompilableQuery): Shape {
  const c = build(<T,>(i: number) => `${MARK}${i}` as T).compile();
  // Each parameter: the index of the argument it stands for, or -1 for a constant.
  const slots = c.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? Number(p.slice(MARK.length)) : -1));
  const constants = [...c.parameters];
  return { sql: c.sql, bind: (args) => slots.map((a, i) => (a >= 0 ? args[a] : constants[i])) };
}
