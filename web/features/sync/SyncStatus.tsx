import { Alert, Badge, Button, CloseButton, Group, Indicator, Popover, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
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
export function SyncStatus({ compact = false }: { compact?: boolean }) {
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

  // The server ended the session: nothing is sent until the user signs in again, however "online" the device is.
  useEffect(() => {
    if (!status.signedOut) {
      notifications.hide(SIGNED_OUT_NOTICE);
      return;
    }
    notifications.show({
      id: SIGNED_OUT_NOTICE,
      color: 'red',
      title: 'Not syncing: sign in again',
      message: 'Your session has ended. Changes stay on this device and are sent once you sign in again.',
      autoClose: false,
    });
  }, [status.signedOut]);

  const rejected = status.rejected.length;
  const color = !status.online ? 'orange' : rejected > 0 || status.signedOut ? 'red' : 'teal';
  const Icon = !status.online ? IconCloudOff : rejected > 0 || status.signedOut ? IconAlertTriangle : IconCloudCheck;

  return (
    // The badge sits outside the popover so that aria-expanded lands on the button, not on the badge's div.
    <Indicator label={rejected} size={18} color="red" disabled={rejected === 0} offset={4} data-testid="sync-rejected-count">
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={compact ? 'calc(100vw - 16px)' : 360} withinPortal shadow="md">
        <Popover.Target>
          <Button
            variant="light"
            color={color}
            onClick={() => setOpened((o) => !o)}
            leftSection={<Icon size={18} aria-hidden />}
            data-testid="sync-status"
            data-online={status.online ? 'true' : 'false'}
            data-pending={status.pending}
            data-last-sync={status.lastSyncAt ?? ''}
            data-signed-out={status.signedOut ? 'true' : 'false'}
            h={compact ? 44 : 40}
            px={compact ? 8 : undefined}
          >
            <span
              data-testid="sync-online"
              style={
                compact
                  ? {
                      position: 'absolute',
                      width: 1,
                      height: 1,
                      overflow: 'hidden',
                      clip: 'rect(0 0 0 0)',
                    }
                  : undefined
              }
            >
              {status.online ? 'Online' : 'Offline'}
            </span>{' '}
            {compact ? (
              // On a phone the waiting count is a number beside the cloud, not only the button's colour.
              <Text span fw={700} fz="md" data-testid="sync-pending-count">
                {status.pending}
              </Text>
            ) : (
              <Text span size="sm" ml={6} data-testid="sync-pending">
                {status.syncing ? 'syncing…' : `${status.pending} waiting`}
              </Text>
            )}
            {/* The button's own text is its name; these words are for screen readers only. */}
            <VisuallyHidden>
              {compact ? ' waiting' : ''}
              {rejected ? `, ${rejected} rejected` : ''}
              {status.signedOut ? ', not syncing: sign in again' : ''}
            </VisuallyHidden>
          </Button>
        </Popover.Target>
        <Popover.Dropdown data-testid="sync-details">
          <Stack gap="xs">
            <Group justify="space-between">
              <Badge color={status.online ? 'teal' : 'orange'} variant="filled">
                {status.online ? 'Online' : 'Offline'}
              </Badge>
              <Button
                size="xs"
                h={compact ? 44 : undefined}
                variant="light"
                leftSection={<IconRefresh size={14} />}
                loading={status.syncing}
                onClick={() => void sync.engine.sync()}
              >
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
            {status.signedOut && (
              <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={16} />} data-testid="sync-signed-out">
                <Text size="sm">{signedOutMessage(status.pending)}</Text>
                <Button size="xs" mt={6} h={compact ? 44 : undefined} color="red" onClick={signInAgain}>
                  Sign in again
                </Button>
              </Alert>
            )}
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
                          <CloseButton
                            size={compact ? 'xl' : undefined}
                            aria-label={`Dismiss: ${r.reason}`}
                            onClick={() => void sync.engine.dismissRejected(r.seq)}
                          />
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
    </Indicator>
  );
}

const SIGNED_OUT_NOTICE = 'sync-signed-out';

function signedOutMessage(pending: number) {
  const waiting = pending === 0 ? 'New changes stay' : pending === 1 ? 'The change waiting stays' : `The ${pending} changes waiting stay`;
  return `Your session has ended. ${waiting} on this device and ${pending === 1 ? 'is' : 'are'} sent once you sign in again.`;
}

/** A full load of the sign-in page: the session this page holds in memory is no longer valid. */
function signInAgain() {
  window.location.assign(`/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}

function useStorageEstimate(active: boolean) {
  const [estimate, setEstimate] = useState<{
    usage: number;
    quota: number;
  } | null>(null);
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
