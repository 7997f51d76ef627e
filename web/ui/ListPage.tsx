import type { CSSProperties, ReactNode } from 'react';
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
  table: Omit<DataTableProps<Row>, keyof PagedTableProps<Row>>;
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
      <DataTable {...p.table} {...pagedTable(p.query, p.list)} />
      {p.children}
    </Stack>
  );
}
