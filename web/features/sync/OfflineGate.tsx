import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { NEEDS_NETWORK, useOnline } from './useOnline';

/**
 * Wraps controls that need the server. Offline, every button and field inside
 * is disabled (a disabled fieldset: nothing can slip through) and the reason
 * is written beside them; online it changes nothing (the children are never
 * remounted, so open dialogs and typed values survive a network blip).
 */
export function OfflineGate({ children, reason = NEEDS_NETWORK }: { children: ReactNode; reason?: string }) {
  const online = useOnline();
  return (
    <fieldset disabled={!online} data-testid="offline-gate" data-offline={online ? 'false' : 'true'} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {children}
      {!online && (
        <Text size="xs" c="dimmed" mt={4} data-testid="offline-reason">
          {reason}
        </Text>
      )}
    </fieldset>
  );
}
