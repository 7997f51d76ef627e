import { useEffect, useState } from 'react';
import { Badge, Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { toDay } from './FilterDrawer';
import { useQuery } from '@tanstack/react-query';
import type { MissedOrdersResponse } from '../../../domain/orders/responses';
import { NOT_SYNCED, SYNCED } from '../../../domain/orders/texts';
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
  const [text, setText] = useState(search.q ?? '');
  useEffect(() => setText(search.q ?? ''), [search.q]);
  const [range, setRange] = useState<[string | null, string | null]>([search.from ?? null, search.to ?? null]);
  useEffect(() => setRange([search.from ?? null, search.to ?? null]), [search.from, search.to]);
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
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setSearch({ ...search, q: text.trim() || undefined, mpage: undefined });
            }}
          >
            <TextInput aria-label="Search missed orders" placeholder="Order id or reason" value={text} onChange={(e) => setText(e.currentTarget.value)} w={200} />
          </form>
          <DatePickerInput
            type="range"
            aria-label="Received between"
            placeholder="Received between"
            clearable
            w={220}
            valueFormat="DD/MM/YYYY"
            value={range}
            onChange={([from, to]) => {
              const next: [string | null, string | null] = [toDay(from) ?? null, toDay(to) ?? null];
              setRange(next);
              if ((next[0] && next[1]) || (!next[0] && !next[1])) setSearch({ ...search, from: next[0] ?? undefined, to: next[1] ?? undefined, mpage: undefined });
            }}
          />
          <Select
            aria-label="Sync state"
            placeholder="Synced or not"
            data={[{ value: 'synced', label: SYNCED }, { value: 'not_synced', label: NOT_SYNCED }]}
            value={search.sync ?? null}
            onChange={(v) => setSearch({ ...search, sync: (v ?? undefined) as OrdersSearch['sync'], mpage: undefined })}
            clearable
            w={180}
          />
          <Button
            variant="default"
            component="a"
            href={`/api/missed-orders/csv?${new URLSearchParams(Object.fromEntries(Object.entries(missedParams(search)).filter(([k]) => k !== 'page' && k !== 'pageSize')))}`}
            download
            data-testid="missed-download"
          >
            Download
          </Button>
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
