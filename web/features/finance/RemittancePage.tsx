import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Alert, Box, Badge, Button, Card, FileInput, Group, List, NumberInput, Paper, ScrollArea, Select, SimpleGrid, Skeleton, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AGEING_BUCKETS,
  FLAG_LABELS,
  formatPaise,
  REMITTANCE_FIELDS,
  FIELD_LABELS,
  type BankResult,
  type RemittanceField,
  type ImportResult,
  type RemittanceOverview,
} from '../../../domain/remittance';
import { indiaDateText } from '../../../domain/india-time';
import { apiFetch, apiJson } from '../../api/client';
import { saveBlob } from '../downloads/files';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { useRowSelection } from '../../ui/useRowSelection';
import { CourierFileImport, errorText, Failure, inSeriesOrder, Stat, toBase64 } from './shared';

const KEY = ['finance', 'remittances'] as const;
const FLAG_COLOURS: Record<string, string> = { ok: 'green', short: 'orange', excess: 'blue', unknown_awb: 'red', remitted_twice: 'grape' };
const BUCKET_COLOURS = ['teal.6', 'yellow.6', 'orange.6', 'red.6'];
const WEEK_SERIES = [{ name: 'expected', label: 'Expected', color: 'gray.5' }, { name: 'received', label: 'Received', color: 'teal.6' }];

/** COD remittance for finance: import couriers' files and bank statements, ageing, flags, settle. */
export function RemittancePage() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: ({ signal }) => apiJson<RemittanceOverview>('/api/finance/remittances', { signal }) });
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });

  return (
    <Stack>
      <Title order={2}>COD remittance</Title>
      {q.isError && (
        <Alert color="red" title="Could not load remittances" data-testid="remittance-error">
          {errorText(q.error).message}
          <Button size="xs" variant="light" ml="sm" onClick={() => void q.refetch()}>Try again</Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CourierFileImport<RemittanceField, ImportResult>
          title="Courier remittance file"
          couriers={q.data?.couriers ?? []}
          fields={REMITTANCE_FIELDS}
          labels={FIELD_LABELS}
          hint="Columns of this courier's file (saved for the next file when changed)"
          submitLabel="Import remittance"
          path="/api/finance/remittances/import"
          resultTestId="import-result"
          resultText={(r) => `${r.message}. ${Object.entries(r.flags).filter(([, n]) => n > 0).map(([f, n]) => `${FLAG_LABELS[f as keyof typeof FLAG_LABELS]}: ${n}`).join(', ')}`}
          onDone={refresh}
        />
        <BankCard onDone={refresh} />
      </SimpleGrid>
      {!q.data && !q.isError ? <Skeleton h={300} /> : q.data ? <Overview data={q.data} onChanged={refresh} /> : null}
    </Stack>
  );
}

function BankCard({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<BankResult | null>(null);
  const [failure, setFailure] = useState<{ message: string; rows: string[] } | null>(null);
  const m = useMutation({
    mutationFn: async () => apiJson<BankResult>('/api/finance/remittances/bank-statement', { method: 'POST', body: { fileName: file!.name, contentBase64: await toBase64(file!) } }),
    onSuccess: (r) => {
      setResult(r);
      setFailure(null);
      onDone();
    },
    onError: (e) => {
      setResult(null);
      setFailure(errorText(e));
    },
  });
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Text fw={600}>Bank statement</Text>
        <Text size="xs" c="dimmed">A CSV with a UTR (or Reference) column and a Credit (or Amount) column; each credit is matched to the remittances under its UTR.</Text>
        <FileInput label="Statement (CSV)" placeholder="Choose a file" accept=".csv,.xlsx,text/csv" value={file} onChange={setFile} clearable />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => m.mutate()} loading={m.isPending} disabled={!file}>Match UTRs</Button>
        </Group>
        {result && (
          <Alert color={result.unmatched.length ? 'yellow' : 'green'} title={result.message}>
            {result.unmatched.length > 0 && (
              <ScrollArea.Autosize mah={120}>
                <List size="sm">{result.unmatched.map((u) => <List.Item key={u.row}>Row {u.row}, UTR {u.utr}: {u.reason}</List.Item>)}</List>
              </ScrollArea.Autosize>
            )}
          </Alert>
        )}
        {failure && <Failure failure={failure} />}
      </Stack>
    </Card>
  );
}

