import { Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { DOWNLOAD_CSV_ERROR } from '../../../domain/downloads';
import { OwnAddressNote } from '../auth/emailVerification';

/**
 * A CSV too big to answer directly: asks where to e-mail its link, then
 * `send(email)` queues it; the server's message (or the spec's error text) is shown.
 * While the user's own address is unverified the dialog says it cannot be used and
 * offers the verification link.
 */
export function askEmailForLink(message: string, send: (email: string) => Promise<{ message: string }>) {
  let email = '';
  modals.openConfirmModal({
    title: 'Download by e-mail',
    children: (
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <OwnAddressNote />
        <TextInput label="Email" type="email" onChange={(e) => (email = e.currentTarget.value)} data-autofocus />
      </Stack>
    ),
    labels: { confirm: 'Send link', cancel: 'Cancel' },
    onConfirm: async () => {
      try {
        notifications.show({ color: 'green', message: (await send(email)).message });
      } catch (e) {
        notifications.show({ color: 'red', message: (e as Error).message || DOWNLOAD_CSV_ERROR });
      }
    },
  });
}
