import { Alert, Loader, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../format';
import { whatsappMessagesQuery } from '../queries';

/** NDR messages exchanged over WhatsApp for one order. */
export function WhatsappMessages({ orderId }: { orderId: string }) {
  const q = useQuery(whatsappMessagesQuery(orderId));
  if (q.isPending) return <Loader aria-label="Loading messages" />;
  if (q.isError) return <Alert color="red">{(q.error as Error).message}</Alert>;
  if (!q.data.length) return <Text c="dimmed">No WhatsApp messages for this order yet.</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2}>
      {q.data.map((m) => (
        <Timeline.Item key={m.id} title={m.message}>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">{formatDateTime(m.createdAt)}{m.sender ? ` · ${m.sender}` : ''}</Text>
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
