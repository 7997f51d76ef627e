import { useState } from 'react';
import { Alert, Button, Group, Loader, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SERVER_ERROR_TITLE } from '../../../../domain/orders/texts';
import { shippingPackagesQuery, type OrderDetail } from '../queries';
import { useOrderMutation } from './useOrderMutation';

export type ShippingPackageFormProps = { order: OrderDetail; onDone: () => void };

export function ShippingPackageForm({ order, onDone }: ShippingPackageFormProps) {
  const run = useOrderMutation();
  const packages = useQuery(shippingPackagesQuery());
  const [value, setValue] = useState<string | null>(order.shippingPackageCode);
  const [busy, setBusy] = useState(false);
  if (packages.isPending) return <Loader aria-label="Loading packages" />;
  if (packages.isError) return <Alert color="red" title={SERVER_ERROR_TITLE}>{(packages.error as Error).message}</Alert>;
  return (
    <Stack>
      <Select
        label="Shipping package"
        data={packages.data.map((p) => ({ value: p.value, label: p.label }))}
        value={value}
        onChange={setValue}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>Close</Button>
        <Button
          disabled={!value}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            const r = await run({
              path: '/api/order-shipping-packages', method: 'PATCH', body: { orderId: order.id, selectedValue: value },
              success: 'Shipping package updated', failTitle: SERVER_ERROR_TITLE,
            });
            setBusy(false);
            if (r.ok) onDone();
          }}
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}
