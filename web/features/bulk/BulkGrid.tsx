// The editable preview grid. Only the rows in view are rendered (fixed row
// height, windowed by scroll position), so 100,000 rows stay smooth without
// a virtualisation package. Every invalid cell is marked with its reason.
import { memo, useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Box, Text } from '@mantine/core';
import type { BulkColumn } from '../../../domain/bulk/types';
import type { BulkRow } from '../../../domain/bulk/rules';

export const ROW_HEIGHT = 54;
const OVERSCAN = 8;
const NUM_WIDTH = 64;
const colWidth = (c: BulkColumn) => Math.min(240, Math.max(120, c.key.length * 9 + 40));

export type CellReasons = Map<string, string>;
export const cellKey = (row: number, col: string) => `${row}:${col}`;

type Props = {
  columns: BulkColumn[];
  rows: BulkRow[];
  /** `${row}:${col}` (row 1-based) → reason. */
  reasons: CellReasons;
  /** Rows the server applied (shown done, no longer editable). */
  applied?: Set<number>;
  onEdit: (rowIndex: number, col: string, value: string) => void;
  height?: number;
  /** The rows shown (0-based indexes, in order); all when omitted (the 'rows with errors' filter passes its own). */
  shown?: number[];
  /** A cell to bring into view and focus (row 1-based); `n` makes the same cell asked again a new request. */
  focus?: { row: number; col: string; n: number } | null;
};

