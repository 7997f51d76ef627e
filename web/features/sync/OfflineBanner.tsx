import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useOnline } from './useOnline';

/** The oldest data shown on this screen now: queries with observers, excluding the session. */
function shownSince(queryClient: ReturnType<typeof useQueryClient>): number | null {
  let oldest: number | null = null;
  for (const q of queryClient.getQueryCache().getAll()) {
    if (q.queryKey[0] === 'session' || q.getObserversCount() === 0 || q.state.data === undefined || !q.state.dataUpdatedAt) continue;
    oldest = oldest === null ? q.state.dataUpdatedAt : Math.min(oldest, q.state.dataUpdatedAt);
  }
  return oldest;
}

export const offlineSince = (ms: number) => `Offline - showing data from ${dayjs(ms).format('DD MMM YYYY, HH:mm')}`;

/**
 * Seller and admin screens without a network: says so, and from when the data
 * on screen is (it was saved on this device when last loaded). Actions that
 * need the server are disabled where they are (OfflineGate). Back online,
 * TanStack Query refetches by itself and the banner goes.
 */
export function OfflineBanner() {
  const online = useOnline();
  const queryClient = useQueryClient();
  const [since, setSince] = useState<number | null>(null);
  useEffect(() => {
    if (online) return;
    const update = () => setSince(shownSince(queryClient));
    update();
    return queryClient.getQueryCache().subscribe(update);
  }, [online, queryClient]);
  if (online) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconCloudOff size={20} aria-hidden />} mb="sm" p="xs" role="status" data-testid="offline-banner" title={since ? offlineSince(since) : 'Offline'}>
      {since
        ? 'Read-only: this is what this device last loaded. Actions that need the server are disabled until the network is back; the screen refreshes by itself then.'
        : 'This screen has not been loaded on this device yet, so there is nothing to show until the network is back.'}
    </Alert>
  );
}
