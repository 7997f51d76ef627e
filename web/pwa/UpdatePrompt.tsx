import { useEffect } from 'react';
import { Button, Group, Notification, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** The floor's screens: no notice over their order card or scan field (the sync status in the header speaks there). */
export const FLOOR_SCREEN = /^\/(fulfillment|returns|inventory)(\/|$)/;
/** The "Installed on this device" notice: shown once per device, and hidden as soon as a floor screen opens. */
export const INSTALLED_NOTICE_ID = 'pwa-installed';
const INSTALLED_NOTICE_SEEN = 'sd.installedNoticeSeen';
/** How long the notice may stay at most. Mantine pauses a notice's close while a pointer rests on it; the
 * notice lies over the top of the screen below the header, so a pointer parked there would otherwise keep it. */
export const INSTALLED_NOTICE_MAX_MS = 8000;

function noticeSeen(): boolean {
  try {
    return localStorage.getItem(INSTALLED_NOTICE_SEEN) === '1';
  } catch {
    return false;
  }
}

/** Offers the new version when a deploy has a new service worker waiting; never reloads on its own. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });

  useEffect(() => {
    if (!offlineReady) return;
    // Not over a floor screen's order card or scan field, and once per device.
    if (FLOOR_SCREEN.test(window.location.pathname) || noticeSeen()) {
      setOfflineReady(false);
      return;
    }
    try {
      localStorage.setItem(INSTALLED_NOTICE_SEEN, '1');
    } catch {
      /* private mode: it may show again next time */
    }
    // Only what is true for every screen: the app opens without a network. Packing, returns and stock
    // keep working on the device; other screens show what was last loaded, read-only.
    notifications.show({
      id: INSTALLED_NOTICE_ID,
      title: 'Installed on this device',
      message: 'The app now opens without a network. Packing, returns and stock work offline; other screens show what this device last loaded, read-only.',
      autoClose: 4000,
    });
    // Not cleared with this effect: setOfflineReady(false) below runs its cleanup at once. Hiding a gone notice does nothing.
    window.setTimeout(() => notifications.hide(INSTALLED_NOTICE_ID), INSTALLED_NOTICE_MAX_MS);
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
