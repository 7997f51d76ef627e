import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { SortField, SortOrder } from '../../../domain/orders/paging';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import type { PagerProps } from '../../ui/Pager';
import type { RowSelection } from '../../ui/useRowSelection';
import { formatDate, formatDateTime, formatINR, ORDER_TYPE_LABELS, PAYMENT_LABELS, statusColour, statusLabel } from './format';
import type { NdrCase, OrderListItem } from './queries';
import { NdrNextCell, NdrReasonCell, NdrRequestCell } from './NdrCells';
import { ReturnAction } from '../returns/ReturnAction';

/** Staff (admin, warehouse) read several companies' orders: their list names each order's company. */
export const listsCompanies = (role: string) => role !== 'seller';

export type OrdersTableProps = {
  rows: OrderListItem[] | undefined;
  loading: boolean;
  refreshing: boolean;
  /** The list could not be loaded: this text, with Try again. */
  failed: { text: string; onRetry: () => void } | null;
  emptyText: string;
  selection: RowSelection<OrderListItem>;
  /** The bulk actions on the selection (they say its count), kept on screen. */
  bulkBar: ReactNode;
  pager: PagerProps | null;
  sortField: SortField;
  sortOrder: SortOrder;
  onSort: (f: SortField) => void;
  onOpenOrder: (id: string) => void;
  onOpenProduct: (catalogueId: string) => void;
  showCompany: boolean;
  companyName: (id: string) => string;
  /** The NDR section: each row's NDR facts by order id (its columns replace products and updated). */
  ndr?: Map<string, NdrCase>;
};

/** A column of a value over a smaller, dimmed one (name over phone, city over pincode). */
function twoLines(key: string, header: string, main: (r: OrderListItem) => ReactNode, sub: (r: OrderListItem) => ReactNode): DataTableColumn<OrderListItem> {
  return {
    key,
    header,
    cell: (r) => (
      <>
        <Text fz="sm">{main(r)}</Text>
        <Text fz={11} c="dimmed">{sub(r)}</Text>
      </>
    ),
  };
}

/** The dense order table: selection, sortable columns, order id opens the slider, a product opens its catalogue item. */
export function OrdersTable(p: OrdersTableProps) {
  const sortOf = (field: SortField) => ({
    direction: p.sortField === field ? (p.sortOrder === 'DESC' ? 'descending' : 'ascending') : 'none',
    onSort: () => p.onSort(field),
    testId: `sort-${field}`,
  }) as const;
  return (
    <DataTable
      label="Orders"
      testId="orders-table"
      minWidth={880}
      skeletonRows={8}
      rows={p.rows}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ 'data-testid': 'order-row', 'data-order-id': r.id })}
      loading={p.loading}
      refreshing={p.refreshing}
      error={p.failed && { message: p.failed.text, onRetry: p.failed.onRetry, testId: 'orders-failed' }}
      empty={{ text: p.emptyText, testId: 'orders-empty' }}
      selection={p.selection}
      selectLabel={(r) => `Select order ${r.shopOrderId}`}
      selectAllLabel="Select all orders on this page"
      bulkBar={p.bulkBar}
      pager={p.pager}
      columns={[
        {
          key: 'order',
          // An admin sees whose order it is under its id: a column of its own left a 1366 px laptop too narrow for the products.
          header: p.showCompany ? 'Order · Company' : 'Order',
          cellProps: () => (p.showCompany ? { miw: 150 } : {}),
          cell: (r) => (
            <>
              <Anchor component="button" type="button" fw={600} fz="sm" onClick={() => p.onOpenOrder(r.id)} data-testid="order-link">
                {r.shopOrderId}
              </Anchor>
              <Text fz={11} c="dimmed">
                {r.shopType}
                {r.orderType ? ` · ${ORDER_TYPE_LABELS[r.orderType]}` : ''}
              </Text>
              {p.showCompany && <Text fz="xs" data-testid="order-company">{p.companyName(r.companyId)}</Text>}
            </>
          ),
        },
        p.ndr ? null : { key: 'date', header: 'Order date', sort: sortOf('id'), cell: (r) => formatDate(r.createdAt), cellProps: (r) => ({ title: formatDateTime(r.createdAt) }) },
        twoLines('customer', 'Customer', (r) => r.customerName, (r) => r.customerPhone),
        // The NDR section makes room for its own columns: the order date and destination are in the order's panel.
        p.ndr ? null : twoLines('destination', 'Destination', (r) => r.city, (r) => r.pincode),
        ...(p.ndr
          ? [
              { key: 'ndr-reason', header: 'NDR reason · attempts', cellProps: () => ({ maw: 240 }), cell: (r: OrderListItem) => <NdrReasonCell c={p.ndr!.get(r.id)} /> },
              { key: 'ndr-request', header: 'Buyer’s request', cell: (r: OrderListItem) => <NdrRequestCell c={p.ndr!.get(r.id)} /> },
            ]
          : [
            {
              key: 'products',
              header: 'Products',
              cellProps: () => ({ maw: 260 }),
              cell: (r: OrderListItem) => (
                <Stack gap={0}>
                  {r.items.slice(0, 2).map((it) =>
                    it.catalogueId ? (
                      <Anchor key={it.id} component="button" type="button" fz="sm" ta="left" lineClamp={1} onClick={() => p.onOpenProduct(it.catalogueId!)}>
                        {it.title} × {it.quantity}
                      </Anchor>
                    ) : (
                      <Text key={it.id} fz="sm" lineClamp={1}>{it.title} × {it.quantity}</Text>
                    ),
                  )}
                  {r.items.length > 2 && <Text fz={11} c="dimmed">+{r.items.length - 2} more</Text>}
                </Stack>
              ),
            },
            ]),
        {
          key: 'amount',
          header: 'Amount',
          sort: sortOf('totalPaise'),
          cell: (r) => (
            <>
              <Text fz="sm" fw={500} data-testid="order-amount">{formatINR(r.totalPaise)}</Text>
              <Text fz={11} c="dimmed">{PAYMENT_LABELS[r.paymentMode] ?? r.paymentMode}</Text>
            </>
          ),
        },
        {
          key: 'status',
          header: 'Status',
          // Room for the longest status ('RTO out for delivery') whole.
          cellProps: () => ({ miw: 150 }),
          cell: (r) => (
            <>
              <Group gap={4}>
                <Badge color={statusColour(r.status)} variant="light" size="sm" data-testid="order-status">{statusLabel(r.status)}</Badge>
                <ReturnAction order={r} size="compact-xs" />
                {r.ewayBillNeeded && (
                  <Badge color="orange" variant="outline" size="sm" data-testid="order-ewb-needed" title="Worth more than ₹50,000: generate its e-way bill before it ships">E-way bill needed</Badge>
                )}
              </Group>
              {r.trackingNumber && <Text fz={11} c="dimmed">{r.shipper} · {r.trackingNumber}</Text>}
            </>
          ),
        },
        p.ndr
          ? { key: 'ndr-next', header: 'Next step', cellProps: () => ({ miw: 200 }), cell: (r: OrderListItem) => <NdrNextCell row={r} c={p.ndr!.get(r.id)} /> }
          : { key: 'updated', header: 'Updated', sort: sortOf('updatedAt'), cell: (r: OrderListItem) => formatDate(r.updatedAt), cellProps: (r: OrderListItem) => ({ title: formatDateTime(r.updatedAt) }) },
      ]}
    />
  );
}
