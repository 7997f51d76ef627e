import { useState } from 'react';
import { Group, NumberInput, Stack } from '@mantine/core';
import type { OrderDetail } from '../queries';
import { FormButtons } from './FormButtons';

export type WeightFormProps = { order: OrderDetail; onDone: () => void };

/** Admin: the weight and box size a courier is charged for. */
export function WeightForm({ order, onDone }: WeightFormProps) {
  const [v, setV] = useState({ weightG: order.weightG, lengthCm: order.dimensions.length, breadthCm: order.dimensions.breadth, heightCm: order.dimensions.height });
  const num = (k: keyof typeof v, label: string) => (
    <NumberInput label={label} min={1} value={v[k]} onChange={(x) => setV((s) => ({ ...s, [k]: Number(x) || 0 }))} />
  );
  return (
    <Stack>
      {num('weightG', 'Weight (g)')}
      <Group grow>
        {num('lengthCm', 'Length (cm)')}
        {num('breadthCm', 'Breadth (cm)')}
        {num('heightCm', 'Height (cm)')}
      </Group>
      <FormButtons onDone={onDone} request={() => ({ path: `/api/orders/${order.id}/weight`, method: 'PATCH', body: v, success: 'Weight updated' })} />
    </Stack>
  );
}
