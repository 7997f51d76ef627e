// SQLite's change stamps, for the public tracking answers remembered in
// edge-api/services/tracking/public-answer.ts (the hottest path: prepare once per
// connection, keep the statements, call `.get()` on them).
import type SQLite from 'better-sqlite3';
import type { DbHandle } from '../connect';

/**
 * Two statements prepared on this connection, each answering one number with `.get()`:
 * `totalChanges`, the rows this connection has inserted, updated or deleted (`SELECT total_changes()`,
 * reads no file), and `dataVersion`, which moves when another connection commits to the file
 * (`PRAGMA data_version`, takes file locks). Both throw while the connection is busy.
 */
export function dataVersionProbe(sqlite: SQLite.Database) {
  return {
    totalChanges: sqlite.prepare('SELECT total_changes()').pluck(),
    dataVersion: sqlite.prepare('PRAGMA data_version').pluck(),
  };
}

export type Stamp = { changes: number; dataVersion: number };
/** No stamp to compare (PostgreSQL, or the connection was busy): whatever was remembered is read again. */
export const NO_STAMP: Stamp = { changes: -1, dataVersion: -1 };
/** `PRAGMA data_version` takes file locks (a few syscalls): read at most this often. */
export const DATA_VERSION_EVERY_MS = 250;
const stampers = new WeakMap<object, () => Stamp>();

/**
 * The handle's change stamp reader (one per handle): this connection's total
 * changes, and the file's data version as last read (at most every
 * DATA_VERSION_EVERY_MS). Equal stamps mean nothing was written since, by this
 * process or another one on the same file; NO_STAMP on PostgreSQL.
 */
export function changeStamp(dbh: Pick<DbHandle, 'db' | 'sqlite'>): () => Stamp {
  let read = stampers.get(dbh.db);
  if (!read) {
    const sqlite = dbh.sqlite;
    if (!sqlite) read = () => NO_STAMP;
    else {
      const { totalChanges: changes, dataVersion } = dataVersionProbe(sqlite);
      let dv = -1;
      let dvReadAt = -Infinity;
      read = () => {
        try {
          const now = performance.now();
          if (now - dvReadAt >= DATA_VERSION_EVERY_MS) {
            dv = Number(dataVersion.get());
            dvReadAt = now;
          }
          return { changes: Number(changes.get()), dataVersion: dv };
        } catch {
          return NO_STAMP; // the connection is busy (a statement mid-iteration): look again
        }
      };
    }
    stampers.set(dbh.db, read);
  }
  return read;
}
