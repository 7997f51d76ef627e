import { useState } from 'react';
import { Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { companyWarehousesQuery, type OrderDetail } from '../queries';
import { FormButtons } from './FormButtons';

export type WarehouseFormProps = { order: OrderDetail; onDone: () => void };

/** Admin: ship from another warehouse that serves the company. */
export function WarehouseForm({ order, onDone }: WarehouseFormProps) {
  const list = useQuery(companyWarehousesQuery(order.companyId));
  const [value, setValue] = useState<string | null>(order.warehouseId);
  return (
    <Stack>
      <Select
        label="Warehouse"
        data={(list.data ?? []).filter((w) => w.active).map((w) => ({ value: w.id, label: `${w.name} (${w.city})` }))}
        value={value}
        onChange={setValue}
        disabled={list.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      <FormButtons
        onDone={onDone}
        disabled={!value || value === order.warehouseId}
        request={() => ({ path: `/api/orders/${order.id}/warehouse`, method: 'PATCH', body: { warehouseId: value }, success: 'Warehouse reassigned' })}
      />
    </Stack>
  );
}
