// Shipping-charge adjustments of an order (from the bulk upload), with who
// made them and when (India time); a section of the order slider, shown only
// when the order has any.
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adjustmentChangePaise, type ShippingAdjustmentDto, type ShippingAdjustmentsResponse } from '../../../domain/bulk/types';
import { indiaDateTimeText } from '../../../domain/india-time';
import { formatINR } from '../../../domain/pricing';
import { apiJson } from '../../api/client';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';

export const shippingAdjustmentsQuery = (orderId: string) => ({
  queryKey: ['orders', orderId, 'shipping-adjustments'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiJson<ShippingAdjustmentsResponse>(`/api/orders/${encodeURIComponent(orderId)}/shipping-adjustments`, { signal }),
});

const signed = (paise: number) => (paise < 0 ? `− ${formatINR(-paise)}` : `+ ${formatINR(paise)}`);

/** What the adjustment was for: the order's forward shipping or its return (DTO). */
const reasonOf = (a: ShippingAdjustmentDto) => (a.isDto ? `Return (DTO) shipping, AWB ${a.awb}` : `Forward shipping, AWB ${a.awb}`);

const COLUMNS: DataTableColumn<ShippingAdjustmentDto>[] = [
  {
    key: 'charge',
    header: 'Charge',
    cell: (a) => (
      <>
        {formatINR(a.shippingPaise)}
        {a.previousPaise !== null && <Text span size="xs" c="dimmed">{` (was ${formatINR(a.previousPaise)})`}</Text>}
      </>
    ),
  },
  { key: 'change', header: 'Change', cell: (a) => signed(adjustmentChangePaise(a)) },
  { key: 'reason', header: 'Reason', cell: reasonOf },
  { key: 'by', header: 'By', cell: (a) => a.by ?? '—' },
  { key: 'when', header: 'When (IST)', cell: (a) => indiaDateTimeText(a.at) },
];

export function ShippingAdjustments({ orderId }: { orderId: string }) {
  const q = useQuery(shippingAdjustmentsQuery(orderId));
  const list = q.data?.adjustments ?? [];
  if (!list.length) return null;
  return (
    <Stack gap={6} data-testid="shipping-adjustments">
      <Title order={3} size="h5">Shipping charge adjustments</Title>
      <DataTable
        label="Shipping charge adjustments"
        rows={list}
        rowKey={(a) => `${a.at}:${a.awb}:${a.isDto}`}
        columns={COLUMNS}
        withBorder
        stickyHeader={false}
        striped={false}
        verticalSpacing={4}
      />
    </Stack>
  );
}
