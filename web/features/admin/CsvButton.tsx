import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DOWNLOAD_CSV_ERROR, EMAIL_TOO_MANY_ROWS, NO_ORDERS_FOR_FILTER } from '../../../domain/downloads';
import type { JourneyCountResponse } from '../../../domain/admin';
import type { JobQueuedResponse, OrdersCountResponse } from '../../../domain/delivery';
import { apiFetch, apiJson } from '../../api/client';
import { askEmailForLink } from '../downloads/askEmailForLink';
import { saveBlob } from '../downloads/files';
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


/**
 * The count first; below the limit the CSV downloads directly, above it the
 * page asks for an e-mail address and the link is mailed.
 */
export function CsvButton(p: CsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const filterBody = Object.fromEntries(Object.entries(p.filter).filter(([, v]) => v)) as Record<string, string>;
  const askEmail = () =>
    askEmailForLink(EMAIL_TOO_MANY_ROWS, (email) =>
      apiJson<JobQueuedResponse>(p.emailPath, {
        method: 'POST',
        body: { email, filter: { ...filterBody, ...(filterBody.orderStatus ? { orderStatus: filterBody.orderStatus.split(',') } : {}) } },
      }),
    );
  const download = async () => {
    setBusy(true);
    try {
      const count = await apiJson<Partial<OrdersCountResponse & JourneyCountResponse>>(`${p.countPath}?${qs(p.filter)}`);
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
      saveBlob(await res.blob(), p.fileName);
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
