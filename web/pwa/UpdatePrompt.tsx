import { useEffect } from 'react';
import { Button, Group, Notification, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** Offers the new version when a deploy has a new service worker waiting; never reloads on its own. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });

  useEffect(() => {
    if (!offlineReady) return;
    notifications.show({ title: 'Ready to work offline', message: 'The app is installed on this device and opens without a network.', autoClose: 4000 });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady]);

  if (!needRefresh) return null;
  return (
    <Notification
      role="status"
      aria-live="polite"
      data-testid="pwa-prompt"
      title="A new version is available"
      onClose={() => setNeedRefresh(false)}
      style={{ position: 'fixed', bottom: 16, left: 16, zIndex: 1000, maxWidth: 360 }}
    >
      <Group justify="space-between" mt="xs">
        <Text size="sm">Reload to update. Queued work is kept.</Text>
        <Button size="xs" onClick={() => updateServiceWorker(true)}>
          Update
        </Button>
      </Group>
    </Notification>
  );
}
