import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DOWNLOAD_CSV_ERROR } from '../../../domain/downloads';
import { apiFetch, apiJson } from '../../api/client';
import { askEmailForLink } from '../downloads/askEmailForLink';
import { saveBlob } from '../downloads/files';
import type { EmailDownloadQueued } from '../../../domain/downloads';

export type DownloadButtonProps = { filter: Record<string, unknown>; appType: 'admin' | 'seller' | 'wms' };


/** CSV of the current section and filter; a big one is e-mailed instead. */
export function DownloadButton({ filter, appType }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const askEmail = (message: string) =>
    askEmailForLink(message, (email) => apiJson<EmailDownloadQueued>('/api/download/email', { method: 'POST', body: { kind: 'csv:orders', filter, email } }));
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
      saveBlob(await res.blob(), 'orders.csv');
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
