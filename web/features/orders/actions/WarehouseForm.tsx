import { useState } from 'react';
import { Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../api/client';
import type { OrderDetail } from '../queries';
import { FormButtons } from './FormButtons';
import { useOrderMutation } from './useOrderMutation';
import type { CompanyWarehousesResponse } from '../../../../domain/manual-order';

export type WarehouseFormProps = { order: OrderDetail; onDone: () => void };

/** Admin: ship from another warehouse that serves the company. */
export function WarehouseForm({ order, onDone }: WarehouseFormProps) {
  const run = useOrderMutation();
  const list = useQuery({
    queryKey: ['company-warehouses', order.companyId],
    queryFn: ({ signal }) => apiJson<CompanyWarehousesResponse>(`/api/company/warehouses?companyId=${encodeURIComponent(order.companyId)}`, { signal }),
  });
  const [value, setValue] = useState<string | null>(order.warehouseId);
  const [busy, setBusy] = useState(false);
  return (
    <Stack>
      <Select
        label="Warehouse"
        data={(list.data?.warehouses ?? []).filter((w) => w.active).map((w) => ({ value: w.id, label: `${w.name} (${w.city})` }))}
        value={value}
        onChange={setValue}
        disabled={list.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      <FormButtons
        onDone={onDone}
        busy={busy}
        disabled={!value || value === order.warehouseId}
        onSave={async () => {
          setBusy(true);
          const r = await run({ path: `/api/orders/${order.id}/warehouse`, method: 'PATCH', body: { warehouseId: value }, success: 'Warehouse reassigned' });
          setBusy(false);
          if (r.ok) onDone();
        }}
      />
    </Stack>
  );
}

