import type { MouseEvent, ReactNode } from 'react';
import {
  Alert, Box, Button, Checkbox, Group, LoadingOverlay, NativeSelect, Paper, ScrollArea, Skeleton, Stack, Table, Text, UnstyledButton, VisuallyHidden,
  type TableTdProps,
  type TableTrProps,
} from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { NOTHING_TO_DISPLAY } from '../../domain/orders/texts';
import classes from './DataTable.module.css';
import { Pager, type PagerProps } from './Pager';
import { TouchPager, type TouchPagerProps } from './TouchPager';
import type { RowSelection } from './useRowSelection';

/** What DataTable shows instead of the table when the list could not be loaded. */
export type DataTableError = { title?: string; message: ReactNode; onRetry?: () => void; testId?: string };

type DataAttributes = { [name: `data-${string}`]: string | number | boolean | undefined };

export type DataTableColumn<Row> = {
  key: string;
  /** The header cell; leave it out for a column of buttons (then `label` names it). */
  header?: ReactNode;
  /** The column's name: the header's accessible name when `header` is absent, and the cell's label in stacked cards. */
  label?: string;
  cell: (row: Row, index: number) => ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /** A sortable column: its header is a button, and says its order to screen readers (aria-sort). */
  sort?: { direction: 'ascending' | 'descending' | 'none'; onSort: () => void; testId?: string };
  /** More props of each of the column's cells (title, maw, fw, data-*). */
  cellProps?: (row: Row) => Omit<TableTdProps, 'children'> & DataAttributes;
  /** In stacked cards: 'title' shows without a label, 'wide' spans the card, 'action' is a full-width button. */
  card?: 'title' | 'wide' | 'action';
};

export type DataTableProps<Row> = {
  columns: readonly (DataTableColumn<Row> | false | null | undefined)[];
  /** The rows of the page on screen; undefined until the first answer. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** The table's accessible name (what a screen reader announces, and what tests find it by). */
  label: string;
  /** A visible caption under the table. */
  caption?: ReactNode;
  /** data-testid of the <table>; its wrapper gets `${testId}-wrap` (with data-busy). */
  testId?: string;
  /** First load: skeleton rows instead of the body. */
  loading?: boolean;
  skeletonRows?: number;
  /** A newer page is on its way while the last one stays on screen (dimmed, aria-busy). */
  refreshing?: boolean;
  /** Shown instead of the table (the page decides when: offline, what was loaded last stays, with no error). */
  error?: DataTableError | null | false;
  /** The empty state: its text (default 'Nothing to display here'), a title over it, and an action (e.g. 'Create driver'). */
  empty?: { title?: ReactNode; text?: ReactNode; action?: ReactNode; testId?: string };
  /** Paging under the table (see numberedPager() for lists paged by number). */
  pager?: PagerProps | null;
  /** Paging by thumb instead (the floor screens): Previous / page n of m / Next, 48 px targets, fits 360 px. */
  touchPager?: TouchPagerProps | null;
  /** Tick boxes per row and for the page, from useRowSelection(). */
  selection?: RowSelection<Row>;
  /** The accessible name of a row's tick box, e.g. `Select invoice ${row.number}`. */
  selectLabel?: (row: Row) => string;
  selectAllLabel?: string;
  /** What can be done with the selection: shown with its count in a bar that stays on screen while rows are ticked. */
  bulkActions?: ReactNode;
  /** A bar of one's own instead (always shown, sticky); it says the count itself. */
  bulkBar?: ReactNode;
  /** A click anywhere on a row (not on its own buttons or links). Keep a button in the row for keyboard users. */
  onRowClick?: (row: Row) => void;
  /** Attributes of each row (data-testid, data-*, bg). */
  rowProps?: (row: Row) => Omit<TableTrProps, 'children'> & DataAttributes;
  /**
   * Narrow screens. 'scroll' (default): a table while its columns fit; each row a card on a phone (below
   * 768 px) and wherever the page gives it less room than `minWidth` (a tablet, a narrow window), with the
   * page's tick box and the sort order above the cards. 'cards' stacks below 768 px and 'cards-tablet'
   * below 992 px, whatever the room.
   */
  narrow?: 'scroll' | 'cards' | 'cards-tablet';
  /** The room a 'scroll' table's columns need; with less it stacks (before its room is measured, it scrolls sideways). */
  minWidth?: number;
  /** Header stays in view: the table scrolls inside a viewport at most the window's height ('scroll'). */
  stickyHeader?: boolean;
  withBorder?: boolean;
  striped?: boolean;
  fz?: 'xs' | 'sm' | 'md' | 'lg';
  verticalSpacing?: number | 'xs' | 'sm' | 'md';
};