type RemittanceRow = RemittanceOverview['rows'][number];
const AGEING_COLUMNS: DataTableColumn<RemittanceOverview['ageing'][number]>[] = [
  { key: 'courier', header: 'Courier', cell: (a) => a.courier, card: 'title' },
  ...AGEING_BUCKETS.map((b) => ({ key: b, header: `${b} days`, align: 'right' as const, cell: (a: RemittanceOverview['ageing'][number]) => formatPaise(a[b]) })),
];
const REMITTANCE_COLUMNS: DataTableColumn<RemittanceRow>[] = [
  { key: 'awb', header: 'AWB', cell: (r) => r.awb, card: 'title' },
  { key: 'courier', header: 'Courier', cell: (r) => r.courier },
  { key: 'order', header: 'Order', cell: (r) => r.shopOrderId ?? '—' },
  { key: 'utr', header: 'UTR', cell: (r) => r.utr },
  { key: 'on', header: 'Remitted on', cell: (r) => indiaDateText(r.remittedOn) },
  { key: 'amount', header: 'Remitted', align: 'right', cell: (r) => formatPaise(r.amountPaise) },
  { key: 'due', header: 'COD due', align: 'right', cell: (r) => (r.expectedPaise === null ? '—' : formatPaise(r.expectedPaise)) },
  { key: 'flag', header: 'Flag', cell: (r) => <Badge variant="light" color={FLAG_COLOURS[r.flag]}>{FLAG_LABELS[r.flag]}</Badge> },
  { key: 'bank', header: 'Bank', cell: (r) => (r.bankMatched ? 'Matched' : '—') },
  { key: 'settled', header: 'Settled', cell: (r) => (r.settledAt ? 'Settled' : '—') },
];
const LATE_COLUMNS: DataTableColumn<RemittanceOverview['notRemitted'][number]>[] = [
  { key: 'awb', header: 'AWB', cell: (n) => n.awb, card: 'title' },
  { key: 'courier', header: 'Courier', cell: (n) => n.courier },
  { key: 'order', header: 'Order', cell: (n) => n.shopOrderId },
  { key: 'cod', header: 'COD', align: 'right', cell: (n) => formatPaise(n.codPaise) },
  { key: 'days', header: 'Days since delivery', align: 'right', cell: (n) => n.days },
];

function Overview({ data, onChanged }: { data: RemittanceOverview; onChanged: () => void }) {
  const [flag, setFlag] = useState<string | null>(null);
  const rows = data.rows.filter((r) => !flag || r.flag === flag);
  const selection = useRowSelection<RemittanceRow>((r) => r.id, flag);
  const selected = [...selection.keys];
  const settle = useMutation({
    mutationFn: (ids: string[]) => apiJson<{ message: string }>('/api/finance/remittances/settle', { method: 'POST', body: { ids } }),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: r.message });
      selection.clear();
      onChanged();
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Not settled', message: errorText(e).message }),
  });
  const weekly = data.weekly.map((w) => ({ week: w.week.slice(8, 10) + '/' + w.week.slice(5, 7), expected: w.expectedPaise / 100, received: w.receivedPaise / 100 }));
  const ageing = data.ageing.map((a) => ({ courier: a.courier, ...Object.fromEntries(AGEING_BUCKETS.map((b) => [b, a[b] / 100])) }));
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="COD delivered, not yet remitted" value={formatPaise(data.totals.expectedPaise)} />
        <Stat label="Remitted by couriers" value={formatPaise(data.totals.remittedPaise)} />
        <Stat label="Settled" value={formatPaise(data.totals.settledPaise)} />
      </SimpleGrid>
      <Paper withBorder p="md" data-testid="ageing-chart">
        <Text fw={600} mb="xs">Ageing: COD not yet remitted, by days since delivery (₹)</Text>
        {ageing.length === 0 ? (
          <Text c="dimmed" size="sm">Nothing awaiting remittance.</Text>
        ) : (
          <BarChart
            h={240}
            data={ageing}
            dataKey="courier"
            type="stacked"
            withLegend
            {...inSeriesOrder(AGEING_BUCKETS)}
            valueFormatter={(v) => `₹${v.toLocaleString('en-IN')}`}
            series={AGEING_BUCKETS.map((b, i) => ({ name: b, label: `${b} days`, color: BUCKET_COLOURS[i] }))}
          />
        )}
        <Box mt="sm">
          <DataTable label="Ageing by courier" testId="ageing-table" columns={AGEING_COLUMNS} rows={data.ageing} rowKey={(a) => a.courier} narrow="cards" empty={{ text: 'Nothing awaiting remittance.' }} striped />
        </Box>
      </Paper>
      <Paper withBorder p="md" data-testid="weekly-chart">
        <Text fw={600} mb="xs">COD expected and received by week (₹)</Text>
        <Text size="xs" c="dimmed" mb="xs">Expected: COD of orders delivered that week. Received: what couriers&apos; files remit that week.</Text>
        <BarChart
          h={220}
          data={weekly}
          dataKey="week"
          withLegend
          {...inSeriesOrder(WEEK_SERIES.map((w) => w.name))}
          valueFormatter={(v) => `₹${v.toLocaleString('en-IN')}`}
          series={WEEK_SERIES}
        />
      </Paper>
      <Tabs defaultValue="rows">
        <Tabs.List>
          <Tabs.Tab value="rows">Remittances ({data.rows.length})</Tabs.Tab>
          <Tabs.Tab value="late">Not remitted ({data.notRemitted.length})</Tabs.Tab>
          <Tabs.Tab value="couriers">Couriers</Tabs.Tab>
          <Tabs.Tab value="tally">Tally</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rows" pt="sm">
          <Group mb="xs" justify="space-between">
            <Select placeholder="Any flag" clearable w={200} data={Object.entries(FLAG_LABELS).filter(([k]) => k !== 'not_remitted').map(([value, label]) => ({ value, label }))} value={flag} onChange={setFlag} aria-label="Flag" />
            <Button
              disabled={!selected.length}
              loading={settle.isPending}
              onClick={() =>
                modals.openConfirmModal({
                  title: 'Mark settled',
                  children: <Text size="sm">Mark {selected.length} remittances settled? Their orders&apos; COD remittance becomes PAID.</Text>,
                  labels: { confirm: 'Mark settled', cancel: 'Cancel' },
                  onConfirm: () => settle.mutate(selected),
                })
              }
            >
              Mark settled ({selected.length})
            </Button>
          </Group>
          <DataTable
            label="Remittances"
            testId="remittance-table"
            columns={REMITTANCE_COLUMNS}
            rows={rows.slice(0, 300)}
            rowKey={(r) => r.id}
            selection={selection}
            selectLabel={(r) => `Select ${r.awb} ${r.utr}`}
            narrow="cards"
            empty={{ text: 'No remittances imported yet.' }}
            striped
          />
        </Tabs.Panel>
        <Tabs.Panel value="late" pt="sm">
          <DataTable
            label="Not remitted"
            testId="not-remitted-table"
            columns={LATE_COLUMNS}
            rows={data.notRemitted}
            rowKey={(n) => n.orderId}
            narrow="cards"
            empty={{ text: "Every delivered COD order past its courier's days has a remittance." }}
            striped
          />
        </Tabs.Panel>
        <Tabs.Panel value="tally" pt="sm">
          <TallyReceipts rows={data.rows} />
        </Tabs.Panel>
        <Tabs.Panel value="couriers" pt="sm">
          <Stack gap="xs" maw={520}>
            {data.couriers.map((c) => <CourierDays key={c.courier} courier={c.courier} days={c.notRemittedDays} onSaved={onChanged} />)}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Receipt vouchers for one company's books: its remittances whose UTR a bank credit matched. */
