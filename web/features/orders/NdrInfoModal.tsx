import { Alert, Badge, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, statusLabel } from './format';
import { customerRequestQuery } from './queries';
import { CustomerRequestDecision } from './CustomerRequestDecision';

export type NdrInfoModalProps = { requestId: string | null; onClose: () => void; onOpenOrder: (orderId: string) => void };

const KIND_LABELS: Record<string, string> = { reattempt: 'Re-attempt delivery', address: 'Change address' };
const PAYLOAD_LABELS: Record<string, string> = { date: 'Preferred date', landmark: 'Landmark', phone: 'Alternate phone', address: 'New address' };

/** What the customer asked for after a failed delivery (GET /api/customerRequests/find/{id}, data.data). */
export function NdrInfoModal({ requestId, onClose, onOpenOrder }: NdrInfoModalProps) {
  const q = useQuery(customerRequestQuery(requestId ?? ''));
  const r = q.data;
  return (
    <Modal opened={!!requestId} onClose={onClose} title="Customer request (NDR)" size="lg" data-testid="ndr-info">
      {q.isPending && <Loader aria-label="Loading request" />}
      {q.isError && <Alert color="red">{(q.error as Error).message}</Alert>}
      {r && (
        <Stack>
          <SimpleGrid cols={2} spacing="sm">
            <div>
              <Text size="xs" c="dimmed">Request</Text>
              <Text size="sm" fw={500}>{KIND_LABELS[r.kind] ?? r.kind}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">State</Text>
              <Badge variant="light" color={r.status === 'OPEN' ? 'orange' : r.status === 'DECLINED' ? 'red' : 'green'}>{r.status}</Badge>
            </div>
            {Object.entries(r.payload).map(([k, v]) => (
              <div key={k}>
                <Text size="xs" c="dimmed">{PAYLOAD_LABELS[k] ?? k}</Text>
                <Text size="sm">{String(v)}</Text>
              </div>
            ))}
            <div>
              <Text size="xs" c="dimmed">Asked</Text>
              <Text size="sm">{formatDateTime(r.createdAt)}</Text>
            </div>
          </SimpleGrid>
          <SimpleGrid cols={2} spacing="sm">
            <div>
              <Text size="xs" c="dimmed">Order</Text>
              <Text size="sm" fw={500} component="button" type="button" td="underline" style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }} onClick={() => onOpenOrder(r.orderId)}>
                {r.order.shopOrderId}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">Order status</Text>
              <Text size="sm">{statusLabel(r.order.status)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">Customer</Text>
              <Text size="sm">{r.order.customerName} · {r.order.customerPhone}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">Shipment</Text>
              <Text size="sm">{r.order.shipper ?? '—'} {r.order.awb ?? ''}</Text>
            </div>
          </SimpleGrid>
          <CustomerRequestDecision request={{ id: requestId ?? '', status: r.status, kind: r.kind }} />
        </Stack>
      )}
    </Modal>
  );
}
