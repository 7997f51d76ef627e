import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Stack, Table, Textarea } from '@mantine/core';
import { returnQuantityError } from '../../../../domain/orders/action-inputs';
import type { OrderDetail } from '../queries';
import { useOrderMutation } from './useOrderMutation';

export type ScheduleReturnFormProps = { order: OrderDetail; onDone: () => void };

/** Schedules a customer return (DTO): how many of each item come back. */
export function ScheduleReturnForm({ order, onDone }: ScheduleReturnFormProps) {
  const run = useOrderMutation();
  const [qty, setQty] = useState<Record<string, number>>(Object.fromEntries(order.items.map((i) => [i.id, 0])));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const items = order.items.map((i) => ({ id: i.id, returnQuantity: qty[i.id] ?? 0 }));
    const err = returnQuantityError(items, new Map(order.items.map((i) => [i.id, i.quantity])));
    setError(err);
    if (err) return;
    setBusy(true);
    const r = await run({ path: '/api/schedule_dto', method: 'POST', body: { splitOrderId: order.id, items, reason: reason || undefined }, success: 'Return scheduled' });
    setBusy(false);
    if (r.ok) onDone();
    else setError((r.error as Error).message);
  };
  return (
    <Stack>
      <Table fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Ordered</Table.Th>
            <Table.Th w={130}>Return</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>{i.title}</Table.Td>
              <Table.Td>{i.quantity}</Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`Return quantity of ${i.title}`}
                  min={0}
                  allowDecimal={false}
                  value={qty[i.id]}
                  onChange={(v) => setQty((q) => ({ ...q, [i.id]: Number(v) || 0 }))}
                  size="xs"
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Textarea label="Reason (optional)" maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize />
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>Close</Button>
        <Button onClick={submit} loading={busy}>Schedule Return</Button>
      </Group>
    </Stack>
  );
}
