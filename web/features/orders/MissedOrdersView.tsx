import { useEffect, useRef } from 'react';
import { Badge, Group, MultiSelect, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { ERROR_TITLE, FAILED_TO_GET_ORDERS, LOAD_FAILED_FALLBACK, NOTHING_TO_DISPLAY, NOT_SYNCED, SYNCED } from '../../../domain/orders';
import { MISSED_ORDER_STATUSES } from '../../../domain/statuses';
import { useSession } from '../../auth/useSession';
import { formatDateTime } from './format';
import { missedOrdersQuery } from './queries';
import type { OrdersSearch } from './search';

export type MissedOrdersViewProps = { search: OrdersSearch; setSearch: (s: OrdersSearch) => void };

/** Orders a channel sent that could not be created: their own statuses (single-select unless admin) and sync state. */
export function MissedOrdersView({ search, setSearch }: MissedOrdersViewProps) {
  const session = useSession();
  const params: Record<string, string> = { page: String(search.mpage ?? 1), pageSize: '50' };
  if (search.mstatus) params.status = search.mstatus;
  if (search.sync) params.sync = search.sync;
  const q = useQuery(missedOrdersQuery(params));
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (q.error && q.error !== shown.current) {
      shown.current = q.error;
      notifications.show({ color: 'red', title: ERROR_TITLE, message: (q.error as Error).message || FAILED_TO_GET_ORDERS });
    }
  }, [q.error]);
  const statusData = MISSED_ORDER_STATUSES.map((s) => ({ value: s, label: s }));
  const rows = q.isError ? [] : (q.data?.order ?? []);
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
      <Table striped highlightOnHover fz="sm" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Sync</Table.Th>
            <Table.Th>Received</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && !q.isPending && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text ta="center" py="xl" c={q.isError ? 'red' : 'dimmed'}>{q.isError ? LOAD_FAILED_FALLBACK : NOTHING_TO_DISPLAY}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td fw={500}>{r.shopOrderId}</Table.Td>
              <Table.Td><Badge variant="light" size="sm">{r.status}</Badge></Table.Td>
              <Table.Td>{r.reason}</Table.Td>
              <Table.Td><Badge color={r.synced ? 'green' : 'orange'} variant="dot" size="sm">{r.syncState}</Badge></Table.Td>
              <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {q.data && q.data.page.pages > 1 && (
        <Pagination total={q.data.page.pages} value={q.data.page.current} onChange={(p) => setSearch({ ...search, mpage: p })} size="sm" />
      )}
    </Stack>
  );
}
