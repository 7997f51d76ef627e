import { useState } from 'react';
import { Group, NumberInput, Stack } from '@mantine/core';
import type { OrderDetail } from '../queries';
import { FormButtons } from './FormButtons';
import { useOrderMutation } from './useOrderMutation';

export type WeightFormProps = { order: OrderDetail; onDone: () => void };

/** Admin: the weight and box size a courier is charged for. */
export function WeightForm({ order, onDone }: WeightFormProps) {
  const run = useOrderMutation();
  const [v, setV] = useState({ weightG: order.weightG, lengthCm: order.dimensions.length, breadthCm: order.dimensions.breadth, heightCm: order.dimensions.height });
  const [busy, setBusy] = useState(false);
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
      <FormButtons
        onDone={onDone}
        busy={busy}
        onSave={async () => {
          setBusy(true);
          const r = await run({ path: `/api/orders/${order.id}/weight`, method: 'PATCH', body: v, success: 'Weight updated' });
          setBusy(false);
          if (r.ok) onDone();
        }}
      />
    </Stack>
  );
}

