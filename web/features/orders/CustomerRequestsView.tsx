import { useState } from 'react';
import { Anchor, Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CustomerRequestsResponse } from '../../../domain/orders/responses';
import { ListPage } from '../../ui/ListPage';
import { NdrInfoModal } from './NdrInfoModal';
import { formatDateTime, statusLabel } from './format';
import { REQUESTS_PAGE_SIZE, requestsParams, sideList } from './pageQueries';
import { customerRequestsQuery } from './queries';
import type { OrdersSearch } from './search';
import { useFailureToast } from './useFailureToast';

export type CustomerRequestsViewProps = { search: OrdersSearch; setSearch: (s: OrdersSearch) => void; onOpenOrder: (id: string) => void };

/** Requests customers made after a failed delivery; choosing a customer opens the NDR info modal. */
export function CustomerRequestsView({ search, setSearch, onOpenOrder }: CustomerRequestsViewProps) {
  const q = useQuery(customerRequestsQuery(requestsParams(search)));
  const [open, setOpen] = useState<string | null>(null);
  useFailureToast(q.error);
  return (
    <ListPage
      gap="sm"
      style={{ flex: 1, minWidth: 0 }}
      testId="customer-requests"
      query={q}
      list={sideList((d: CustomerRequestsResponse) => d.data, { search, setSearch, pageKey: 'rpage', pageSize: REQUESTS_PAGE_SIZE }, { many: 'requests' })}
      table={{
        label: 'Customer requests',
        minWidth: 760,
        columns: [
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
        ],
      }}
    >
      <NdrInfoModal requestId={open} onClose={() => setOpen(null)} onOpenOrder={(id) => { setOpen(null); onOpenOrder(id); }} />
    </ListPage>
  );
}
