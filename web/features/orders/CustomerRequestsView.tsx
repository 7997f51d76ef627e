import { useEffect, useRef, useState } from 'react';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { ERROR_TITLE, FAILED_TO_GET_ORDERS, LOAD_FAILED_FALLBACK, NOTHING_TO_DISPLAY } from '../../../domain/orders';
import { DataTable } from '../../ui/DataTable';
import { numberedPager } from '../../ui/Pager';
import { queryError } from '../../ui/queryError';
import { NdrInfoModal } from './NdrInfoModal';
import { formatDateTime, statusLabel } from './format';
import { REQUESTS_PAGE_SIZE, requestsParams } from './pageQueries';
import { customerRequestsQuery } from './queries';
import type { OrdersSearch } from './search';

export type CustomerRequestsViewProps = { search: OrdersSearch; setSearch: (s: OrdersSearch) => void; onOpenOrder: (id: string) => void };

/** Requests customers made after a failed delivery; choosing a customer opens the NDR info modal. */
export function CustomerRequestsView({ search, setSearch, onOpenOrder }: CustomerRequestsViewProps) {
  const q = useQuery(customerRequestsQuery(requestsParams(search)));
  const [open, setOpen] = useState<string | null>(null);
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (q.error && q.error !== shown.current) {
      shown.current = q.error;
      notifications.show({ color: 'red', title: ERROR_TITLE, message: (q.error as Error).message || FAILED_TO_GET_ORDERS });
    }
  }, [q.error]);
  return (
    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }} data-testid="customer-requests">
      <DataTable
        label="Customer requests"
        minWidth={760}
        rows={q.data?.data}
        rowKey={(r) => r.id}
        loading={q.isPending}
        refreshing={q.isPlaceholderData && q.isFetching}
        error={queryError(q, { message: LOAD_FAILED_FALLBACK })}
        empty={{ text: NOTHING_TO_DISPLAY }}
        columns={[
          {
            key: 'customer',
            header: 'Customer',
            cell: (r) => (
              <>
                <Anchor component="button" type="button" fz="sm" onClick={() => setOpen(r.id)}>{r.customerName}</Anchor>
                <Text fz={11} c="dimmed">{r.customerPhone}</Text>
              </>
            ),
          },
          { key: 'order', header: 'Order', cell: (r) => <Anchor component="button" type="button" fz="sm" onClick={() => onOpenOrder(r.orderId)}>{r.shopOrderId}</Anchor> },
          { key: 'request', header: 'Request', cell: (r) => (r.kind === 'address' ? 'Change address' : 'Re-attempt delivery') },
          { key: 'order-status', header: 'Order status', cell: (r) => statusLabel(r.orderStatus) },
          { key: 'state', header: 'State', cell: (r) => <Badge variant="light" size="sm" color={r.status === 'OPEN' ? 'orange' : 'green'}>{r.status}</Badge> },
          { key: 'asked', header: 'Asked', cell: (r) => formatDateTime(r.createdAt) },
        ]}
        pager={numberedPager({ page: search.rpage ?? 1, pageSize: REQUESTS_PAGE_SIZE, total: q.data?.currentCount ?? 0, onPage: (p) => setSearch({ ...search, rpage: p }), noun: 'requests', busy: q.isFetching })}
      />
      <NdrInfoModal requestId={open} onClose={() => setOpen(null)} onOpenOrder={(id) => { setOpen(null); onOpenOrder(id); }} />
    </Stack>
  );
}
