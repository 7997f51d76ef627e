import { useState, type CSSProperties, type ReactNode } from 'react';
import { Group, Stack, Title, type MantineSpacing, type TitleOrder } from '@mantine/core';
import { DataTable, type DataTableProps } from './DataTable';
import { numberedPager, type NumberedPagerInput } from './Pager';
import { queryError } from './queryError';

/** What a list page reads of its TanStack query (a `useQuery` result fits). */
export type ListQuery<Data> = {
  data: Data | undefined;
  error: unknown;
  isError: boolean;
  isPending: boolean;
  isLoading?: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

export type PagedListInput<Data, Row> = {
  /** The rows of the page on screen, out of the query's answer. */
  rows: (data: Data) => readonly Row[] | undefined;
  /** Rows in every page together (the list's count). */
  total: (data: Data) => number;
  /** What DataTable's error says when the list could not be loaded (the server's message unless given). */
  error?: { title?: string; message?: ReactNode; testId?: string };
  /**
   * When the skeleton shows: 'pending' (default) until the first answer; 'loading' only while that
   * answer is being fetched (a query that waits, e.g. for a company, shows the empty state meanwhile).
   */
  skeleton?: 'pending' | 'loading';
} & Omit<NumberedPagerInput, 'total' | 'busy'>;

/** Where a list is in its pages: what the pager shows and how it moves (a part of PagedListInput). */
export type Paging = Pick<NumberedPagerInput, 'page' | 'pageSize' | 'onPage' | 'onPageSize' | 'pageSizes'>;

/**
 * Paging held in the page's own state: page 1 first, and again after a new page size or `toFirst()`
 * (a filter changed). With `pageSizes` the pager offers them ('Rows per page'); without, the size is fixed.
 */
export function usePaging(firstPageSize: number, { pageSizes }: { pageSizes?: readonly number[] } = {}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(firstPageSize);
  const onPageSize = (n: number) => {
    setPageSize(n);
    setPage(1);
  };
  const paging: Paging = pageSizes ? { page, pageSize, onPage: setPage, onPageSize, pageSizes } : { page, pageSize, onPage: setPage };
  return { paging, toFirst: () => setPage(1) };
}

/** Paging by a number kept in the URL's search params under `key` (page 1 when absent); a new page is written back with `set`. */
export function searchPaging<K extends string, S extends Partial<Record<K, number>>>(search: S, key: K, pageSize: number, set: (next: S & Record<K, number>) => void): Paging {
  return { page: search[key] ?? 1, pageSize, onPage: (page) => set({ ...search, [key]: page } as S & Record<K, number>) };
}

export type PagedTableProps<Row> = Required<Pick<DataTableProps<Row>, 'rows' | 'loading' | 'refreshing' | 'error' | 'pager'>>;

/**
 * DataTable's props for a list paged by number from its query: the rows, the skeleton on first load,
 * a dimmed table while the next page comes, the error with 'Try again', and a 'Page n of m' pager.
 */
export function pagedTable<Data, Row>(q: ListQuery<Data>, { rows, total, error, skeleton, ...pager }: PagedListInput<Data, Row>): PagedTableProps<Row> {
  return {
    rows: q.data === undefined ? undefined : rows(q.data),
    loading: skeleton === 'loading' ? !!q.isLoading : q.isPending,
    refreshing: q.isPlaceholderData && q.isFetching,
    error: queryError(q, error),
    pager: numberedPager({ ...pager, total: q.data === undefined ? 0 : total(q.data), busy: q.isFetching }),
  };
}

/** A page's title with its actions on the right (create, export...). */
export function PageHeader({ title, order = 2, actions }: { title: ReactNode; order?: TitleOrder; actions?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={order}>{title}</Title>
      {actions}
    </Group>
  );
}

/**
 * What a list page says of its DataTable. `rowKey` may be left out for rows with an `id` (the key then),
 * `label` for a page whose string title names the table too.
 */
export type ListTableProps<Row> = Omit<DataTableProps<Row>, keyof PagedTableProps<Row> | 'rowKey' | 'label'> & {
  label?: string;
  rowKey?: DataTableProps<Row>['rowKey'];
};

/** The key of a row that has an `id` (the default `rowKey` of list pages). */
export const byId = (row: unknown) => (row as { id: string }).id;

export type ListPageProps<Data, Row> = {
  /** The page's heading; leave it out for a list inside another page (a tab, a view). */
  title?: ReactNode;
  titleOrder?: TitleOrder;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
  /** Above the table: tabs, search box, filter inputs. */
  filters?: ReactNode;
  query: ListQuery<Data>;
  list: PagedListInput<Data, Row>;
  /** Everything DataTable takes but what comes from the query (rows, states, pager). */
  table: ListTableProps<Row>;
  /** After the table: the page's sliders, drawers and modals. */
  children?: ReactNode;
  gap?: MantineSpacing;
  testId?: string;
  style?: CSSProperties;
};

/** A list screen: title and actions, filters, and the query's rows in a DataTable with a numbered pager. */
export function ListPage<Data, Row>(p: ListPageProps<Data, Row>) {
  return (
    <Stack gap={p.gap} data-testid={p.testId} style={p.style}>
      {p.title !== undefined && <PageHeader title={p.title} order={p.titleOrder} actions={p.actions} />}
      {p.filters}
      <DataTable
        {...p.table}
        label={p.table.label ?? (typeof p.title === 'string' ? p.title : '')}
        rowKey={p.table.rowKey ?? byId}
        {...pagedTable(p.query, p.list)}
      />
      {p.children}
    </Stack>
  );
}

export type UrlListPageProps<Data, Row> = Omit<ListPageProps<Data, Row>, 'list'> & {
  /** The URL's search params: `page` is the page shown (1 when absent). */
  search: { page?: number };
  /** Writes the URL's search params (merged): a new page goes there. */
  go: (next: { page: number }) => void;
  list: Omit<PagedListInput<Data, Row>, 'page' | 'onPage'>;
};

/** A list screen whose page and filters live in the URL (the seller's catalogue, retailers, invoices): its table framed. */
export function UrlListPage<Data, Row>({ search, go, list, table, ...p }: UrlListPageProps<Data, Row>) {
  return <ListPage {...p} list={{ ...list, ...searchPaging(search, 'page', list.pageSize, go) }} table={{ withBorder: true, ...table }} />;
}
