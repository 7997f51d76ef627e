import { useEffect, useRef, useState } from 'react';
import { Anchor, Badge, Pagination, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { ERROR_TITLE, FAILED_TO_GET_ORDERS, LOAD_FAILED_FALLBACK, NOTHING_TO_DISPLAY } from '../../../domain/orders';
import { NdrInfoModal } from './NdrInfoModal';
import { formatDateTime, statusLabel } from './format';
import { customerRequestsQuery } from './queries';
import type { OrdersSearch } from './search';

export type CustomerRequestsViewProps = { search: OrdersSearch; setSearch: (s: OrdersSearch) => void; onOpenOrder: (id: string) => void };

/** Requests customers made after a failed delivery; choosing a customer opens the NDR info modal. */
export function CustomerRequestsView({ search, setSearch, onOpenOrder }: CustomerRequestsViewProps) {
  const q = useQuery(customerRequestsQuery({ page: String(search.rpage ?? 1), pageSize: '50' }));
  const [open, setOpen] = useState<string | null>(null);
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (q.error && q.error !== shown.current) {
      shown.current = q.error;
      notifications.show({ color: 'red', title: ERROR_TITLE, message: (q.error as Error).message || FAILED_TO_GET_ORDERS });
    }
  }, [q.error]);
  const rows = q.isError ? [] : (q.data?.data ?? []);
  return (
    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }} data-testid="customer-requests">
      <Table striped highlightOnHover fz="sm" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Order</Table.Th>
            <Table.Th>Request</Table.Th>
            <Table.Th>Order status</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Asked</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && !q.isPending && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text ta="center" py="xl" c={q.isError ? 'red' : 'dimmed'}>{q.isError ? LOAD_FAILED_FALLBACK : NOTHING_TO_DISPLAY}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component="button" type="button" fz="sm" onClick={() => setOpen(r.id)}>{r.customerName}</Anchor>
                <Text fz={11} c="dimmed">{r.customerPhone}</Text>
              </Table.Td>
              <Table.Td>
                <Anchor component="button" type="button" fz="sm" onClick={() => onOpenOrder(r.orderId)}>{r.shopOrderId}</Anchor>
              </Table.Td>
              <Table.Td>{r.kind === 'address' ? 'Change address' : 'Re-attempt delivery'}</Table.Td>
              <Table.Td>{statusLabel(r.orderStatus)}</Table.Td>
              <Table.Td><Badge variant="light" size="sm" color={r.status === 'OPEN' ? 'orange' : 'green'}>{r.status}</Badge></Table.Td>
              <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {q.data && q.data.page.pages > 1 && (
        <Pagination total={q.data.page.pages} value={q.data.page.current} onChange={(p) => setSearch({ ...search, rpage: p })} size="sm" />
      )}
      <NdrInfoModal requestId={open} onClose={() => setOpen(null)} onOpenOrder={(id) => { setOpen(null); onOpenOrder(id); }} />
    </Stack>
  );
}