const Cell = memo(function Cell(props: { rowNo: number; col: BulkColumn; value: string; reason?: string; disabled: boolean; width: number; onEdit: (col: string, v: string) => void }) {
  const { rowNo, col, value, reason, disabled, width, onEdit } = props;
  return (
    <div style={{ width, flex: 'none', padding: '3px 4px', borderRight: '1px solid var(--mantine-color-gray-3)' }}>
      <input
        aria-label={`${col.key} row ${rowNo}`}
        data-col={col.key}
        aria-invalid={reason ? true : undefined}
        title={reason ?? col.note}
        value={value}
        disabled={disabled}
        onChange={(e) => onEdit(col.key, e.currentTarget.value)}
        style={{
          width: '100%', height: 26, boxSizing: 'border-box', font: 'inherit', fontSize: 13, padding: '2px 6px', borderRadius: 4,
          border: `1px solid ${reason ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-4)'}`,
          background: reason ? 'var(--mantine-color-red-0)' : disabled ? 'var(--mantine-color-gray-0)' : 'white',
        }}
      />
      {reason && (
        <div role="note" style={{ color: 'var(--mantine-color-red-8)', fontSize: 11, lineHeight: '16px', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={reason}>
          {reason}
        </div>
      )}
    </div>
  );
});

const Row = memo(function Row(props: { index: number; row: BulkRow; columns: BulkColumn[]; reasons: CellReasons; applied: boolean; onEdit: Props['onEdit']; style: CSSProperties; version: string }) {
  const { index, row, columns, reasons, applied, onEdit, style } = props;
  const edit = useCallback((col: string, v: string) => onEdit(index, col, v), [index, onEdit]);
  const rowNo = index + 1;
  // Every error of the row is marked where the row starts (the number column stays in view), whichever columns it is in.
  const wrong = columns.filter((c) => reasons.has(cellKey(rowNo, c.key)));
  return (
    <div role="row" data-row={rowNo} style={{ ...style, display: 'flex', borderBottom: '1px solid var(--mantine-color-gray-3)', background: applied ? 'var(--mantine-color-green-0)' : undefined }}>
      <div
        style={{
          width: NUM_WIDTH, flex: 'none', padding: '6px', fontSize: 12, color: 'var(--mantine-color-dimmed)', borderRight: '1px solid var(--mantine-color-gray-3)',
          position: 'sticky', left: 0, zIndex: 1, background: applied ? 'var(--mantine-color-green-0)' : wrong.length ? 'var(--mantine-color-red-0)' : 'white',
          borderLeft: wrong.length ? '3px solid var(--mantine-color-red-6)' : undefined,
        }}
        title={wrong.length ? wrong.map((c) => `${c.key}: ${reasons.get(cellKey(rowNo, c.key))}`).join('\n') : undefined}
      >
        {rowNo}{applied ? ' ✓' : ''}
        {wrong.length > 0 && (
          <div data-testid="row-errors" style={{ color: 'var(--mantine-color-red-8)', fontWeight: 600, fontSize: 11 }}>
            {wrong.length} {wrong.length === 1 ? 'error' : 'errors'}
          </div>
        )}
      </div>
      {columns.map((c) => (
        <Cell key={c.key} rowNo={rowNo} col={c} value={row[c.key] ?? ''} reason={reasons.get(cellKey(rowNo, c.key))} disabled={applied} width={colWidth(c)} onEdit={edit} />
      ))}
    </div>
  );
});

export function BulkGrid({ columns, rows, reasons, applied, onEdit, height = 420, shown, focus }: Props) {
  const [scrollTop, setScrollTop] = useState(0);
  const ref = useRef<HTMLDivElement>(null);
  const count = shown ? shown.length : rows.length;
  const total = count * ROW_HEIGHT;
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const width = NUM_WIDTH + columns.reduce((n, c) => n + colWidth(c), 0);
  const visible = [];
  for (let p = first; p < last; p++) {
    const i = shown ? shown[p] : p;
    const rowNo = i + 1;
    // A row re-renders only when its values or reasons change.
    const version = columns.map((c) => reasons.get(cellKey(rowNo, c.key)) ?? '').join('|');
    visible.push(
      <Row key={i} index={i} row={rows[i]} columns={columns} reasons={reasons} applied={!!applied?.has(rowNo)} onEdit={onEdit} version={version}
        style={{ position: 'absolute', top: p * ROW_HEIGHT, left: 0, height: ROW_HEIGHT, width }} />,
    );
  }

  // A cell asked for: scroll its row and column into view (past the sticky row numbers), then focus its input once drawn.
  const [pendingFocus, setPendingFocus] = useState<{ row: number; col: string } | null>(null);
  useEffect(() => {
    const box = ref.current;
    if (!focus || !box) return;
    const pos = shown ? shown.indexOf(focus.row - 1) : focus.row - 1;
    const colIndex = columns.findIndex((c) => c.key === focus.col);
    if (pos < 0 || colIndex < 0) return;
    const top = Math.max(0, pos * ROW_HEIGHT - Math.floor((height - ROW_HEIGHT) / 2));
    const left = Math.max(0, columns.slice(0, colIndex).reduce((n, c) => n + colWidth(c), 0) - 24);
    box.scrollTo({ top, left });
    setScrollTop(top);
    setPendingFocus({ row: focus.row, col: focus.col });
  }, [focus]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!pendingFocus) return;
    const input = ref.current?.querySelector<HTMLInputElement>(`[data-row="${pendingFocus.row}"] input[data-col="${CSS.escape(pendingFocus.col)}"]`);
    if (input) {
      input.focus({ preventScroll: true });
      setPendingFocus(null);
    }
  }, [pendingFocus, first, last]);

  return (
    <Box
      ref={ref}
      role="grid"
      aria-rowcount={rows.length}
      data-testid="bulk-grid"
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      style={{ height, overflow: 'auto', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, position: 'relative' }}
    >
      <div role="row" style={{ display: 'flex', position: 'sticky', top: 0, zIndex: 2, background: 'var(--mantine-color-gray-1)', width, borderBottom: '1px solid var(--mantine-color-gray-4)' }}>
        <div style={{ width: NUM_WIDTH, flex: 'none', padding: '6px', fontWeight: 600, fontSize: 12, position: 'sticky', left: 0, background: 'var(--mantine-color-gray-1)' }}>Row</div>
        {columns.map((c) => (
          <div key={c.key} role="columnheader" title={c.note} style={{ width: colWidth(c), flex: 'none', padding: '6px', fontWeight: 600, fontSize: 12 }}>
            {c.key}{c.required ? <Text span c="red" inherit> *</Text> : null}
          </div>
        ))}
      </div>
      <div style={{ position: 'relative', height: total, width }}>{visible}</div>
    </Box>
  );
}
