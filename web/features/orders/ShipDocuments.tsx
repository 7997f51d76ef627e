import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useDownloads } from '../downloads/useDownloads';
import { useManifestTray, type ManifestEntry } from '../downloads/manifestTray';

export type ShipDocumentsProps = { order: ManifestEntry; size?: 'xs' | 'sm' };

/**
 * What a shipped order needs next, where it was shipped: its label and invoice opened to print, and a
 * place on the manifest of the courier's pickup (printed from the orders page's manifest bar).
 */
export function ShipDocuments({ order, size = 'xs' }: ShipDocumentsProps) {
  const d = useDownloads();
  const tray = useManifestTray();
  const [busy, setBusy] = useState<'label' | 'invoice' | null>(null);
  const print = (kind: 'label' | 'invoice') => async () => {
    setBusy(kind);
    try {
      await d.openDocument(kind, [order.id]);
    } finally {
      setBusy(null);
    }
  };
  const onManifest = tray.has(order.id);
  return (
    <Group gap="xs" wrap="wrap" data-testid="ship-documents">
      <Button size={size} variant="filled" onClick={print('label')} loading={busy === 'label'}>Print label</Button>
      <Button size={size} variant="light" onClick={print('invoice')} loading={busy === 'invoice'}>Print invoice</Button>
      {onManifest ? (
        <Button size={size} variant="subtle" color="green" onClick={() => tray.remove(order.id)} title="Take it off the manifest" data-testid="manifest-toggle">
          On the manifest ({tray.entries.length}) · Remove
        </Button>
      ) : (
        <Button size={size} variant="light" onClick={() => tray.add(order)} data-testid="manifest-toggle">Add to manifest</Button>
      )}
    </Group>
  );
}