/** The viewport of a table with a sticky header: the window's height under the app header, never tiny. */
const VIEWPORT_MAX = 'max(22rem, calc(100dvh - var(--app-shell-header-offset, 0rem) - 8rem))';
/** Where each `narrow` layout stacks its rows into cards. */
const STACK_BELOW = { scroll: '(max-width: 47.99em)', cards: '(max-width: 47.99em)', 'cards-tablet': '(max-width: 61.99em)' } as const;
const INTERACTIVE = 'button, a, input, select, textarea, label, [role="button"], [role="checkbox"], [role="menuitem"]';

/**
 * Whether a table's rows are stacked into cards now (the `narrow` layout's breakpoint matches). Put
 * `stackedRowsClass` on a table of one's own while it is, and `data-label` on its cells, for the same cards.
 */
export function useStackedRows(narrow: NonNullable<DataTableProps<unknown>['narrow']> = 'scroll'): boolean {
  return useMediaQuery(STACK_BELOW[narrow], false, { getInitialValueInEffect: false });
}
export const stackedRowsClass = classes.stacked;

function SortHeader<Row>({ column }: { column: DataTableColumn<Row> }) {
  const sort = column.sort!;
  const arrow = sort.direction === 'descending' ? ' ↓' : sort.direction === 'ascending' ? ' ↑' : '';
  return (
    <UnstyledButton onClick={sort.onSort} fw={600} fz="inherit" data-testid={sort.testId}>
      {column.header ?? column.label}
      {arrow}
    </UnstyledButton>
  );
}

/**
 * The app's list table: loading skeleton, empty and error states, paging,
 * selection with a sticky bulk-action bar, sticky header, sortable columns, and
 * a narrow-screen layout (sideways scroll in its own focusable viewport, or cards).
 */
