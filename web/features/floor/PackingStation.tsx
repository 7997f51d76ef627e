import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { PackFilter } from '../../../domain/floor';
import { useFloorSync } from '../../local-db/useFloorSync';
import { feedback } from '../../scanner/feedback';
import { useScanner } from '../../scanner/useScanner';
import { useSyncOnline } from '../../local-db/engine';
import { ActivePacking } from './ActivePacking';
import { PackingList } from './PackingList';
import { takeNotice } from './notice';
import { ScanBox } from '../../ui/ScanBox';
import { ScannerSettingsButton } from '../../scanner/ScannerSettings';
import { useSession } from '../../auth/useSession';
import { ScanResult } from './ScanResult';

export interface PackingStationProps {
  /** The AWB being packed (query `t`), if any. */
  awb: string | undefined;
  filter: PackFilter;
  page: number;
  /** Only these orders (their AWBs or order numbers), when the orders page started fulfillment on a selection. */
  only?: readonly string[];
}

/**
 * /fulfillment: scan an AWB, then its WSINs until the order is packed. Works
 * from the orders kept on this device, with or without a network.
 */
export function PackingStation({ awb, filter, page, only }: PackingStationProps) {
  const sync = useFloorSync();
  const online = useSyncOnline(sync);
  const navigate = useNavigate();
  const session = useSession();
  useUnlockSoundOnFirstTouch();

  return (
    <Stack gap="xs" maw={1100} className="sd-floor-screen">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap">
          {/* Back goes to the floor's own list: from an order to the packing list; a warehouse user has no seller screen to go back to. */}
          {(awb || session.role !== 'warehouse') && (
            <Button
              variant="default"
              size="md"
              h={48}
              leftSection={<IconArrowLeft size={20} aria-hidden />}
              onClick={() => (awb ? navigate({ to: '/fulfillment', search: { filter, page, only: only?.join(',') } }) : navigate({ to: '/orders' }))}
            >
              Back
            </Button>
          )}
          <Title order={2} fz={{ base: 20, sm: 26 }}>
            Packing station
          </Title>
          <ScannerSettingsButton />
        </Group>
        {!online && (
          <Text size="sm" fw={600} c="orange.9" data-testid="floor-offline">
            Working offline: scans are saved on this device
          </Text>
        )}
      </Group>
      {awb ? <ActivePacking key={awb} awb={awb} sync={sync} /> : <PackingHome filter={filter} page={page} only={only} />}
    </Stack>
  );
}

function PackingHome({ filter, page, only }: { filter: PackFilter; page: number; only?: readonly string[] }) {
  const sync = useFloorSync();
  const navigate = useNavigate();
  // A scanned AWB that was not found comes back here with its reason, shown as the verdict.
  const [notice] = useState(takeNotice);
  const open = (code: string) => navigate({ to: '/fulfillment', search: { t: code.trim(), only: only?.join(',') } });
  useScanner({ onScan: ({ code }) => open(code) });
  return (
    <Stack gap="xs">
      <Text fz={{ base: 18, sm: 26 }} fw={700} data-testid="next-scan">
        Next: scan the AWB on the parcel
      </Text>
      <ScanBox label="AWB or order number" placeholder="Scan or type an AWB" onSubmit={(code) => open(code)} autoFocus testId="awb-input" />
      <ScanResult outcome={notice} compact />
      <PackingList sync={sync} filter={filter} page={page} only={only} onOpen={open} />
    </Stack>
  );
}

/**
 * Browsers allow sound only after a gesture. The audio context is created as
 * the screen opens (that can hold the main thread for ~100 ms, which must not
 * happen in the middle of a scanner burst) and resumed on the first tap or key.
 */
export function useUnlockSoundOnFirstTouch() {
  useEffect(() => {
    feedback.unlock();
    const resume = () => feedback.unlock();
    window.addEventListener('pointerdown', resume, { once: true });
    window.addEventListener('keydown', resume, { once: true });
    return () => {
      window.removeEventListener('pointerdown', resume);
      window.removeEventListener('keydown', resume);
    };
  }, []);
}
