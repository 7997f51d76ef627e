import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Alert, Badge, Button, Card, CloseButton, Group, Image, NumberInput, Paper, Popover, Select, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOWNLOAD_CSV_ERROR } from '../../../domain/downloads';
import { indiaDateText } from '../../../domain/india-time';
import { formatPaise } from '../../../domain/remittance';
import {
  gramsToKg,
  OPTIONAL_WEIGHT_FIELDS,
  WEIGHT_FIELD_LABELS,
  WEIGHT_FIELDS,
  WEIGHT_STATUS_LABELS,
  type WeightField,
  type WeightImportResult,
  type WeightCourierTotals,
  type WeightOverview,
  type WeightRow,
} from '../../../domain/weights';
import { apiFetch, apiJson } from '../../api/client';
import { useSession } from '../../auth/useSession';
import { saveBlob } from '../downloads/files';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { useRowSelection } from '../../ui/useRowSelection';
import { CourierFileImport, errorText, inSeriesOrder, Stat } from './shared';

const KEY = ['finance', 'weights'] as const;
const STATUS_COLOURS: Record<string, string> = { match: 'green', auto_accepted: 'teal', open: 'orange', accepted: 'gray', disputed: 'blue', unknown_awb: 'red', not_weighed: 'grape' };
const DISPUTE_SERIES = [
  { name: 'open', label: 'Discrepancy', color: 'orange.6' },
  { name: 'disputed', label: 'Disputed', color: 'blue.6' },
  { name: 'accepted', label: 'Accepted', color: 'gray.5' },
  { name: 'autoAccepted', label: 'Within tolerance', color: 'teal.6' },
];
const kg = (g: number | null) => (g === null ? '—' : `${gramsToKg(g)} kg`);

