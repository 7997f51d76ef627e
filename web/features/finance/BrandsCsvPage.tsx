import { DayInput } from '../../ui/DayInput';
import { useState } from 'react';
import { Alert, Button, Card, Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BRANDS_CSV_DATE_RANGE_REQUIRED, brandsCsvSchema, isDtoStatus } from '../../../domain/finance';
import { ORDER_STATUSES } from '../../../domain/statuses';
import { apiFetch } from '../../api/client';
import { DOWNLOAD_CSV_ERROR } from '../../../domain/downloads';
import { saveBlob } from '../downloads/files';

/** The finance role's page: the brands CSV (part 2 §1, §6). */
export function BrandsCsvPage() {
  const [statuses, setStatuses] = useState<string[]>([]);
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [busy, setBusy] = useState(false);
  const query = { statuses: statuses.join(','), ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) };
  const check = brandsCsvSchema.safeParse(query);
  const error = check.success ? null : check.error.issues[0]?.message;
  const needsRange = statuses.some(isDtoStatus);

  const download = async () => {
    if (!check.success) return;
    setBusy(true);
    try {
      const res = await apiFetch(`/api/finance/brands/csv?${new URLSearchParams(query)}`);
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        notifications.show({ color: 'red', title: 'Error', message: body.message || DOWNLOAD_CSV_ERROR });
        return;
      }
      saveBlob(await res.blob(), 'brands.csv');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={720}>
      <Title order={2}>Brands CSV</Title>
      <Card withBorder>
        <Stack>
          <Text size="sm" c="dimmed">Orders and order value per brand and status. Leave statuses empty for every status.</Text>
          <MultiSelect label="Statuses" placeholder="All statuses" searchable clearable data={[...ORDER_STATUSES]} value={statuses} onChange={setStatuses} />
          <Group grow>
            <DayInput label="From" required={needsRange} value={startDate} onChange={setStart} />
            <DayInput label="To" required={needsRange} value={endDate} onChange={setEnd} />
          </Group>
          {needsRange && !error && <Text size="xs" c="dimmed">{BRANDS_CSV_DATE_RANGE_REQUIRED}</Text>}
          {error && <Alert color="orange" data-testid="brands-csv-error">{error}</Alert>}
          <Group justify="flex-end">
            <Button onClick={download} loading={busy} disabled={!!error}>Download brands CSV</Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
