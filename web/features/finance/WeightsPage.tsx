import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Alert, Badge, Button, Card, Checkbox, FileInput, Group, NumberInput, Paper, ScrollArea, Select, SimpleGrid, Skeleton, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOWNLOAD_CSV_ERROR } from '../../../domain/downloads';
import { formatPaise } from '../../../domain/remittance';
import {
  gramsToKg,
  WEIGHT_FIELD_LABELS,
  WEIGHT_FIELDS,
  WEIGHT_STATUS_LABELS,
  type WeightImportResult,
  type WeightMapping,
  type WeightOverview,
  type WeightRow,
} from '../../../domain/weights';
import { apiFetch, apiJson } from '../../api/client';
import { useSession } from '../../auth/useSession';
import { saveBlob } from '../downloads/files';
import { errorText, Failure, inSeriesOrder, Stat, toBase64 } from './shared';

const KEY = ['finance', 'weights'] as const;
const STATUS_COLOURS: Record<string, string> = { match: 'green', auto_accepted: 'teal', open: 'orange', accepted: 'gray', disputed: 'blue', unknown_awb: 'red', not_weighed: 'grape' };
const DISPUTE_SERIES = [
  { name: 'open', label: 'Discrepancy', color: 'orange.6' },
  { name: 'disputed', label: 'Disputed', color: 'blue.6' },
  { name: 'accepted', label: 'Accepted', color: 'gray.5' },
  { name: 'autoAccepted', label: 'Within tolerance', color: 'teal.6' },
];
const kg = (g: number | null) => (g === null ? '—' : `${gramsToKg(g)} kg`);
const dmy = (isoDate: string) => isoDate.slice(0, 10).split('-').reverse().join('/');

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
        {mayImport && <ImportCard couriers={q.data?.couriers ?? []} onDone={refresh} />}
        {session.role === 'seller' && q.data && <ToleranceCard toleranceG={q.data.toleranceG ?? 0} onSaved={refresh} />}
      </SimpleGrid>
      {!q.data && !q.isError ? <Skeleton h={300} /> : q.data ? <Overview data={q.data} mayImport={mayImport} onChanged={refresh} /> : null}
    </Stack>
  );
}

