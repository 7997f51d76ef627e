// The one text search of db/: a case-insensitive match of what the user typed,
// taken literally (`_`, `%` and `\` are characters to find, not wildcards), that
// answers the same on SQLite and PostgreSQL: lower(column) LIKE pattern ESCAPE '\'.
// (SQLite's LIKE ignores ASCII case and PostgreSQL's does not; lower() on both
// sides makes them agree, and the ESCAPE clause makes the escaping mean something
// on both.)
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

const ESCAPE = '\\';

/** The LIKE pattern for `text`: lower-cased, its wildcards escaped; `contains` anywhere or a `prefix`. */
export function likePattern(text: string, where: 'contains' | 'prefix' = 'contains'): string {
  const literal = text.toLowerCase().replace(/[\\%_]/g, (m) => ESCAPE + m);
  return where === 'prefix' ? `${literal}%` : `%${literal}%`;
}

/** True where `column` holds `text` (any case), anywhere in it or, with `prefix`, at its start. */
export function textMatches(column: Expression<unknown>, text: string, where: 'contains' | 'prefix' = 'contains'): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${likePattern(text, where)} escape ${ESCAPE}`;
}
