import { useCallback, useEffect, useMemo, useState } from 'react';

/** The rows a user ticked in a DataTable, kept across pages (each with the row as it was shown). */
export type RowSelection<Row> = {
  /** Keys of the selected rows. */
  keys: ReadonlySet<string>;
  /** The selected rows by key, in the order they were picked. */
  rows: ReadonlyMap<string, Row>;
  size: number;
  toggle: (row: Row) => void;
  /** Selects (or unselects) every one of `rows`, e.g. the page on screen. */
  setMany: (rows: readonly Row[], on: boolean) => void;
  clear: () => void;
};

/**
 * Selection for a DataTable. It survives paging (a bulk action acts on what was
 * ticked on every page) and is cleared whenever `resetKey` changes: a new filter
 * shows other rows, and acting on rows the user can no longer see surprises.
 */
export function useRowSelection<Row>(rowKey: (row: Row) => string, resetKey?: unknown): RowSelection<Row> {
  const [rows, setRows] = useState<ReadonlyMap<string, Row>>(() => new Map());
  const reset = JSON.stringify(resetKey ?? null);
  useEffect(() => setRows(new Map()), [reset]);

  const toggle = useCallback(
    (row: Row) =>
      setRows((m) => {
        const next = new Map(m);
        const key = rowKey(row);
        if (next.has(key)) next.delete(key);
        else next.set(key, row);
        return next;
      }),
    [rowKey],
  );
  const setMany = useCallback(
    (many: readonly Row[], on: boolean) =>
      setRows((m) => {
        const next = new Map(m);
        for (const row of many) {
          if (on) next.set(rowKey(row), row);
          else next.delete(rowKey(row));
        }
        return next;
      }),
    [rowKey],
  );
  const clear = useCallback(() => setRows(new Map()), []);
  const keys = useMemo(() => new Set(rows.keys()), [rows]);
  return { keys, rows, size: rows.size, toggle, setMany, clear };
}
