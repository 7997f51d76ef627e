import { Alert, Badge, Button, CloseButton, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchSession, sessionQuery } from '../../auth/session';
import { useSession } from '../../auth/useSession';
import { floorSyncFor, startFloorSync, updateFloorScope, useSyncStatus } from '../../local-db/engine';
import { describeCommand, formatBytes, formatWhen } from './format';

/**
 * The header's sync status: online or offline, commands waiting, commands the
 * server refused (with its reasons, until dismissed), last sync time and the
 * storage this device uses. Mounting it starts the user's sync engine.
 */
export function SyncStatus() {
  const session = useSession();
  const queryClient = useQueryClient();
  const sync = floorSyncFor(session);
  const status = useSyncStatus(sync);
  const [opened, setOpened] = useState(false);
  const storage = useStorageEstimate(opened);

  useEffect(() => {
    const refreshSession = async () => {
      try {
        const fresh = await fetchSession();
        queryClient.setQueryData(sessionQuery.queryKey, fresh);
        return fresh.isLogined && !fresh.offline;
      } catch {
        return false;
      }
    };
    const release = startFloorSync(session, refreshSession);
    // A page opened offline has no xsrf token yet: fetch the session as soon as the network is back.
    const onOnline = () => {
      if (session.offline) void refreshSession();
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      release();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session.user.id, session.offline]);

  useEffect(() => updateFloorScope(session), [session, session.selectedCompanyIds]);

  const rejected = status.rejected.length;
  const color = !status.online ? 'orange' : rejected > 0 ? 'red' : 'teal';
  const Icon = !status.online ? IconCloudOff : rejected > 0 ? IconAlertTriangle : IconCloudCheck;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} withinPortal shadow="md">
      <Popover.Target>
        <Indicator label={rejected} size={18} color="red" disabled={rejected === 0} offset={4} data-testid="sync-rejected-count">
          <Button
            variant="light"
            color={color}
            onClick={() => setOpened((o) => !o)}
            leftSection={<Icon size={18} aria-hidden />}
            data-testid="sync-status"
            data-online={status.online ? 'true' : 'false'}
            data-pending={status.pending}
            data-last-sync={status.lastSyncAt ?? ''}
            aria-label={`Sync: ${status.online ? 'online' : 'offline'}, ${status.pending} waiting${rejected ? `, ${rejected} rejected` : ''}`}
            h={40}
          >
            <span data-testid="sync-online">{status.online ? 'Online' : 'Offline'}</span>
            <Text span size="sm" ml={6} visibleFrom="sm" data-testid="sync-pending">
              {status.syncing ? 'syncing…' : `${status.pending} waiting`}
            </Text>
          </Button>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown data-testid="sync-details">
        <Stack gap="xs">
          <Group justify="space-between">
            <Badge color={status.online ? 'teal' : 'orange'} variant="filled">
              {status.online ? 'Online' : 'Offline'}
            </Badge>
            <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} loading={status.syncing} onClick={() => void sync.engine.sync()}>
              Sync now
            </Button>
          </Group>
          <Text size="sm">
            {status.pending === 0 ? 'Nothing waiting to sync.' : `${status.pending} ${status.pending === 1 ? 'change' : 'changes'} waiting to sync.`}
          </Text>
          <Text size="sm" data-testid="sync-last">
            Last synced: {status.lastSyncAt ? formatWhen(status.lastSyncAt) : 'never on this device'}
          </Text>
          <Text size="sm" c="dimmed">
            Storage used: {storage ? `${formatBytes(storage.usage)} of ${formatBytes(storage.quota)}` : '…'}
          </Text>
          {status.lastError && (
            <Text size="xs" c="dimmed">
              Last attempt: {status.lastError}
            </Text>
          )}
          {rejected > 0 && (
            <>
              <Text fw={700} size="sm" c="red">
                Refused by the server ({rejected})
              </Text>
              <ScrollArea.Autosize mah={260}>
                <Stack gap="xs" data-testid="sync-rejected">
                  {status.rejected.map((r) => (
                    <Alert key={r.seq} color="red" variant="light" p="xs" icon={<IconAlertTriangle size={16} />}>
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <div>
                          <Text size="sm" fw={600}>
                            {describeCommand(r.name, r.args)}
                          </Text>
                          <Text size="sm" data-testid="sync-rejected-reason">
                            {r.reason}
                          </Text>
                        </div>
                        <CloseButton aria-label={`Dismiss: ${r.reason}`} onClick={() => void sync.engine.dismissRejected(r.seq)} />
                      </Group>
                    </Alert>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function useStorageEstimate(active: boolean) {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !navigator.storage?.estimate) return;
    let live = true;
    void navigator.storage.estimate().then((e) => {
      if (live) setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0 });
    });
    return () => {
      live = false;
    };
  }, [active]);
  return estimate;
}
