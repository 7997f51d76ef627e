/**
 * Walking the API as /api/openapi.json describes it, for the tenant-isolation
 * and fuzz suites: the operations, fast-check arbitraries built from each
 * operation's JSON schemas (themselves generated from the zod schemas the server
 * validates with), and a per-table record of what a request wrote.
 *
 * Nothing here knows a route by name: a route added tomorrow is walked too.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import type { DbHandle } from '../../db/connect';
import type { TestApp } from './helpers';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

export type Operation = {
  method: string;
  /** The OpenAPI path, `/api/orders/{id}`. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
};

export async function operations(app: TestApp): Promise<Operation[]> {
  const doc = (await (await app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, any>> };
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = (op.parameters ?? []) as { name: string; in: string; required?: boolean; schema: JsonSchema }[];
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: !!p.required, schema: p.schema })),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return out;
}

export const opName = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/** The URL of an operation with path parameters filled in and a query string. */
export function urlOf(op: Operation, params: Record<string, string>, query: Record<string, unknown> = {}): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) v.forEach((x) => qs.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x)));
    else qs.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

// ---------------------------------------------------------------------------
// JSON schema -> fast-check
// ---------------------------------------------------------------------------

const CAP = { string: 40, array: 4 };
const types = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  const fits = (v: string) => v.length >= min && v.length <= max;
  let base: fc.Arbitrary<string>;
  if (s.format === 'email') base = fc.emailAddress();
  else if (s.format === 'date-time') base = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  else if (s.format === 'date') base = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  else if (s.format === 'uuid') base = fc.uuid();
  else if (s.format === 'uri' || s.format === 'url') base = fc.webUrl();
  else if (s.pattern) {
    try {
      base = fc.stringMatching(new RegExp(s.pattern));
    } catch {
      base = fc.string({ minLength: min, maxLength: Math.min(max, CAP.string) });
    }
  } else base = fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, CAP.string)), unit: 'grapheme' });
  // Now and then the longest string allowed: the bound itself is what is being tested.
  const edge = max <= 5000 ? fc.constant('x'.repeat(max)) : fc.constant('x'.repeat(min));
  return fc.oneof({ weight: 9, arbitrary: base.filter(fits) }, { weight: 1, arbitrary: edge.filter(fits) });
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-6) : -1_000_000);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-6) : 1_000_000);
  const min = Math.max(lo, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(hi, Number.MAX_SAFE_INTEGER);
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts (mostly: refinements the schema cannot express are left to chance). */
export function arbitraryOf(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || Object.keys(s).length === 0 || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, depth + 1)));
  if (s.allOf?.length) return arbitraryOf(Object.assign({}, ...s.allOf), depth + 1);
  const t = types(s);
  const choices: fc.Arbitrary<unknown>[] = [];
  for (const type of t.length ? t : ['object']) {
    if (type === 'string') choices.push(stringArb(s));
    else if (type === 'integer') choices.push(numberArb(s, true));
    else if (type === 'number') choices.push(numberArb(s, false));
    else if (type === 'boolean') choices.push(fc.boolean());
    else if (type === 'null') choices.push(fc.constant(null));
    else if (type === 'array') {
      if (s.prefixItems) choices.push(fc.tuple(...s.prefixItems.map((p) => arbitraryOf(p, depth + 1))));
      else choices.push(fc.array(arbitraryOf(s.items, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? CAP.array, Math.max(s.minItems ?? 0, CAP.array)) }));
    } else if (type === 'object') {
      const props = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, arbitraryOf(v, depth + 1)]));
      const record = fc.record(props, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
      if (s.additionalProperties && typeof s.additionalProperties === 'object' && !s.properties) {
        choices.push(fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), arbitraryOf(s.additionalProperties, depth + 1), { maxKeys: 3 }));
      } else choices.push(record);
    }
  }
  return choices.length === 1 ? choices[0] : fc.oneof(...choices);
}

/** What a hostile client sends: mostly schema-shaped input, sometimes anything at all. */
export function hostileOf(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: arbitraryOf(s) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.record({ constructor: fc.string(), toString: fc.jsonValue({ maxDepth: 1 }), x: fc.string({ maxLength: 3000 }) }, { requiredKeys: [] }) },
  );
}

// ---------------------------------------------------------------------------
// What a request wrote
// ---------------------------------------------------------------------------

/** The database's tables; on PostgreSQL only those of the connection's schema (other test apps have their own). */
export async function ownTables(dbh: DbHandle) {
  const tables = await dbh.db.introspection.getTables();
  if (dbh.dialect !== 'postgres') return tables;
  const { rows } = await sql<{ s: string }>`SELECT current_schema() AS s`.execute(dbh.db);
  return tables.filter((t) => t.schema === rows[0].s);
}

/**
 * Row triggers on every table append the table's name to `_test_changes`: after
 * a request, `take()` answers which tables it wrote (a change counter would not
 * say which). Works on SQLite and PostgreSQL alike.
 */
export async function recordWrites(dbh: DbHandle): Promise<{ take: () => Promise<string[]> }> {
  const db = dbh.db;
  await sql`CREATE TABLE _test_changes (t text NOT NULL)`.execute(db);
  const tables = (await ownTables(dbh)).map((t) => t.name).filter((t) => t !== '_test_changes' && !t.startsWith('kysely_'));
  if (dbh.dialect === 'postgres') {
    await sql`CREATE FUNCTION _test_log_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO _test_changes (t) VALUES (TG_TABLE_NAME); RETURN NULL; END $$`.execute(db);
    for (const t of tables) {
      await sql.raw(`CREATE TRIGGER _test_w_${t} AFTER INSERT OR UPDATE OR DELETE ON "${t}" FOR EACH ROW EXECUTE FUNCTION _test_log_change()`).execute(db);
    }
  } else {
    for (const t of tables) {
      for (const ev of ['INSERT', 'UPDATE', 'DELETE']) {
        await sql.raw(`CREATE TRIGGER _test_${ev.toLowerCase()}_${t} AFTER ${ev} ON "${t}" BEGIN INSERT INTO _test_changes (t) VALUES ('${t}'); END`).execute(db);
      }
    }
  }
  return {
    take: async () => {
      const rows = await sql<{ t: string }>`SELECT DISTINCT t FROM _test_changes`.execute(db);
      await sql`DELETE FROM _test_changes`.execute(db);
      return rows.rows.map((r) => r.t).sort();
    },
  };
}