function TallyReceipts({ rows }: { rows: RemittanceOverview['rows'] }) {
  const companies = [...new Map(rows.filter((r) => r.companyId).map((r) => [r.companyId!, r.companyName ?? r.companyId!])).entries()].map(([value, label]) => ({ value, label }));
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!companyId) return;
    setBusy(true);
    try {
      const res = await apiFetch(`/api/finance/remittances/tally?${new URLSearchParams({ companyId, ...(from ? { from } : {}), ...(to ? { to } : {}) })}`);
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        notifications.show({ color: 'red', title: 'Error', message: body.message || 'The Tally file could not be made' });
        return;
      }
      saveBlob(await res.blob(), 'cod-receipts.xml');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" maw={640}>
      <Text size="sm" c="dimmed">One receipt voucher per UTR the bank statement matched: the bank ledger (Bank Account) debited, the courier&apos;s ledger (e.g. Delhivery COD) credited. Both ledgers must exist in the Tally company.</Text>
      <Group align="flex-end">
        <Select label="Company" placeholder="Choose a company" data={companies} value={companyId} onChange={setCompanyId} w={260} searchable />
        <TextInput label="Remitted from" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput label="to" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Button onClick={download} loading={busy} disabled={!companyId}>Download Tally XML</Button>
      </Group>
    </Stack>
  );
}

function CourierDays({ courier, days, onSaved }: { courier: string; days: number; onSaved: () => void }) {
  const [value, setValue] = useState<number | string>(days);
  const save = useMutation({
    mutationFn: () => apiJson('/api/finance/remittances/couriers', { method: 'PUT', body: { courier, notRemittedDays: Number(value) } }),
    onSuccess: onSaved,
    onError: (e) => notifications.show({ color: 'red', title: 'Not saved', message: errorText(e).message }),
  });
  return (
    <Group align="flex-end">
      <Text w={140}>{courier}</Text>
      <NumberInput label="Flag when not remitted after (days)" min={1} max={120} value={value} onChange={setValue} w={260} />
      <Button variant="default" onClick={() => save.mutate()} loading={save.isPending} disabled={Number(value) === days}>Save</Button>
    </Group>
  );
}
