import { Anchor, Badge, Box, Checkbox, Group, LoadingOverlay, ScrollArea, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { SortField, SortOrder } from '../../../domain/orders';
import { formatDate, formatDateTime, formatINR, ORDER_TYPE_LABELS, PAYMENT_LABELS, statusColour, statusLabel } from './format';
import type { OrderListItem } from './queries';
import { ReturnAction } from '../returns/ReturnAction';

export type OrdersTableProps = {
  rows: OrderListItem[];
  loading: boolean;
  refreshing: boolean;
  failed: boolean;
  emptyText: string;
  failedText: string;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (ids: string[], on: boolean) => void;
  sortField: SortField;
  sortOrder: SortOrder;
  onSort: (f: SortField) => void;
  onOpenOrder: (id: string) => void;
  onOpenProduct: (catalogueId: string) => void;
  showCompany: boolean;
  companyName: (id: string) => string;
};

function SortHeader({ field, label, p }: { field: SortField; label: string; p: OrdersTableProps }) {
  const active = p.sortField === field;
  const arrow = active ? (p.sortOrder === 'DESC' ? ' ↓' : ' ↑') : '';
  return (
    <Table.Th aria-sort={active ? (p.sortOrder === 'DESC' ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton onClick={() => p.onSort(field)} fw={600} fz="sm" data-testid={`sort-${field}`}>
        {label}
        {arrow}
      </UnstyledButton>
    </Table.Th>
  );
}

/** The dense order table: selection, sortable columns, order id opens the slider, a product opens its catalogue item. */
export function OrdersTable(p: OrdersTableProps) {
  const ids = p.rows.map((r) => r.id);
  const picked = ids.filter((id) => p.selected.has(id)).length;
  const cols = p.showCompany ? 10 : 9;
  return (
    <Box pos="relative" data-testid="orders-table-wrap" data-busy={p.loading || p.refreshing ? 'true' : 'false'}>
      <LoadingOverlay visible={p.refreshing} zIndex={5} overlayProps={{ blur: 0, backgroundOpacity: 0.35 }} loaderProps={{ size: 'sm' }} />
      {/* The table scrolls in its own viewport (at most the window's height), so its header stays on screen. */}
      <ScrollArea.Autosize type="auto" mah="max(22rem, calc(100dvh - var(--app-shell-header-offset, 0rem) - 8rem))" viewportProps={{ tabIndex: 0 }} data-testid="orders-scroll">
        <Table striped highlightOnHover stickyHeader verticalSpacing={6} horizontalSpacing="sm" fz="sm" miw={1000} data-testid="orders-table" styles={{ th: { whiteSpace: "nowrap" } }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>
                <Checkbox
                  aria-label="Select all orders on this page"
                  checked={ids.length > 0 && picked === ids.length}
                  indeterminate={picked > 0 && picked < ids.length}
                  onChange={(e) => p.onToggleAll(ids, e.currentTarget.checked)}
                  disabled={!ids.length}
                />
              </Table.Th>
              <Table.Th>Order</Table.Th>
              <SortHeader field="id" label="Order date" p={p} />
              {p.showCompany && <Table.Th>Company</Table.Th>}
              <Table.Th>Customer</Table.Th>
              <Table.Th>Destination</Table.Th>
              <Table.Th>Products</Table.Th>
              <SortHeader field="totalPaise" label="Amount" p={p} />
              <Table.Th>Status</Table.Th>
              <SortHeader field="updatedAt" label="Updated" p={p} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.loading &&
              Array.from({ length: 8 }, (_, i) => (
                <Table.Tr key={`sk${i}`}>
                  <Table.Td colSpan={cols}>
                    <Skeleton h={18} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {!p.loading && p.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={cols}>
                  <Text ta="center" c={p.failed ? 'red' : 'dimmed'} py="xl" role={p.failed ? 'alert' : undefined} data-testid="orders-empty">
                    {p.failed ? p.failedText : p.emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {!p.loading &&
              p.rows.map((r) => (
                <Table.Tr key={r.id} bg={p.selected.has(r.id) ? 'var(--mantine-primary-color-light)' : undefined} data-testid="order-row" data-order-id={r.id}>
                  <Table.Td>
                    <Checkbox aria-label={`Select order ${r.shopOrderId}`} checked={p.selected.has(r.id)} onChange={() => p.onToggle(r.id)} />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component="button" type="button" fw={600} fz="sm" onClick={() => p.onOpenOrder(r.id)} data-testid="order-link">
                      {r.shopOrderId}
                    </Anchor>
                    <Text fz={11} c="dimmed">
                      {r.shopType}
                      {r.orderType ? ` · ${ORDER_TYPE_LABELS[r.orderType]}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td title={formatDateTime(r.createdAt)}>{formatDate(r.createdAt)}</Table.Td>
                  {p.showCompany && <Table.Td>{p.companyName(r.companyId)}</Table.Td>}
                  <Table.Td>
                    <Text fz="sm">{r.customerName}</Text>
                    <Text fz={11} c="dimmed">{r.customerPhone}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{r.city}</Text>
                    <Text fz={11} c="dimmed">{r.pincode}</Text>
                  </Table.Td>
                  <Table.Td maw={260}>
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
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" fw={500} data-testid="order-amount">{formatINR(r.totalPaise)}</Text>
                    <Text fz={11} c="dimmed">{PAYMENT_LABELS[r.paymentMode] ?? r.paymentMode}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge color={statusColour(r.status)} variant="light" size="sm" data-testid="order-status">{statusLabel(r.status)}</Badge>
                      <ReturnAction order={r} size="compact-xs" />
                    </Group>
                    {r.trackingNumber && <Text fz={11} c="dimmed">{r.shipper} · {r.trackingNumber}</Text>}
                  </Table.Td>
                  <Table.Td title={formatDateTime(r.updatedAt)}>{formatDate(r.updatedAt)}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Box>
  );
}
