import { useState } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { DOWNLOAD_CSV_ERROR } from '../../../domain/downloads';
import { apiFetch, apiJson } from '../../api/client';

export type DownloadButtonProps = { filter: Record<string, unknown>; appType: 'admin' | 'seller' | 'wms' };

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** CSV of the current section and filter; a big one is e-mailed instead. */
export function DownloadButton({ filter, appType }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const askEmail = (message: string) => {
    let email = '';
    modals.openConfirmModal({
      title: 'Download by e-mail',
      children: (
        <Stack gap="xs">
          <Text size="sm">{message}</Text>
          <TextInput label="Email" type="email" onChange={(e) => (email = e.currentTarget.value)} data-autofocus />
        </Stack>
      ),
      labels: { confirm: 'Send link', cancel: 'Cancel' },
      onConfirm: async () => {
        try {
          const r = await apiJson<{ message: string }>('/api/download/email', { method: 'POST', body: { kind: 'csv:orders', filter, email } });
          notifications.show({ color: 'green', message: r.message });
        } catch (e) {
          notifications.show({ color: 'red', message: (e as Error).message || DOWNLOAD_CSV_ERROR });
        }
      },
    });
  };
  const download = async () => {
    setBusy(true);
    try {
      const res = await apiFetch('/api/download/csv/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filter, appType }),
      });
      if ((res.headers.get('content-type') ?? '').includes('json') || !res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string; emailRequired?: boolean } | null;
        if (body?.emailRequired) askEmail(body.message ?? '');
        else notifications.show({ color: 'red', message: body?.message || DOWNLOAD_CSV_ERROR });
        return;
      }
      save(await res.blob(), 'orders.csv');
    } catch {
      notifications.show({ color: 'red', message: DOWNLOAD_CSV_ERROR });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" size="sm" onClick={download} loading={busy}>Download</Button>
  );
}
