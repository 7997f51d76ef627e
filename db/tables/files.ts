// Files kept in the database and per-key counters shared by every process (2026-11-27T0900_stored_files).
export interface StoredFileTable {
  key: string;
  size: number | string;
  chunks: number;
  created_at: string;
}
export interface StoredFileChunkTable {
  key: string;
  n: number;
  data: Buffer;
}
export interface RateCounterTable {
  key: string;
  window_start: number | string;
  count: number;
}

declare module '../schema' {
  interface Database {
    stored_files: StoredFileTable;
    stored_file_chunks: StoredFileChunkTable;
    rate_counters: RateCounterTable;
  }
}
