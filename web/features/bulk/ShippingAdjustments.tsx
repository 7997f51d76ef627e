// Shipping-charge adjustments of an order (from the bulk upload), with who
// made them and when; shown in the order slider.
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ShippingAdjustmentsResponse } from '../../../domain/bulk/types';
import { formatINR } from '../../../domain/pricing';
import { apiJson } from '../../api/client';

export function ShippingAdjustments({ orderId }: { orderId: string }) {
  const q = useQuery({
    queryKey: ['orders', orderId, 'shipping-adjustments'],
    queryFn: () => apiJson<ShippingAdjustmentsResponse>(`/api/orders/${encodeURIComponent(orderId)}/shipping-adjustments`),
  });
  const list = q.data?.adjustments ?? [];
  if (!list.length) return null;
  return (
    <Stack gap={2} mt="xs" data-testid="shipping-adjustments">
      <Text size="xs" c="dimmed">Shipping charge adjustments</Text>
      {list.map((a) => (
        <Text size="sm" key={`${a.at}:${a.awb}:${a.isDto}`}>
          {a.isDto ? 'Return' : 'Forward'} {formatINR(a.shippingPaise)}
          {a.previousPaise !== null ? ` (was ${formatINR(a.previousPaise)})` : ''} · {a.by ?? '—'} · {new Date(a.at).toLocaleString('en-IN')}
        </Text>
      ))}
    </Stack>
  );
}
