import { Alert, Button, Grid, Group, Modal, NumberInput, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adjustSchema, belowZeroReason, inboundSchema, INVENTORY_TABS, scannedSchema, type InventoryDoc } from '../../../domain/floor';
import { useSession } from '../../auth/useSession';
import { useSyncStatus, type FloorSync } from '../../local-db/engine';
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
    <Modal opened onClose={onClose} size="80rem" fullScreen={phone} padding={phone ? 'sm' : 'md'} closeButtonProps={{ size: 'xl', 'aria-label': 'Close' }} title={<Title order={3}>{`${row.wsin}${row.productName ? ` · ${row.productName}` : ''}`}</Title>}>
      <Group gap={phone ? 'md' : 'xl'} mb="md" wrap="wrap">
        <Stat label="Quantity" value={row.quantity} testId="popup-quantity" />
        <Stat label="Blocked" value={row.blocked} />
        <Stat label="Scanned" value={row.scannedQuantity} testId="popup-scanned" />
        <Stat label="Location" value={row.location ?? '—'} />
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Tabs defaultValue="inbound" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="inbound" mih={44}>
                {INVENTORY_TABS.inbound}
              </Tabs.Tab>
              <Tabs.Tab value="adjust" mih={44}>
                {INVENTORY_TABS.adjust}
              </Tabs.Tab>
              {wms && (
                <Tabs.Tab value="scanned" mih={44}>
                  {INVENTORY_TABS.scanned}
                </Tabs.Tab>
              )}
            </Tabs.List>
            <Tabs.Panel value="inbound" pt="md">
              <InboundForm row={row} sync={sync} />
            </Tabs.Panel>
            <Tabs.Panel value="adjust" pt="md">
              <AdjustForm row={row} sync={sync} />
            </Tabs.Panel>
            {wms && (
              <Tabs.Panel value="scanned" pt="md">
                <ScannedForm row={row} sync={sync} />
              </Tabs.Panel>
            )}
          </Tabs>
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
    <form
      onSubmit={form.onSubmit(async (v) => {
        const ok = await save(INVENTORY_TABS.inbound, (s) =>
          s.engine.enqueue('inventory.inbound', { ...keyOf(row), accepted: Number(v.accepted), rejected: Number(v.rejected), remarks: v.remarks || undefined }),
        );
        if (ok) form.reset();
      })}
    >
      <Stack>
        <NumberInput label="Accepted quantity" min={0} allowDecimal={false} size="lg" hideControls inputMode="numeric" {...form.getInputProps('accepted')} />
        <NumberInput label="Rejected quantity" min={0} allowDecimal={false} size="lg" hideControls inputMode="numeric" {...form.getInputProps('rejected')} />
        <Textarea label="Remarks" autosize minRows={2} {...form.getInputProps('remarks')} />
        <Button type="submit" size="lg" h={48} loading={saving}>
          Save inbound
        </Button>
      </Stack>
    </form>
  );
}

function AdjustForm({ row, sync }: { row: InventoryDoc; sync: FloorSync }) {
  const { save, saving } = useSaveStock(sync);
  const form = useForm<{ delta: number | string; remarks: string }>({
    initialValues: { delta: '', remarks: '' },
    validate: (values) => {
      const errors = zodValidate(adjustSchema)(values);
      if (!errors.delta && row.quantity + Number(values.delta) < 0) errors.delta = belowZeroReason(row.wsin, row.quantity, Number(values.delta));
      return errors;
    },
  });
  return (
    <form
      onSubmit={form.onSubmit(async (v) => {
        const ok = await save(INVENTORY_TABS.adjust, (s) => s.engine.enqueue('inventory.adjust', { ...keyOf(row), delta: Number(v.delta), remarks: v.remarks.trim() }));
        if (ok) form.reset();
      })}
    >
      <Stack>
        <NumberInput label="Quantity (+ to add, − to remove)" allowDecimal={false} size="lg" hideControls {...form.getInputProps('delta')} />
        <Textarea label="Remarks" autosize minRows={2} withAsterisk {...form.getInputProps('remarks')} />
        <Button type="submit" size="lg" h={48} loading={saving}>
          Save adjustment
        </Button>
      </Stack>
    </form>
  );
}

function ScannedForm({ row, sync }: { row: InventoryDoc; sync: FloorSync }) {
  const { save, saving } = useSaveStock(sync);
  const form = useForm<{ quantity: number | string }>({ initialValues: { quantity: row.scannedQuantity }, validate: zodValidate(scannedSchema) });
  return (
    <form
      onSubmit={form.onSubmit(async (v) => {
        await save(INVENTORY_TABS.scanned, (s) => s.engine.enqueue('inventory.scanned', { ...keyOf(row), quantity: Number(v.quantity) }));
      })}
    >
      <Stack>
        <Alert color="gray" variant="light">
          The units counted on the shelf by scanning. The stock quantity is not changed.
        </Alert>
        <NumberInput label="Scanned quantity" min={0} allowDecimal={false} size="lg" hideControls inputMode="numeric" {...form.getInputProps('quantity')} />
        <Button type="submit" size="lg" h={48} loading={saving}>
          {INVENTORY_TABS.scanned}
        </Button>
      </Stack>
    </form>
  );
}
