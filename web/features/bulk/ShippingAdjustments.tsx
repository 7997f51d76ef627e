// Shipping-charge adjustments of an order (from the bulk upload), with who
// made them and when (India time); a section of the order slider, shown only
// when the order has any.
import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adjustmentChangePaise, type ShippingAdjustmentDto, type ShippingAdjustmentsResponse } from '../../../domain/bulk/types';
import { indiaDateTimeText } from '../../../domain/india-time';
import { formatINR } from '../../../domain/pricing';
import { apiJson } from '../../api/client';

export const shippingAdjustmentsQuery = (orderId: string) => ({
  queryKey: ['orders', orderId, 'shipping-adjustments'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiJson<ShippingAdjustmentsResponse>(`/api/orders/${encodeURIComponent(orderId)}/shipping-adjustments`, { signal }),
});

const signed = (paise: number) => (paise < 0 ? `− ${formatINR(-paise)}` : `+ ${formatINR(paise)}`);

/** What the adjustment was for: the order's forward shipping or its return (DTO). */
const reasonOf = (a: ShippingAdjustmentDto) => (a.isDto ? `Return (DTO) shipping, AWB ${a.awb}` : `Forward shipping, AWB ${a.awb}`);

export function ShippingAdjustments({ orderId }: { orderId: string }) {
  const q = useQuery(shippingAdjustmentsQuery(orderId));
  const list = q.data?.adjustments ?? [];
  if (!list.length) return null;
  return (
    <Stack gap={6} data-testid="shipping-adjustments">
      <Title order={3} size="h5">Shipping charge adjustments</Title>
      <Table fz="sm" verticalSpacing={4} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Charge</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>When (IST)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((a) => (
            <Table.Tr key={`${a.at}:${a.awb}:${a.isDto}`}>
              <Table.Td>
                {formatINR(a.shippingPaise)}
                {a.previousPaise !== null && <Text span size="xs" c="dimmed">{` (was ${formatINR(a.previousPaise)})`}</Text>}
              </Table.Td>
              <Table.Td>{signed(adjustmentChangePaise(a))}</Table.Td>
              <Table.Td>{reasonOf(a)}</Table.Td>
              <Table.Td>{a.by ?? '—'}</Table.Td>
              <Table.Td>{indiaDateTimeText(a.at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