export function DataTable<Row>(p: DataTableProps<Row>) {
  const columns = p.columns.filter((c): c is DataTableColumn<Row> => !!c);
  const narrow = p.narrow ?? 'scroll';
  const sel = p.selection;
  const rows = p.rows ?? [];
  const span = columns.length + (sel ? 1 : 0);
  const loading = !!p.loading && !p.rows?.length;
  const busy = loading || !!p.refreshing;
  // One set of card rules (DataTable.module.css .stacked), put on while the layout's breakpoint matches.
  // A 'scroll' table also stacks where its columns would not fit (a tablet, a narrow window): never a sideways scroll
  // with buttons beyond the edge. The width is the space the page gives the table (0 until measured).
  const { ref: frame, width: room } = useElementSize();
  const stacked = useStackedRows(narrow) || (narrow === 'scroll' && !!p.minWidth && room > 0 && room < p.minWidth);
  // A 'scroll' table keeps a sideways scroll in its own viewport (for the moment before its room is measured) unless stacked.
  const scrolls = narrow === 'scroll' && !stacked;

  const pageKeys = rows.map(p.rowKey);
  const picked = sel ? pageKeys.filter((k) => sel.keys.has(k)).length : 0;
  const rowClick = p.onRowClick;
  const onRowClick = rowClick
    ? (row: Row) => (e: MouseEvent<HTMLTableRowElement>) => {
        if ((e.target as Element).closest(INTERACTIVE)) return;
        rowClick(row);
      }
    : undefined;

  const table = (
    <Table
      aria-label={p.label}
      aria-busy={busy}
      data-testid={p.testId}
      striped={p.striped ?? true}
      highlightOnHover
      stickyHeader={scrolls ? (p.stickyHeader ?? true) : false}
      verticalSpacing={p.verticalSpacing ?? 6}
      horizontalSpacing="sm"
      fz={p.fz ?? 'sm'}
      miw={scrolls ? p.minWidth : undefined}
      className={stacked ? classes.stacked : undefined}
      styles={{ th: { whiteSpace: 'nowrap' } }}
    >
      {p.caption && <Table.Caption>{p.caption}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          {sel && (
            <Table.Th w={40}>
              <Checkbox
                aria-label={p.selectAllLabel ?? 'Select all on this page'}
                checked={pageKeys.length > 0 && picked === pageKeys.length}
                indeterminate={picked > 0 && picked < pageKeys.length}
                disabled={!pageKeys.length}
                onChange={(e) => sel.setMany(rows, e.currentTarget.checked)}
              />
            </Table.Th>
          )}
          {columns.map((c) => (
            <Table.Th
              key={c.key}
              w={c.width}
              ta={c.align}
              aria-label={c.header === undefined && !c.sort ? c.label : undefined}
              aria-sort={c.sort ? c.sort.direction : undefined}
            >
              {c.sort ? <SortHeader column={c} /> : c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {loading &&
          Array.from({ length: p.skeletonRows ?? 6 }, (_, i) => (
            <Table.Tr key={`skeleton-${i}`} aria-hidden data-testid="data-table-skeleton">
              {Array.from({ length: span }, (_, j) => (
                <Table.Td key={j}>
                  <Skeleton h={16} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        {!loading && rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={span} data-wide>
              <Stack align="center" gap="xs" py="lg">
                {/* Divs, not paragraphs: a row's first paragraph is its title (e.g. an AWB); the empty row has none. */}
                {p.empty?.title && (
                  <Text component="div" fw={600} ta="center">
                    {p.empty.title}
                  </Text>
                )}
                <Text component="div" c="dimmed" ta="center" size="sm" data-testid={p.empty?.testId}>
                  {p.empty?.text ?? NOTHING_TO_DISPLAY}
                </Text>
                {p.empty?.action}
              </Stack>
            </Table.Td>
          </Table.Tr>
        )}
        {!loading &&
          rows.map((row, i) => {
            const key = p.rowKey(row);
            const on = sel?.keys.has(key) ?? false;
            return (
              <Table.Tr
                key={key}
                {...p.rowProps?.(row)}
                data-selected={on || undefined}
                {...(on ? { bg: 'var(--mantine-primary-color-light)' } : {})}
                className={onRowClick ? classes.clickable : undefined}
                onClick={onRowClick?.(row)}
              >
                {sel && (
                  <Table.Td>
                    <Checkbox aria-label={p.selectLabel?.(row) ?? `Select ${key}`} checked={on} onChange={() => sel.toggle(row)} />
                  </Table.Td>
                )}
                {columns.map((c) => {
                  const label = c.label ?? (typeof c.header === 'string' ? c.header : undefined);
                  return (
                    <Table.Td
                      key={c.key}
                      ta={c.align}
                      data-label={(stacked || narrow !== 'scroll') && !c.card ? label : undefined}
                      data-wide={c.card === 'wide' || undefined}
                      data-action={c.card === 'action' || undefined}
                      {...c.cellProps?.(row)}
                    >
                      {c.cell(row, i)}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
      </Table.Tbody>
    </Table>
  );

  const body =
    scrolls ? (
      (p.stickyHeader ?? true) ? (
        <ScrollArea.Autosize type="auto" mah={VIEWPORT_MAX} viewportProps={{ tabIndex: 0 }}>
          {table}
        </ScrollArea.Autosize>
      ) : (
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
          {table}
        </ScrollArea>
      )
    ) : (
      table
    );

  const showBar = p.bulkBar !== undefined || (sel && p.bulkActions !== undefined && sel.size > 0);
  const bar = showBar && (
    // Stays under the app header while the page scrolls, so it is near a selection deep in a long list.
    <Box pos="sticky" top="var(--app-shell-header-offset, 0rem)" py={4} style={{ zIndex: 7, background: 'var(--mantine-color-body)' }} data-testid="bulk-actions-bar">
      {p.bulkBar ?? (
        <Paper withBorder p="xs" bg="var(--mantine-primary-color-light)">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600} data-testid="selection-count">
              {sel!.size} selected
            </Text>
            {p.bulkActions}
            <Button size="xs" variant="subtle" onClick={sel!.clear}>
              Clear selection
            </Button>
          </Group>
        </Paper>
      )}
    </Box>
  );

  // The bar stays when the list fails: a selection (and a bulk job's progress) outlives a failed refresh.
  if (p.error) {
    return (
      <Stack gap="xs" style={{ minWidth: 0 }}>
        {bar}
        <Alert color="red" title={p.error.title} data-testid={p.error.testId}>
          <Stack gap="xs">
            <Text size="sm">{p.error.message}</Text>
            {p.error.onRetry && (
              <Button size="xs" variant="default" w="fit-content" onClick={p.error.onRetry}>
                Try again
              </Button>
            )}
          </Stack>
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="xs" style={{ minWidth: 0 }} ref={frame}>
      {bar}
      {stacked && <StackedHead columns={columns} rows={rows} selection={sel} picked={picked} pageSize={pageKeys.length} selectAllLabel={p.selectAllLabel} />}
      <Box pos="relative" data-testid={p.testId ? `${p.testId}-wrap` : undefined} data-busy={busy ? 'true' : 'false'}>
        {loading && <VisuallyHidden role="status">Loading…</VisuallyHidden>}
        <LoadingOverlay visible={!!p.refreshing && !loading} zIndex={5} overlayProps={{ blur: 0, backgroundOpacity: 0.35 }} loaderProps={{ size: 'sm' }} />
        {p.withBorder ? <Paper withBorder>{body}</Paper> : body}
      </Box>
      {p.pager && <Pager {...p.pager} />}
      {p.touchPager && <TouchPager {...p.touchPager} />}
    </Stack>
  );
}

/**
 * Above stacked cards, what the hidden header row held: the page's tick box and the sort order
 * (a column to sort by, and a button that turns the order round).
 */
function StackedHead<Row>(p: { columns: DataTableColumn<Row>[]; rows: readonly Row[]; selection?: RowSelection<Row>; picked: number; pageSize: number; selectAllLabel?: string }) {
  const sortable = p.columns.filter((c) => c.sort);
  const active = sortable.find((c) => c.sort!.direction !== 'none');
  if (!p.selection && !sortable.length) return null;
  const name = (c: DataTableColumn<Row>) => c.label ?? (typeof c.header === 'string' ? c.header : c.key);
  return (
    <Group gap="sm" wrap="wrap" align="flex-end" data-testid="stacked-head">
      {p.selection && (
        <Checkbox
          label={p.selectAllLabel ?? 'Select all on this page'}
          checked={p.pageSize > 0 && p.picked === p.pageSize}
          indeterminate={p.picked > 0 && p.picked < p.pageSize}
          disabled={!p.pageSize}
          onChange={(e) => p.selection!.setMany(p.rows, e.currentTarget.checked)}
        />
      )}
      {sortable.length > 0 && (
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <NativeSelect
            label="Sort by"
            value={active?.key ?? ''}
            data={[...(active ? [] : [{ value: '', label: 'Choose' }]), ...sortable.map((c) => ({ value: c.key, label: name(c) }))]}
            onChange={(e) => sortable.find((c) => c.key === e.currentTarget.value)?.sort!.onSort()}
            style={{ minWidth: 0 }}
          />
          {active && (
            <Button variant="default" onClick={active.sort!.onSort} aria-label={`Sort order: ${active.sort!.direction}, change`}>
              {active.sort!.direction === 'descending' ? '↓' : '↑'}
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
}
