import { Badge, Group, MultiSelect, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { NOT_SYNCED, SYNCED, type MissedOrdersResponse } from '../../../domain/orders';
import { MISSED_ORDER_STATUSES } from '../../../domain/statuses';
import { useSession } from '../../auth/useSession';
import { ListPage } from '../../ui/ListPage';
import { formatDateTime } from './format';
import { MISSED_PAGE_SIZE, missedParams, sideList } from './pageQueries';
import { missedOrdersQuery } from './queries';
import type { OrdersSearch } from './search';
import { useFailureToast } from './useFailureToast';

export type MissedOrdersViewProps = { search: OrdersSearch; setSearch: (s: OrdersSearch) => void };

/** Orders a channel sent that could not be created: their own statuses (single-select unless admin) and sync state. */
export function MissedOrdersView({ search, setSearch }: MissedOrdersViewProps) {
  const session = useSession();
  const q = useQuery(missedOrdersQuery(missedParams(search)));
  useFailureToast(q.error);
  const statusData = MISSED_ORDER_STATUSES.map((s) => ({ value: s, label: s }));
  return (
    <ListPage
      gap="sm"
      style={{ flex: 1, minWidth: 0 }}
      testId="missed-orders"
      filters={
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
      }
      query={q}
      list={sideList((d: MissedOrdersResponse) => d.order, { search, setSearch, pageKey: 'mpage', pageSize: MISSED_PAGE_SIZE }, { many: 'missed orders', one: 'missed order' })}
      table={{
        label: 'Missed orders',
        minWidth: 720,
        columns: [
          { key: 'order', header: 'Order', cell: (r) => r.shopOrderId, cellProps: () => ({ fw: 500 }) },
          { key: 'status', header: 'Status', cell: (r) => <Badge variant="light" size="sm">{r.status}</Badge> },
          { key: 'reason', header: 'Reason', cell: (r) => r.reason },
          { key: 'sync', header: 'Sync', cell: (r) => <Badge color={r.synced ? 'green' : 'orange'} variant="dot" size="sm">{r.syncState}</Badge> },
          { key: 'received', header: 'Received', cell: (r) => formatDateTime(r.createdAt) },
        ],
      }}
    />
  );
}
