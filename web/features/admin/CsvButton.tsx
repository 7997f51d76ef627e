import { useState } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { DOWNLOAD_CSV_ERROR, EMAIL_TOO_MANY_ROWS, NO_ORDERS_FOR_FILTER } from '../../../domain/downloads';
import type { JobQueuedResponse } from '../../../domain/delivery';
import { apiFetch, apiJson } from '../../api/client';
import { qs } from './api';

export type CsvButtonProps = {
  /** GET path answering `{[countKey]: n, limit}` for the filter. */
  countPath: string;
  countKey: 'ordersCount' | 'journeyCount';
  csvPath: string;
  emailPath: string;
  filter: Record<string, string | undefined>;
  fileName: string;
  emptyText?: string;
};

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The count first; below the limit the CSV downloads directly, above it the
 * page asks for an e-mail address and the link is mailed.
 */
export function CsvButton(p: CsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const filterBody = Object.fromEntries(Object.entries(p.filter).filter(([, v]) => v)) as Record<string, string>;
  const askEmail = () => {
    let email = '';
    modals.openConfirmModal({
      title: 'Download by e-mail',
      children: (
        <Stack gap="xs">
          <Text size="sm">{EMAIL_TOO_MANY_ROWS}</Text>
          <TextInput label="Email" type="email" onChange={(e) => (email = e.currentTarget.value)} data-autofocus />
        </Stack>
      ),
      labels: { confirm: 'Send link', cancel: 'Cancel' },
      onConfirm: async () => {
        try {
          const r = await apiJson<JobQueuedResponse>(p.emailPath, {
            method: 'POST',
            body: { email, filter: { ...filterBody, ...(filterBody.orderStatus ? { orderStatus: filterBody.orderStatus.split(',') } : {}) } },
          });
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
      const count = await apiJson<Record<string, number>>(`${p.countPath}?${qs(p.filter)}`);
      const n = count[p.countKey] ?? 0;
      if (!n) {
        notifications.show({ color: 'yellow', message: p.emptyText ?? NO_ORDERS_FOR_FILTER });
        return;
      }
      if (n > (count.limit ?? Infinity)) {
        askEmail();
        return;
      }
      const res = await apiFetch(`${p.csvPath}?${qs(p.filter)}`);
      if (!res.ok || (res.headers.get('content-type') ?? '').includes('json')) {
        const body = (await res.json().catch(() => null)) as { emailRequired?: boolean } | null;
        if (body?.emailRequired) askEmail();
        else notifications.show({ color: 'red', message: DOWNLOAD_CSV_ERROR });
        return;
      }
      save(await res.blob(), p.fileName);
    } catch {
      notifications.show({ color: 'red', message: DOWNLOAD_CSV_ERROR });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" onClick={download} loading={busy} data-testid="csv-download">
      Download CSV
    </Button>
  );
}
