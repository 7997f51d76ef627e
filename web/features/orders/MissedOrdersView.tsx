import { useEffect, useRef } from 'react';
import { Badge, Group, MultiSelect, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { ERROR_TITLE, FAILED_TO_GET_ORDERS, LOAD_FAILED_FALLBACK, NOTHING_TO_DISPLAY, NOT_SYNCED, SYNCED } from '../../../domain/orders';
import { MISSED_ORDER_STATUSES } from '../../../domain/statuses';
import { useSession } from '../../auth/useSession';
import { DataTable } from '../../ui/DataTable';
import { numberedPager } from '../../ui/Pager';
import { queryError } from '../../ui/queryError';
import { formatDateTime } from './format';
import { MISSED_PAGE_SIZE, missedParams } from './pageQueries';
import { missedOrdersQuery } from './queries';
import type { OrdersSearch } from './search';

export type MissedOrdersViewProps = { search: OrdersSearch; setSearch: (s: OrdersSearch) => void };

/** Orders a channel sent that could not be created: their own statuses (single-select unless admin) and sync state. */
export function MissedOrdersView({ search, setSearch }: MissedOrdersViewProps) {
  const session = useSession();
  const q = useQuery(missedOrdersQuery(missedParams(search)));
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (q.error && q.error !== shown.current) {
      shown.current = q.error;
      notifications.show({ color: 'red', title: ERROR_TITLE, message: (q.error as Error).message || FAILED_TO_GET_ORDERS });
    }
  }, [q.error]);
  const statusData = MISSED_ORDER_STATUSES.map((s) => ({ value: s, label: s }));
  return (
    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }} data-testid="missed-orders">
      <Group gap="xs">
        {session.role === 'admin' ? (
          <MultiSelect
            aria-label="Missed order status"
            placeholder="Any status"
            data={statusData}
            value={search.mstatus ? search.mstatus.split(',') : []}
            onChange={(v) => setSearch({ ...search, mstatus: v.join(',') || undefined, mpage: undefined })}
            clearable
            w={300}
          />
        ) : (
          <Select
            aria-label="Missed order status"
            placeholder="Any status"
            data={statusData}
            value={search.mstatus ?? null}
            onChange={(v) => setSearch({ ...search, mstatus: v ?? undefined, mpage: undefined })}
            clearable
            w={200}
          />
        )}
        <Select
          aria-label="Sync state"
          placeholder="Synced or not"
          data={[{ value: 'synced', label: SYNCED }, { value: 'not_synced', label: NOT_SYNCED }]}
          value={search.sync ?? null}
          onChange={(v) => setSearch({ ...search, sync: (v ?? undefined) as OrdersSearch['sync'], mpage: undefined })}
          clearable
          w={180}
        />
      </Group>
      <DataTable
        label="Missed orders"
        minWidth={720}
        rows={q.data?.order}
        rowKey={(r) => r.id}
        loading={q.isPending}
        refreshing={q.isPlaceholderData && q.isFetching}
        error={queryError(q, { message: LOAD_FAILED_FALLBACK })}
        empty={{ text: NOTHING_TO_DISPLAY }}
        columns={[
          { key: 'order', header: 'Order', cell: (r) => r.shopOrderId, cellProps: () => ({ fw: 500 }) },
          { key: 'status', header: 'Status', cell: (r) => <Badge variant="light" size="sm">{r.status}</Badge> },
          { key: 'reason', header: 'Reason', cell: (r) => r.reason },
          { key: 'sync', header: 'Sync', cell: (r) => <Badge color={r.synced ? 'green' : 'orange'} variant="dot" size="sm">{r.syncState}</Badge> },
          { key: 'received', header: 'Received', cell: (r) => formatDateTime(r.createdAt) },
        ]}
        pager={numberedPager({ page: search.mpage ?? 1, pageSize: MISSED_PAGE_SIZE, total: q.data?.currentCount ?? 0, onPage: (p) => setSearch({ ...search, mpage: p }), noun: 'missed orders', nounOne: 'missed order', busy: q.isFetching })}
      />
    </Stack>
  );
}
