import { useState } from 'react';
import { NumberInput, Stack, Table } from '@mantine/core';
import type { OrderDetail } from '../queries';
import { FormButtons } from './FormButtons';

export type QuantitiesFormProps = { order: OrderDetail; onDone: () => void };

/** Admin: item quantities (the order value follows). */
export function QuantitiesForm({ order, onDone }: QuantitiesFormProps) {
  const [qty, setQty] = useState<Record<string, number>>(Object.fromEntries(order.items.map((i) => [i.id, i.quantity])));
  return (
    <Stack>
      <Table fz="sm">
        <Table.Tbody>
          {order.items.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>{i.title}</Table.Td>
              <Table.Td w={120}>
                <NumberInput aria-label={`Quantity of ${i.title}`} min={1} allowDecimal={false} size="xs" value={qty[i.id]} onChange={(v) => setQty((q) => ({ ...q, [i.id]: Number(v) || 1 }))} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <FormButtons
        onDone={onDone}
        request={() => ({
          path: `/api/orders/${order.id}/items`, method: 'PATCH',
          body: { items: Object.entries(qty).map(([id, quantity]) => ({ id, quantity })) }, success: 'Quantities updated',
        })}
      />
    </Stack>
  );
}
