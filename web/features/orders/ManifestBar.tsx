import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useSession } from '../../auth/useSession';
import { useDownloads } from '../downloads/useDownloads';
import { useManifestTray } from '../downloads/manifestTray';
import { ConsolidateEwbModal } from './ConsolidateEwbModal';

/**
 * The manifest being built from shipped orders: its count, print it for the pickup, its orders' e-way bills
 * consolidated for one vehicle (sellers and admins), start a new one.
 */
export function ManifestBar() {
  const tray = useManifestTray();
  const d = useDownloads();
  const { role } = useSession();
  const [busy, setBusy] = useState(false);
  const [consolidating, setConsolidating] = useState(false);
  const n = tray.entries.length;
  if (!n) return null;
  const couriers = [...new Set(tray.entries.map((e) => e.shipper).filter(Boolean))];
  return (
    <Group gap="xs" data-testid="manifest-bar" wrap="nowrap">
      <Text size="sm" title={tray.entries.map((e) => e.shopOrderId).join(', ')}>
        Manifest: {n} {n === 1 ? 'order' : 'orders'}
        {couriers.length ? ` (${couriers.join(', ')})` : ''}
      </Text>
      <Button
        size="xs"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await d.openManifest(tray.entries.map((e) => e.id));
          } finally {
            setBusy(false);
          }
        }}
      >
        Print manifest
      </Button>
      {(role === 'seller' || role === 'admin') && (
        <Button size="xs" variant="light" onClick={() => setConsolidating(true)}>
          Consolidated e-way bill
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        onClick={() =>
          modals.openConfirmModal({
            title: 'Start a new manifest',
            children: <Text size="sm">The {n} {n === 1 ? 'order' : 'orders'} on this manifest are taken off it (the orders themselves are not changed).</Text>,
            labels: { confirm: 'Start a new manifest', cancel: 'Keep it' },
            onConfirm: tray.clear,
          })
        }
      >
        New manifest
      </Button>
      {consolidating && <ConsolidateEwbModal entries={tray.entries} onClose={() => setConsolidating(false)} />}
    </Group>
  );
}
