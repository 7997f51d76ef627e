import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Alert, Badge, Button, Card, Checkbox, FileInput, Group, List, NumberInput, Paper, ScrollArea, Select, SimpleGrid, Skeleton, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
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
  type ColumnMapping,
  type ImportResult,
  type RemittanceOverview,
} from '../../../domain/remittance';
import { apiFetch, apiJson } from '../../api/client';
import { saveBlob } from '../downloads/files';
import { errorText, Failure, inSeriesOrder, Stat, toBase64 } from './shared';

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
        <ImportCard couriers={q.data?.couriers ?? []} onDone={refresh} />
        <BankCard onDone={refresh} />
      </SimpleGrid>
      {!q.data && !q.isError ? <Skeleton h={300} /> : q.data ? <Overview data={q.data} onChanged={refresh} /> : null}
    </Stack>
  );
}

function ImportCard({ couriers, onDone }: { couriers: RemittanceOverview['couriers']; onDone: () => void }) {
  const [courier, setCourier] = useState<string | null>('delhivery');
  const [file, setFile] = useState<File | null>(null);
  const saved = couriers.find((c) => c.courier === courier);
  const [mapping, setMapping] = useState<Partial<ColumnMapping>>({});
  const shown: Partial<ColumnMapping> = { ...(saved?.mapping ?? {}), ...mapping };
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<{ message: string; rows: string[] } | null>(null);
  const m = useMutation({
    mutationFn: async () => {
      const changed = Object.keys(mapping).length > 0;
      return apiJson<ImportResult>('/api/finance/remittances/import', {
        method: 'POST',
        body: { courier, fileName: file!.name, contentBase64: await toBase64(file!), ...(changed ? { mapping: shown } : {}) },
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
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Text fw={600}>Courier remittance file</Text>
        <Group grow align="flex-end">
          <Select
            label="Courier"
            data={courierOptions}
            value={courier}
            searchable
            onChange={(v) => {
              setCourier(v);
              setMapping({});
            }}
            allowDeselect={false}
          />
          <FileInput label="File (CSV or XLSX)" placeholder="Choose a file" accept=".csv,.xlsx,text/csv" value={file} onChange={setFile} clearable />
        </Group>
        <Text size="xs" c="dimmed">Columns of this courier&apos;s file (saved for the next file when changed)</Text>
        <SimpleGrid cols={4} spacing="xs">
          {REMITTANCE_FIELDS.map((f) => (
            <TextInput key={f} size="xs" label={FIELD_LABELS[f]} value={shown[f] ?? ''} maxLength={80} onChange={(e) => setMapping({ ...mapping, [f]: e.currentTarget.value })} />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={() => m.mutate()} loading={m.isPending} disabled={!file || !courier || REMITTANCE_FIELDS.some((f) => !shown[f]?.trim())}>Import remittance</Button>
        </Group>
        {result && (
          <Alert color="green" data-testid="import-result">
            {result.message}. {Object.entries(result.flags).filter(([, n]) => n > 0).map(([f, n]) => `${FLAG_LABELS[f as keyof typeof FLAG_LABELS]}: ${n}`).join(', ')}
          </Alert>
        )}
        {failure && <Failure failure={failure} />}
      </Stack>
    </Card>
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

function Overview({ data, onChanged }: { data: RemittanceOverview; onChanged: () => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [flag, setFlag] = useState<string | null>(null);
  const rows = data.rows.filter((r) => !flag || r.flag === flag);
  const settle = useMutation({
    mutationFn: (ids: string[]) => apiJson<{ message: string }>('/api/finance/remittances/settle', { method: 'POST', body: { ids } }),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: r.message });
      setSelected([]);
      onChanged();
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Not settled', message: errorText(e).message }),
  });
  const weekly = data.weekly.map((w) => ({ week: w.week.slice(8, 10) + '/' + w.week.slice(5, 7), expected: w.expectedPaise / 100, received: w.receivedPaise / 100 }));
  const ageing = data.ageing.map((a) => ({ courier: a.courier, ...Object.fromEntries(AGEING_BUCKETS.map((b) => [b, a[b] / 100])) }));
  return (
    <Stack>
      <SimpleGrid cols={3}>
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
        <Table mt="sm" data-testid="ageing-table" striped>
          <Table.Thead>
            <Table.Tr><Table.Th>Courier</Table.Th>{AGEING_BUCKETS.map((b) => <Table.Th key={b} ta="right">{b} days</Table.Th>)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.ageing.map((a) => (
              <Table.Tr key={a.courier}><Table.Td>{a.courier}</Table.Td>{AGEING_BUCKETS.map((b) => <Table.Td key={b} ta="right">{formatPaise(a[b])}</Table.Td>)}</Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
          {rows.length === 0 ? (
            <Text c="dimmed" size="sm">No remittances imported yet.</Text>
          ) : (
            <ScrollArea>
              <Table striped miw={900} data-testid="remittance-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40} />
                    <Table.Th>Courier</Table.Th><Table.Th>AWB</Table.Th><Table.Th>Order</Table.Th><Table.Th>UTR</Table.Th><Table.Th>Remitted on</Table.Th>
                    <Table.Th ta="right">Remitted</Table.Th><Table.Th ta="right">COD due</Table.Th><Table.Th>Flag</Table.Th><Table.Th>Bank</Table.Th><Table.Th>Settled</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.slice(0, 300).map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>
                        {!r.settledAt && (
                          <Checkbox aria-label={`Select ${r.awb} ${r.utr}`} checked={selected.includes(r.id)} onChange={(e) => setSelected(e.currentTarget.checked ? [...selected, r.id] : selected.filter((x) => x !== r.id))} />
                        )}
                      </Table.Td>
                      <Table.Td>{r.courier}</Table.Td>
                      <Table.Td>{r.awb}</Table.Td>
                      <Table.Td>{r.shopOrderId ?? '—'}</Table.Td>
                      <Table.Td>{r.utr}</Table.Td>
                      <Table.Td>{r.remittedOn.split('-').reverse().join('/')}</Table.Td>
                      <Table.Td ta="right">{formatPaise(r.amountPaise)}</Table.Td>
                      <Table.Td ta="right">{r.expectedPaise === null ? '—' : formatPaise(r.expectedPaise)}</Table.Td>
                      <Table.Td><Badge variant="light" color={FLAG_COLOURS[r.flag]}>{FLAG_LABELS[r.flag]}</Badge></Table.Td>
                      <Table.Td>{r.bankMatched ? 'Matched' : '—'}</Table.Td>
                      <Table.Td>{r.settledAt ? 'Settled' : '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="late" pt="sm">
          {data.notRemitted.length === 0 ? (
            <Text c="dimmed" size="sm">Every delivered COD order past its courier&apos;s days has a remittance.</Text>
          ) : (
            <Table striped data-testid="not-remitted-table">
              <Table.Thead><Table.Tr><Table.Th>Courier</Table.Th><Table.Th>AWB</Table.Th><Table.Th>Order</Table.Th><Table.Th ta="right">COD</Table.Th><Table.Th ta="right">Days since delivery</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {data.notRemitted.map((n) => (
                  <Table.Tr key={n.orderId}><Table.Td>{n.courier}</Table.Td><Table.Td>{n.awb}</Table.Td><Table.Td>{n.shopOrderId}</Table.Td><Table.Td ta="right">{formatPaise(n.codPaise)}</Table.Td><Table.Td ta="right">{n.days}</Table.Td></Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
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
