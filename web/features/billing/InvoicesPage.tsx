import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Pagination, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  COULD_NOT_GET_PAYMENTS,
  formatRupees,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  type InvoiceFilter,
  type InvoiceStatus,
} from '../../../domain/invoicing';
import { useSession } from '../../auth/useSession';
import { useDownloads } from '../downloads';
import { OfflineGate } from '../sync/OfflineGate';
import { InvoiceSlider, STATUS_COLOURS } from './InvoiceSlider';
import { invoicesQuery } from './queries';

export type InvoicesSearch = { page?: number; status?: InvoiceStatus; from?: string; to?: string; q?: string; invoice?: string };
export type InvoicesPageProps = { search: InvoicesSearch; go: (next: Partial<InvoicesSearch>) => void };

const PAGE_SIZE = 50;
const date = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric' });

/** Invoices per company: filters in the URL, selectable rows, voucher downloads, and the payment slider. */
export function InvoicesPage({ search, go }: InvoicesPageProps) {
  const session = useSession();
  const d = useDownloads();
  const page = search.page ?? 1;
  const filter: InvoiceFilter = { status: search.status, from: search.from, to: search.to, search: search.q };
  const q = useQuery(invoicesQuery(page, PAGE_SIZE, filter));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [text, setText] = useState(search.q ?? '');
  useEffect(() => setSelected(new Set()), [search.status, search.from, search.to, search.q]);

  const rows = q.data?.invoices ?? [];
  const chosen = rows.filter((r) => selected.has(r.id));
  const orderIds = chosen.map((r) => r.orderId);
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Invoices</Title>
        <OfflineGate>
          <Button variant="default" onClick={() => void d.entityCsv('invoices', filter as Record<string, unknown>)}>Export CSV</Button>
        </OfflineGate>
      </Group>
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              go({ q: text.trim() || undefined, page: undefined });
            }}
          >
            <TextInput label="Search" placeholder="Invoice no., order id or buyer" value={text} onChange={(e) => setText(e.currentTarget.value)} w={260} />
          </form>
          <Select
            label="Status"
            clearable
            placeholder="Any"
            w={180}
            data={INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] }))}
            value={search.status ?? null}
            onChange={(v) => go({ status: (v as InvoiceStatus) ?? undefined, page: undefined })}
          />
          <TextInput label="From" type="date" value={search.from ?? ''} onChange={(e) => go({ from: e.currentTarget.value || undefined, page: undefined })} />
          <TextInput label="To" type="date" value={search.to ?? ''} onChange={(e) => go({ to: e.currentTarget.value || undefined, page: undefined })} />
          {(search.status || search.from || search.to || search.q) && (
            <Button
              variant="subtle"
              onClick={() => {
                setText('');
                go({ status: undefined, from: undefined, to: undefined, q: undefined, page: undefined });
              }}
            >
              Clear filters
            </Button>
          )}
        </Group>
      </Paper>

      {selected.size > 0 && (
        <Paper withBorder p="xs" bg="var(--mantine-color-blue-light)">
          <Group gap="xs">
            <Text size="sm" fw={600}>{selected.size} selected</Text>
            <OfflineGate>
              <Group gap="xs">
                <Button size="xs" onClick={() => void d.tallyXml(orderIds)}>Tally Voucher XML</Button>
                <Button size="xs" variant="default" onClick={() => void d.tallyExcel(orderIds)}>Voucher Excel</Button>
                <Button size="xs" variant="default" onClick={() => void d.downloadInvoices(orderIds)}>Download Invoices</Button>
                <Button size="xs" variant="default" onClick={() => void d.downloadLabels(orderIds)}>Download Labels</Button>
              </Group>
            </OfflineGate>
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>Clear selection</Button>
          </Group>
        </Paper>
      )}

      {/* Offline, what this device loaded last stays on screen (the banner says from when), not an error. */}
      {q.isError && !q.data ? (
        <Alert color="red" title="Error" data-testid="invoices-error">
          <Stack gap="xs">
            <Text size="sm">{COULD_NOT_GET_PAYMENTS}</Text>
            <Button size="xs" variant="default" w="fit-content" onClick={() => q.refetch()}>Try again</Button>
          </Stack>
        </Alert>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={900}>
            <Table highlightOnHover verticalSpacing="xs" aria-label="Invoices" aria-busy={q.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Select all on this page"
                      checked={allOnPage}
                      indeterminate={!allOnPage && chosen.length > 0}
                      onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.id)))}
                    />
                  </Table.Th>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th>Order</Table.Th>
                  {session.role !== 'seller' && <Table.Th>Company</Table.Th>}
                  <Table.Th>Buyer</Table.Th>
                  <Table.Th>Issued</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.isPending && (
                  <Table.Tr><Table.Td colSpan={9}><Text c="dimmed" size="sm">Loading invoices…</Text></Table.Td></Table.Tr>
                )}
                {!q.isPending && rows.length === 0 && (
                  <Table.Tr><Table.Td colSpan={9}><Text c="dimmed" size="sm" ta="center" py="md">Nothing to display here</Text></Table.Td></Table.Tr>
                )}
                {rows.map((r) => (
                  <Table.Tr key={r.id} bg={selected.has(r.id) ? 'var(--mantine-color-blue-light)' : undefined}>
                    <Table.Td>
                      <Checkbox aria-label={`Select invoice ${r.invoiceNumber}`} checked={selected.has(r.id)} onChange={() => toggle(r.id)} />
                    </Table.Td>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => go({ invoice: r.id })}>{r.invoiceNumber}</Button>
                    </Table.Td>
                    <Table.Td>{r.shopOrderId}</Table.Td>
                    {session.role !== 'seller' && <Table.Td>{r.companyName}</Table.Td>}
                    <Table.Td>{r.buyerName}</Table.Td>
                    <Table.Td>{date(r.issuedAt)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(r.amountPaise)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(r.balancePaise)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOURS[r.status]} variant="light">{INVOICE_STATUS_LABELS[r.status]}</Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {q.data && q.data.currentCount > PAGE_SIZE && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">{q.data.currentCount} invoices</Text>
          <Pagination total={Math.ceil(q.data.currentCount / PAGE_SIZE)} value={page} onChange={(p) => go({ page: p })} />
        </Group>
      )}
      <InvoiceSlider invoiceId={search.invoice} canCapture={session.role !== 'warehouse'} onClose={() => go({ invoice: undefined })} />
    </Stack>
  );
}
