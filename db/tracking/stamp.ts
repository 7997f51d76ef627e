// SQLite's change stamps, for the public tracking answers remembered in
// edge-api/services/tracking/public-answer.ts (the hottest path: prepare once per
// connection, keep the statements, call `.get()` on them).
import type SQLite from 'better-sqlite3';

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