/** Weight reconciliation: couriers' billed weights against packing, with the evidence and dispute deadlines. */
export function WeightsPage() {
  const session = useSession();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: ({ signal }) => apiJson<WeightOverview>('/api/weight-reconciliation', { signal }) });
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  const mayImport = session.role === 'finance' || session.role === 'admin';
  return (
    <Stack>
      <Title order={2}>Weight disputes</Title>
      {q.isError && (
        <Alert color="red" title="Could not load billed weights" data-testid="weights-error">
          {errorText(q.error).message}
          <Button size="xs" variant="light" ml="sm" onClick={() => void q.refetch()}>Try again</Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {mayImport && (
          <CourierFileImport<WeightField, WeightImportResult>
            title="Courier's billed weights"
            couriers={q.data?.couriers ?? []}
            fields={WEIGHT_FIELDS}
            labels={WEIGHT_FIELD_LABELS}
            optional={OPTIONAL_WEIGHT_FIELDS}
            hint="Columns of this courier's file (saved for the next file when changed; the extra charge may be left empty)"
            submitLabel="Import billed weights"
            path="/api/weight-reconciliation/import"
            resultTestId="weights-import-result"
            onDone={refresh}
          />
        )}
        {session.role === 'seller' && q.data && <ToleranceCard toleranceG={q.data.toleranceG ?? 0} onSaved={refresh} />}
      </SimpleGrid>
      {!q.data && !q.isError ? <Skeleton h={300} /> : q.data ? <Overview data={q.data} mayImport={mayImport} onChanged={refresh} /> : null}
    </Stack>
  );
}

function ToleranceCard({ toleranceG, onSaved }: { toleranceG: number; onSaved: () => void }) {
  const [value, setValue] = useState<number | string>(toleranceG);
  const save = useMutation({
    mutationFn: () => apiJson<{ message: string }>('/api/weight-reconciliation/tolerance', { method: 'PUT', body: { toleranceG: Number(value) } }),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: r.message });
      onSaved();
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Not saved', message: errorText(e).message }),
  });
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Text fw={600}>Tolerance</Text>
        <Text size="xs" c="dimmed">A billed weight this many grams above the weight recorded at packing is accepted without asking.</Text>
        <Group align="flex-end">
          <NumberInput label="Accept up to (grams)" min={0} max={5000} value={value} onChange={setValue} w={220} />
          <Button variant="default" onClick={() => save.mutate()} loading={save.isPending} disabled={Number(value) === toleranceG || value === ''}>Save</Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Overview({ data, mayImport, onChanged }: { data: WeightOverview; mayImport: boolean; onChanged: () => void }) {
  const [status, setStatus] = useState<string | null>(null);
  const [fileCourier, setFileCourier] = useState<string | null>(data.totals[0]?.courier ?? 'delhivery');
  const [busy, setBusy] = useState(false);
  const rows = data.rows.filter((r) => !status || r.status === status);
  const selection = useRowSelection<WeightRow>(byId, status);
  const selected = [...selection.keys];
  const decide = useMutation({
    mutationFn: (decision: 'accept' | 'dispute') => apiJson<{ message: string }>('/api/weight-reconciliation/decide', { method: 'POST', body: { ids: selected, decision } }),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: r.message });
      selection.clear();
      onChanged();
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Nothing changed', message: errorText(e).message }),
  });
  const confirm = (decision: 'accept' | 'dispute') =>
    modals.openConfirmModal({
      title: decision === 'accept' ? 'Accept billed weights' : 'Dispute billed weights',
      children: <Text size="sm">{decision === 'accept' ? `Accept the courier's weight for ${selected.length} AWBs? The extra charge stands.` : `Dispute ${selected.length} AWBs? They go into the dispute file for their courier.`}</Text>,
      labels: { confirm: decision === 'accept' ? 'Accept' : 'Dispute', cancel: 'Cancel' },
      onConfirm: () => decide.mutate(decision),
    });
  const download = async () => {
    if (!fileCourier) return;
    setBusy(true);
    try {
      const res = await apiFetch(`/api/weight-reconciliation/dispute-file?${new URLSearchParams({ courier: fileCourier })}`);
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        notifications.show({ color: 'red', title: 'Error', message: body.message || DOWNLOAD_CSV_ERROR });
        return;
      }
      saveBlob(await res.blob(), `weight-disputes-${fileCourier}.csv`);
    } finally {
      setBusy(false);
    }
  };
  const byCourier = data.totals.filter((t) => t.discrepancies > 0).map((t) => ({ courier: t.courier, open: t.open, disputed: t.disputed, accepted: t.accepted, autoAccepted: t.autoAccepted }));
  const sum = (k: 'discrepancies' | 'open' | 'extraPaise') => data.totals.reduce((s, t) => s + t[k], 0);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="Billed above packing" value={String(sum('discrepancies'))} />
        <Stat label="Waiting for a decision" value={String(sum('open'))} />
        <Stat label="Extra charges billed" value={formatPaise(sum('extraPaise'))} />
      </SimpleGrid>
      <Paper withBorder p="md" data-testid="disputes-chart">
        <Text fw={600} mb="xs">Billed above packing, by courier</Text>
        {byCourier.length === 0 ? (
          <Text c="dimmed" size="sm">No billed weights imported yet.</Text>
        ) : (
          <BarChart h={220} data={byCourier} dataKey="courier" type="stacked" maxBarWidth={80} withLegend {...inSeriesOrder(DISPUTE_SERIES.map((d) => d.name))} series={DISPUTE_SERIES} />
        )}
      </Paper>
      <Tabs defaultValue="rows">
        <Tabs.List>
          <Tabs.Tab value="rows">Billed weights ({data.rows.length})</Tabs.Tab>
          <Tabs.Tab value="totals">By courier</Tabs.Tab>
          {mayImport && <Tabs.Tab value="couriers">Couriers</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="rows" pt="sm">
          <Group mb="xs" justify="space-between">
            <Select placeholder="Any status" clearable w={220} aria-label="Status" data={Object.entries(WEIGHT_STATUS_LABELS).map(([value, label]) => ({ value, label }))} value={status} onChange={setStatus} />
            <Group>
              <Button variant="default" disabled={!selected.length} loading={decide.isPending} onClick={() => confirm('accept')}>Accept ({selected.length})</Button>
              <Button disabled={!selected.length} loading={decide.isPending} onClick={() => confirm('dispute')}>Dispute ({selected.length})</Button>
              <Select w={150} aria-label="Courier of the dispute file" data={data.couriers.map((c) => c.courier)} value={fileCourier} onChange={setFileCourier} allowDeselect={false} />
              <Button variant="light" onClick={download} loading={busy} disabled={!fileCourier}>Download dispute file</Button>
            </Group>
          </Group>
          <DataTable
            label="Billed weights"
            testId="weights-table"
            columns={WEIGHT_COLUMNS}
            rows={rows.slice(0, 300)}
            rowKey={byId}
            selection={selection}
            selectLabel={(r) => `Select ${r.awb}`}
            narrow="cards"
            empty={{ text: 'No billed weights imported yet.' }}
            striped
          />
        </Tabs.Panel>
        <Tabs.Panel value="totals" pt="sm">
          <DataTable label="Totals by courier" testId="weights-totals" columns={TOTAL_COLUMNS} rows={data.totals} rowKey={(t) => t.courier} narrow="cards" empty={{ text: 'No billed weights imported yet.' }} striped />
        </Tabs.Panel>
        {mayImport && (
          <Tabs.Panel value="couriers" pt="sm">
            <Stack gap="xs" maw={560}>
              {data.couriers.map((c) => <CourierDays key={c.courier} courier={c.courier} days={c.disputeDays} onSaved={onChanged} />)}
            </Stack>
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

const byId = (r: WeightRow) => r.id;

/** When and by whom the parcel was weighed, in India time. */
const weighedWhen = (iso: string) => new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });

/**
 * What packing recorded of the parcel, compact in the row (the photo's thumbnail, weight and box on one line)
 * with the rest behind "Details": volumetric weight, when, the packer and the photo larger (served to the
 * owning company, and finance and admin, only).
 */
function Evidence({ r }: { r: WeightRow }) {
  const [open, setOpen] = useState(false);
  const e = r.evidence;
  if (!e.weighedAt) return <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>Not weighed at packing</Text>;
  const box = `${e.lengthCm ?? '?'}×${e.breadthCm ?? '?'}×${e.heightCm ?? '?'} cm`;
  return (
    <Group gap={6} wrap="nowrap" data-testid="weight-evidence">
      {e.photoUrl ? (
        <a href={e.photoUrl} target="_blank" rel="noreferrer" aria-label={`Parcel photo of ${r.awb} (opens in a new tab)`} style={{ flexShrink: 0 }}>
          <Image src={e.photoUrl} alt={`Parcel photo of ${r.awb} at packing`} w={32} h={32} radius="sm" fit="cover" />
        </a>
      ) : null}
      <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
        {kg(e.packedWeightG)} · {box}
        {e.photoUrl ? null : <Text span size="xs" c="dimmed"> · no photo</Text>}
      </Text>
      <Popover opened={open} onChange={setOpen} position="bottom-end" withArrow shadow="md" width={300} trapFocus returnFocus>
        <Popover.Target>
          <Button size="compact-xs" variant="subtle" aria-label={`Evidence of ${r.awb}`} aria-expanded={open} onClick={() => setOpen((o) => !o)} style={{ flexShrink: 0 }}>Details</Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap={4} data-testid="weight-evidence-details">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>{r.awb}</Text>
              <CloseButton size="sm" aria-label="Close the evidence" onClick={() => setOpen(false)} />
            </Group>
            <Text size="sm">Weighed {kg(e.packedWeightG)} in a {box} box (volumetric {kg(e.volumetricWeightG)})</Text>
            <Text size="sm">{weighedWhen(e.weighedAt)} by {e.packedBy ?? 'unknown'}</Text>
            {e.photoUrl ? (
              <a href={e.photoUrl} target="_blank" rel="noreferrer">
                <Image src={e.photoUrl} alt={`Parcel photo of ${r.awb}, larger`} mah={200} fit="contain" radius="sm" />
              </a>
            ) : (
              <Text size="sm" c="dimmed">No photo taken at packing</Text>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}

/** The status, and under it the day a dispute is taken until (red, "closed", once it has passed). */
function StatusCell({ r }: { r: WeightRow }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color={STATUS_COLOURS[r.status]} data-testid="weight-status" style={{ flexShrink: 0, overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
        {WEIGHT_STATUS_LABELS[r.status]}
      </Badge>
      <Text size="xs" c={r.deadlinePassed ? 'red' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
        {r.deadlinePassed ? `Closed ${indiaDateText(r.disputeBy)}` : `Dispute by ${indiaDateText(r.disputeBy)}`}
      </Text>
    </Stack>
  );
}

const SOURCE_TITLES = { push: 'Sent by the courier\'s tracking push', poll: 'Read from the courier\'s tracking answer' } as const;

const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

const WEIGHT_COLUMNS: DataTableColumn<WeightRow>[] = [
  {
    key: 'awb', header: 'AWB', card: 'title',
    cell: (r) => (
      <Stack gap={0}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{r.awb}</Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{r.courier}{r.shopOrderId ? ` · ${r.shopOrderId}` : ''}</Text>
      </Stack>
    ),
  },
  { key: 'billed', header: 'Billed', align: 'right', cellProps: nowrap, cell: (r) => (r.source === 'file' ? kg(r.billedWeightG) : <span title={SOURCE_TITLES[r.source]}>{kg(r.billedWeightG)} · {r.source}</span>) },
  { key: 'packed', header: 'At packing', align: 'right', cellProps: nowrap, cell: (r) => kg(r.packedChargeableG) },
  { key: 'over', header: 'Over by', align: 'right', cellProps: nowrap, cell: (r) => (r.differenceG !== null && r.differenceG > 0 ? kg(r.differenceG) : '—') },
  { key: 'charge', header: 'Charge', align: 'right', cellProps: nowrap, cell: (r) => (r.chargePaise === null ? '—' : formatPaise(r.chargePaise)) },
  { key: 'evidence', header: 'Evidence', cell: (r) => <Evidence r={r} />, card: 'wide' },
  { key: 'status', header: 'Status · dispute by', label: 'Status', cell: (r) => <StatusCell r={r} /> },
];

const TOTAL_COLUMNS: DataTableColumn<WeightCourierTotals>[] = [
  { key: 'courier', header: 'Courier', cell: (t) => t.courier, card: 'title' },
  { key: 'billed', header: 'Billed', align: 'right', cell: (t) => t.billed },
  { key: 'above', header: 'Above packing', align: 'right', cell: (t) => t.discrepancies },
  { key: 'within', header: 'Within tolerance', align: 'right', cell: (t) => t.autoAccepted },
  { key: 'open', header: 'Open', align: 'right', cell: (t) => t.open },
  { key: 'disputed', header: 'Disputed', align: 'right', cell: (t) => t.disputed },
  { key: 'accepted', header: 'Accepted', align: 'right', cell: (t) => t.accepted },
  { key: 'extraG', header: 'Extra weight', align: 'right', cell: (t) => kg(t.extraG) },
  { key: 'extraP', header: 'Extra charges', align: 'right', cell: (t) => formatPaise(t.extraPaise) },
];

function CourierDays({ courier, days, onSaved }: { courier: string; days: number; onSaved: () => void }) {
  const [value, setValue] = useState<number | string>(days);
  const save = useMutation({
    mutationFn: () => apiJson('/api/weight-reconciliation/couriers', { method: 'PUT', body: { courier, disputeDays: Number(value) } }),
    onSuccess: onSaved,
    onError: (e) => notifications.show({ color: 'red', title: 'Not saved', message: errorText(e).message }),
  });
  return (
    <Group align="flex-end">
      <Text w={140}>{courier}</Text>
      <NumberInput label="Disputes taken for (days after billing)" min={1} max={60} value={value} onChange={setValue} w={280} />
      <Button variant="default" onClick={() => save.mutate()} loading={save.isPending} disabled={Number(value) === days}>Save</Button>
    </Group>
  );
}

