// "Request pickup": the parcels of a warehouse waiting for a company's live
// courier account, on a day and time; the courier's answer shown in its words.
// On Settings > Couriers (any warehouse) and in the ship dialog (the order's
// warehouse, when its courier is a live account: ShipPickup).
import { Alert, Button, Group, Select, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CourierPickupResponse } from '../../../domain/carriers';
import { indiaDate } from '../../../domain/india-time';
import { apiJson, fieldErrors } from '../../api/client';
import { DayInput } from '../../ui/DayInput';
import { courierConnectionsQuery } from './queries';

type Warehouse = { id: string; name: string };

/** The live courier accounts that take pickup requests (edge-api/carriers/live: both do). */
const TAKES_PICKUPS = new Set(['delhivery', 'shiprocket']);

export type RequestPickupProps = {
  connectionId: string;
  /** Warehouses to pick from; with `warehouseId` given, that one is asked for and no choice is shown. */
  warehouses?: readonly Warehouse[];
  warehouseId?: string;
  submitLabel?: string;
};

export function RequestPickup({ connectionId, warehouses = [], warehouseId: fixed, submitLabel = 'Request pickup' }: RequestPickupProps) {
  const [warehouseId, setWarehouseId] = useState<string | null>(fixed ?? warehouses[0]?.id ?? null);
  const [date, setDate] = useState(indiaDate());
  const [time, setTime] = useState('14:00');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ask = useMutation({
    mutationFn: () => apiJson<CourierPickupResponse>(`/api/integrations/connections/${connectionId}/pickup`, { method: 'POST', body: { warehouseId: fixed ?? warehouseId ?? '', date, time } }),
    onMutate: () => setErrors({}),
    onError: (err) => setErrors(fieldErrors(err)),
  });
  if (!fixed && !warehouses.length) return null;
  return (
    <form noValidate onSubmit={(ev) => { ev.preventDefault(); ask.mutate(); }} data-testid="request-pickup">
      <Group align="flex-end" wrap="wrap">
        {!fixed && (
          <Select size="xs" label="Pickup from" data={warehouses.map((w) => ({ value: w.id, label: w.name }))} value={warehouseId} onChange={setWarehouseId} allowDeselect={false} error={errors.warehouseId} />
        )}
        <DayInput size="xs" label="Pickup date" value={date} onChange={setDate} min={indiaDate()} max={indiaDate(Date.now() + 7 * 86_400_000)} error={errors.date} w={130} />
        <TextInput size="xs" label="Time" type="time" value={time} onChange={(e) => setTime(e.currentTarget.value)} error={errors.time} w={110} />
        <Button size="xs" type="submit" variant="default" loading={ask.isPending}>{submitLabel}</Button>
      </Group>
      {ask.data && <Alert mt="xs" p="xs" color={ask.data.ok ? 'green' : 'red'} data-testid="pickup-result">{ask.data.message}</Alert>}
      {ask.isError && !Object.keys(errors).length && <Alert mt="xs" p="xs" color="red" data-testid="pickup-result">{(ask.error as Error).message}</Alert>}
    </form>
  );
}

/**
 * The ship dialog's pickup request: shown only when the order's courier is the company's live account (the one a
 * booking goes through: its first active connection of that courier), for the order's warehouse.
 */
export function ShipPickup({ courierCode, companyId, warehouseId, size = 'sm' }: { courierCode: string; companyId: string; warehouseId: string | null; size?: 'xs' | 'sm' }) {
  const connections = useQuery({ ...courierConnectionsQuery(), retry: false, enabled: TAKES_PICKUPS.has(courierCode) && !!warehouseId });
  const [open, setOpen] = useState(false);
  const account = connections.data?.connections.find((c) => c.kind === courierCode && c.companyId === companyId && c.status === 'active');
  if (!account || !warehouseId) return null;
  if (!open) return <Button size={size} variant="light" onClick={() => setOpen(true)} data-testid="ship-pickup-open" w="fit-content">Request pickup</Button>;
  return <RequestPickup connectionId={account.id} warehouseId={warehouseId} submitLabel={`Ask ${account.label} to collect`} />;
}