function ImportCard({ couriers, onDone }: { couriers: WeightOverview['couriers']; onDone: () => void }) {
  const [courier, setCourier] = useState<string | null>('delhivery');
  const [file, setFile] = useState<File | null>(null);
  const saved = couriers.find((c) => c.courier === courier);
  const [mapping, setMapping] = useState<Partial<WeightMapping>>({});
  const shown: Partial<WeightMapping> = { ...(saved?.mapping ?? {}), ...mapping };
  const [result, setResult] = useState<WeightImportResult | null>(null);
  const [failure, setFailure] = useState<{ message: string; rows: string[] } | null>(null);
  const m = useMutation({
    mutationFn: async () => {
      const changed = Object.keys(mapping).length > 0;
      return apiJson<WeightImportResult>('/api/weight-reconciliation/import', {
        method: 'POST',
        body: { courier, fileName: file!.name, contentBase64: await toBase64(file!), ...(changed ? { mapping: { ...shown, charge: shown.charge || undefined } } : {}) },
      });
    },
    onSuccess: (r) => {
      setResult(r);
      setFailure(null);
      setMapping({});
      notifications.show({ color: 'green', message: r.message });
      onDone();
    },
    onError: (e) => {
      setResult(null);
      setFailure(errorText(e));
    },
  });
  const courierOptions = [...new Set([...couriers.map((c) => c.courier), ...(courier ? [courier] : [])])];
  const required = WEIGHT_FIELDS.filter((f) => f !== 'charge');
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Text fw={600}>Courier&apos;s billed weights</Text>
        <Group grow align="flex-end">
          <Select label="Courier" data={courierOptions} value={courier} searchable allowDeselect={false} onChange={(v) => { setCourier(v); setMapping({}); }} />
          <FileInput label="File (CSV or XLSX)" placeholder="Choose a file" accept=".csv,.xlsx,text/csv" value={file} onChange={setFile} clearable />
        </Group>
        <Text size="xs" c="dimmed">Columns of this courier&apos;s file (saved for the next file when changed; the extra charge may be left empty)</Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {WEIGHT_FIELDS.map((f) => (
            <TextInput key={f} size="xs" label={WEIGHT_FIELD_LABELS[f]} value={shown[f] ?? ''} maxLength={80} onChange={(e) => setMapping({ ...mapping, [f]: e.currentTarget.value })} />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={() => m.mutate()} loading={m.isPending} disabled={!file || !courier || required.some((f) => !shown[f]?.trim())}>Import billed weights</Button>
        </Group>
        {result && <Alert color="green" data-testid="weights-import-result">{result.message}</Alert>}
        {failure && <Failure failure={failure} />}
      </Stack>
    </Card>
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
  const [selected, setSelected] = useState<string[]>([]);
  const [status, setStatus] = useState<string | null>(null);
  const [fileCourier, setFileCourier] = useState<string | null>(data.totals[0]?.courier ?? 'delhivery');
  const [busy, setBusy] = useState(false);
  const rows = data.rows.filter((r) => !status || r.status === status);
  const decide = useMutation({
    mutationFn: (decision: 'accept' | 'dispute') => apiJson<{ message: string }>('/api/weight-reconciliation/decide', { method: 'POST', body: { ids: selected, decision } }),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: r.message });
      setSelected([]);
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
          <BarChart h={220} data={byCourier} dataKey="courier" type="stacked" withLegend {...inSeriesOrder(DISPUTE_SERIES.map((d) => d.name))} series={DISPUTE_SERIES} />
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
          {rows.length === 0 ? (
            <Text c="dimmed" size="sm">No billed weights imported yet.</Text>
          ) : (
            <ScrollArea>
              <Table striped miw={1100} data-testid="weights-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40} />
                    <Table.Th>Courier</Table.Th><Table.Th>AWB</Table.Th><Table.Th>Order</Table.Th><Table.Th ta="right">Billed</Table.Th><Table.Th ta="right">At packing</Table.Th>
                    <Table.Th ta="right">Over by</Table.Th><Table.Th ta="right">Charge</Table.Th><Table.Th>Evidence</Table.Th><Table.Th>Status</Table.Th><Table.Th>Dispute by</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.slice(0, 300).map((r) => <WeightLine key={r.id} r={r} checked={selected.includes(r.id)} onCheck={(on) => setSelected(on ? [...selected, r.id] : selected.filter((x) => x !== r.id))} />)}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="totals" pt="sm">
          <Table striped data-testid="weights-totals">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Courier</Table.Th><Table.Th ta="right">Billed</Table.Th><Table.Th ta="right">Above packing</Table.Th><Table.Th ta="right">Within tolerance</Table.Th>
                <Table.Th ta="right">Open</Table.Th><Table.Th ta="right">Disputed</Table.Th><Table.Th ta="right">Accepted</Table.Th><Table.Th ta="right">Extra weight</Table.Th><Table.Th ta="right">Extra charges</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.totals.map((t) => (
                <Table.Tr key={t.courier}>
                  <Table.Td>{t.courier}</Table.Td><Table.Td ta="right">{t.billed}</Table.Td><Table.Td ta="right">{t.discrepancies}</Table.Td><Table.Td ta="right">{t.autoAccepted}</Table.Td>
                  <Table.Td ta="right">{t.open}</Table.Td><Table.Td ta="right">{t.disputed}</Table.Td><Table.Td ta="right">{t.accepted}</Table.Td><Table.Td ta="right">{kg(t.extraG)}</Table.Td><Table.Td ta="right">{formatPaise(t.extraPaise)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {data.totals.length === 0 && <Text c="dimmed" size="sm" mt="xs">No billed weights imported yet.</Text>}
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

function WeightLine({ r, checked, onCheck }: { r: WeightRow; checked: boolean; onCheck: (on: boolean) => void }) {
  const e = r.evidence;
  const decidable = ['open', 'auto_accepted', 'accepted', 'disputed'].includes(r.status);
  return (
    <Table.Tr>
      <Table.Td>{decidable && <Checkbox aria-label={`Select ${r.awb}`} checked={checked} onChange={(ev) => onCheck(ev.currentTarget.checked)} />}</Table.Td>
      <Table.Td>{r.courier}</Table.Td>
      <Table.Td>{r.awb}</Table.Td>
      <Table.Td>{r.shopOrderId ?? '—'}</Table.Td>
      <Table.Td ta="right">{kg(r.billedWeightG)}</Table.Td>
      <Table.Td ta="right">{kg(r.packedChargeableG)}</Table.Td>
      <Table.Td ta="right">{r.differenceG !== null && r.differenceG > 0 ? kg(r.differenceG) : '—'}</Table.Td>
      <Table.Td ta="right">{r.chargePaise === null ? '—' : formatPaise(r.chargePaise)}</Table.Td>
      <Table.Td>
        {e.weighedAt ? (
          <Text size="xs">
            {kg(e.packedWeightG)} in {e.lengthCm ?? '?'}×{e.breadthCm ?? '?'}×{e.heightCm ?? '?'} cm (volumetric {kg(e.volumetricWeightG)})<br />
            {new Date(e.weighedAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })} by {e.packedBy ?? 'unknown'}
            {e.photoUrl ? <> · <a href={e.photoUrl} target="_blank" rel="noreferrer">photo</a></> : ' · no photo'}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">Not weighed at packing</Text>
        )}
      </Table.Td>
      <Table.Td><Badge variant="light" color={STATUS_COLOURS[r.status]}>{WEIGHT_STATUS_LABELS[r.status]}</Badge></Table.Td>
      <Table.Td>
        <Text size="sm" c={r.deadlinePassed ? 'red' : undefined}>{dmy(r.disputeBy)}{r.deadlinePassed ? ' (closed)' : ''}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

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

