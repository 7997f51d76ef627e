import { Alert, Button, Grid, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { WholeNumberInput, type WholeNumberInputProps } from '../../ui/WholeNumberInput';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { adjustSchema, belowZeroReason, inboundSchema, INVENTORY_TABS, scannedSchema, type InventoryDoc } from '../../../domain/floor';
import { useSession } from '../../auth/useSession';
import { useSyncStatus, type FloorSync } from '../../local-db/engine';
import { TouchTabs } from '../../ui/TouchTabs';
import { zodValidate } from '../../ui/zodForm';
import { InventoryTrail } from './InventoryTrail';

export interface InventoryPopupProps {
  row: InventoryDoc;
  sync: FloorSync;
  onClose: () => void;
}

/**
 * The inventory popup of one WSIN: Inventory Inbound, Inventory adjustment
 * and (WMS only) Update Scanned Stock, each saved as an offline command; the
 * trail on the right.
 */
export function InventoryPopup({ row, sync, onClose }: InventoryPopupProps) {
  const session = useSession();
  const wms = session.role === 'warehouse';
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false }) ?? false;
  return (
    <Modal opened onClose={onClose} size="80rem" fullScreen={phone} padding={phone ? 'sm' : 'md'} closeButtonProps={{ size: 'xl', 'aria-label': 'Close' }} title={<Text span fw={700} fz="h3">{`${row.wsin}${row.productName ? ` · ${row.productName}` : ''}`}</Text>}>
      <Group gap={phone ? 'md' : 'xl'} mb="md" wrap="wrap">
        <Stat label="Quantity" value={row.quantity} testId="popup-quantity" />
        <Stat label="Blocked" value={row.blocked} />
        <Stat label="Scanned" value={row.scannedQuantity} testId="popup-scanned" />
        <Stat label="Location" value={row.location ?? '—'} />
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <TouchTabs
            defaultValue="inbound"
            tabs={[
              { value: 'inbound', label: INVENTORY_TABS.inbound, panel: <InboundForm row={row} sync={sync} /> },
              { value: 'adjust', label: INVENTORY_TABS.adjust, panel: <AdjustForm row={row} sync={sync} /> },
              wms && { value: 'scanned', label: INVENTORY_TABS.scanned, panel: <ScannedForm row={row} sync={sync} /> },
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <InventoryTrail row={row} wms={wms} />
        </Grid.Col>
      </Grid>
    </Modal>
  );
}

function Stat({ label, value, testId }: { label: string; value: number | string; testId?: string }) {
  return (
    <div>
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fz={24} fw={800} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

type Enqueue = (sync: FloorSync) => Promise<number>;

/** Saves a stock command; online, waits for the server's verdict and shows it. */
function useSaveStock(sync: FloorSync) {
  const queryClient = useQueryClient();
  const status = useSyncStatus(sync);
  const [saving, setSaving] = useState(false);
  const save = async (what: string, enqueue: Enqueue): Promise<boolean> => {
    setSaving(true);
    try {
      const seq = await enqueue(sync);
      if (navigator.onLine && (await sync.engine.sync())) {
        const refused = sync.engine.getStatus().rejected.find((r) => r.seq === seq);
        if (refused) {
          notifications.show({ color: 'red', title: 'Error', message: refused.reason });
          return false;
        }
        notifications.show({ color: 'green', title: 'Success', message: `${what} saved` });
        await queryClient.invalidateQueries({ queryKey: ['inventory-trail'] });
      } else {
        notifications.show({ color: 'blue', title: `${what} saved on this device`, message: 'It is sent when the network is back.' });
      }
      return true;
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: error instanceof Error ? error.message : String(error) });
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { save, saving, online: status.online };
}

const keyOf = (row: InventoryDoc) => ({ warehouseId: row.warehouseId, companyId: row.companyId, wsin: row.wsin });

function InboundForm({ row, sync }: { row: InventoryDoc; sync: FloorSync }) {
  const { save, saving } = useSaveStock(sync);
  const form = useForm<{ accepted: number | string; rejected: number | string; remarks: string }>({
    initialValues: { accepted: '', rejected: 0, remarks: '' },
    validate: (values) => zodValidate(inboundSchema)({ ...values, remarks: values.remarks || undefined }),
  });
  return (
    <StockForm
      onSubmit={form.onSubmit(async (v) => {
        const ok = await save(INVENTORY_TABS.inbound, (s) =>
          s.engine.enqueue('inventory.inbound', { ...keyOf(row), accepted: Number(v.accepted), rejected: Number(v.rejected), remarks: v.remarks || undefined }),
        );
        if (ok) form.reset();
      })}
      submit="Save inbound"
      saving={saving}
    >
      <CountField label="Accepted quantity" {...form.getInputProps('accepted')} />
      <CountField label="Rejected quantity" {...form.getInputProps('rejected')} />
      <Textarea label="Remarks" autosize minRows={2} {...form.getInputProps('remarks')} />
    </StockForm>
  );
}

/** Add or Remove: a phone's numeric keypad has no minus key, so the sign is a choice of its own. */
const ADJUST_DIRECTIONS = [
  { value: 'add', label: 'Add' },
  { value: 'remove', label: 'Remove' },
] as const;
type AdjustDirection = (typeof ADJUST_DIRECTIONS)[number]['value'];

/** The signed adjustment of a direction and a count of units (NaN while the count is blank). */
function adjustmentDelta(direction: AdjustDirection, units: number | string): number {
  if (units === '' || units === null || units === undefined) return Number.NaN;
  const n = Number(units);
  return direction === 'remove' ? -n : n;
}

function AdjustForm({ row, sync }: { row: InventoryDoc; sync: FloorSync }) {
  const { save, saving } = useSaveStock(sync);
  const form = useForm<{ direction: AdjustDirection; units: number | string; remarks: string }>({
    initialValues: { direction: 'add', units: '', remarks: '' },
    validate: (values) => {
      const delta = adjustmentDelta(values.direction, values.units);
      const { delta: deltaError, ...errors } = zodValidate(adjustSchema)({ delta: Number.isNaN(delta) ? undefined : delta, remarks: values.remarks });
      const out: Record<string, string | undefined> = { ...errors };
      if (deltaError) out.units = deltaError;
      else if (row.quantity + delta < 0) out.units = belowZeroReason(row.wsin, row.quantity, delta);
      return out;
    },
  });
  const direction = form.values.direction;
  return (
    <StockForm
      onSubmit={form.onSubmit(async (v) => {
        const delta = adjustmentDelta(v.direction, v.units);
        const ok = await save(INVENTORY_TABS.adjust, (s) => s.engine.enqueue('inventory.adjust', { ...keyOf(row), delta, remarks: v.remarks.trim() }));
        if (ok) form.reset();
      })}
      submit="Save adjustment"
      saving={saving}
    >
      <SegmentedControl
        aria-label="Add or remove stock"
        data={ADJUST_DIRECTIONS.map((d) => ({ ...d }))}
        size="lg"
        fullWidth
        color={direction === 'remove' ? 'red' : 'teal'}
        {...form.getInputProps('direction')}
      />
      <CountField label={direction === 'remove' ? 'Units to remove' : 'Units to add'} {...form.getInputProps('units')} />
      <Textarea label="Remarks" autosize minRows={2} withAsterisk {...form.getInputProps('remarks')} />
    </StockForm>
  );
}

function ScannedForm({ row, sync }: { row: InventoryDoc; sync: FloorSync }) {
  const { save, saving } = useSaveStock(sync);
  const form = useForm<{ quantity: number | string }>({ initialValues: { quantity: row.scannedQuantity }, validate: zodValidate(scannedSchema) });
  return (
    <StockForm
      onSubmit={form.onSubmit(async (v) => {
        await save(INVENTORY_TABS.scanned, (s) => s.engine.enqueue('inventory.scanned', { ...keyOf(row), quantity: Number(v.quantity) }));
      })}
      submit={INVENTORY_TABS.scanned}
      saving={saving}
    >
      <Alert color="gray" variant="light">
        The units counted on the shelf by scanning. The stock quantity is not changed.
      </Alert>
      <CountField label="Scanned quantity" {...form.getInputProps('quantity')} />
    </StockForm>
  );
}

/** A count of units: whole, not below zero, a numeric keypad on a phone. */
function CountField(props: WholeNumberInputProps & { label: string }) {
  return <WholeNumberInput size="lg" {...props} />;
}

/** One stock form of the popup: its fields and a large save button. */
function StockForm({ onSubmit, submit, saving, children }: { onSubmit: FormEventHandler<HTMLFormElement>; submit: string; saving: boolean; children: ReactNode }) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack>
        {children}
        <Button type="submit" size="lg" h={48} loading={saving}>
          {submit}
        </Button>
      </Stack>
    </form>
  );
}
