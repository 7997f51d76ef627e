// Loading many rows fast (the seed's orders, up to the benchmarks' million):
// one prepared statement per table on SQLite with its secondary indexes
// dropped for the load, multi-row batches on PostgreSQL.
import type { Kysely } from 'kysely';
import type { DbHandle } from './connect';

export type Row = Record<string, unknown>;

/**
 * For a bulk load on SQLite: drops the non-unique secondary indexes of
 * `tables` (unique ones stay: they enforce constraints during the load) and
 * the status-count triggers (the counts are rebuilt once at the end of seed()),
 * and enlarges the page cache. The returned function recreates them all from
 * their stored SQL and restores the cache.
 */
export function deferIndexes(sqlite: NonNullable<DbHandle['sqlite']>, tables: string[]): () => void {
  const defs = sqlite
    .prepare(`SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND tbl_name IN (${tables.map(() => '?').join(',')})
      AND ((type = 'index' AND sql NOT LIKE 'CREATE UNIQUE %') OR (type = 'trigger' AND (name LIKE 'order_status_counts_%' OR name LIKE 'order_items_summary_%')))`)
    .all(...tables) as { type: 'index' | 'trigger'; name: string; sql: string }[];
  const cache = sqlite.pragma('cache_size', { simple: true }) as number;
  sqlite.pragma('cache_size = -524288');
  for (const d of defs) sqlite.exec(`DROP ${d.type === 'index' ? 'INDEX' : 'TRIGGER'} "${d.name}"`);
  return () => {
    sqlite.exec('BEGIN');
    for (const d of defs) sqlite.exec(d.sql);
    sqlite.exec('COMMIT');
    sqlite.pragma(`cache_size = ${cache}`);
  };
}

/** Inserts many rows fast: one prepared statement per table on SQLite, multi-row batches on PostgreSQL. */
export function makeInserter(h: DbHandle) {
  const stmts = new Map<string, { run: (...a: unknown[]) => unknown; cols: string[] }>();
  const pending = new Map<string, Row[]>();
  const insertNow = async (table: string, rows: Row[]) => {
    if (!rows.length) return;
    if (h.sqlite) {
      let st = stmts.get(table);
      if (!st) {
        const cols = Object.keys(rows[0]);
        const p = h.sqlite.prepare(`INSERT INTO ${table} (${cols.join(',')}) VALUES (${cols.map(() => '?').join(',')})`);
        st = { run: (...a) => p.run(...a), cols };
        stmts.set(table, st);
      }
      for (const r of rows) st.run(...st.cols.map((c) => r[c] as unknown));
    } else {
      // Rows of any table by name: the seed builds them as plain objects.
      const untyped = h.db as unknown as Kysely<Record<string, Row>>;
      const colCount = Object.keys(rows[0]).length;
      const per = Math.max(1, Math.floor(60000 / colCount));
      for (let i = 0; i < rows.length; i += per) {
        await untyped.insertInto(table).values(rows.slice(i, i + per)).execute();
      }
    }
  };
  let count = 0;
  // Flushing every table in first-seen order keeps parents ahead of their children.
  const flushAll = async () => {
    for (const [t, list] of pending) {
      if (list.length) {
        pending.set(t, []);
        await insertNow(t, list);
      }
    }
    count = 0;
  };
  return {
    add: async (table: string, row: Row) => {
      let list = pending.get(table);
      if (!list) pending.set(table, (list = []));
      list.push(row);
      if (++count >= 5000) await flushAll();
    },
    flush: async (_order?: string[]) => flushAll(),
  };
}
export type Inserter = ReturnType<typeof makeInserter>;
