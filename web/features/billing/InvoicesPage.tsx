import { DayInput } from '../../ui/DayInput';
import { indiaDateText } from '../../../domain/india-time';
import { useState } from 'react';
import { Badge, Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  COULD_NOT_GET_PAYMENTS,
  formatRupees,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  type InvoiceDto,
  type InvoiceFilter,
  type InvoiceStatus,
} from '../../../domain/invoicing';
import { useSession } from '../../auth/useSession';
import { UrlListPage } from '../../ui/ListPage';
import { useRowSelection } from '../../ui/useRowSelection';
import { useDownloads } from '../downloads';
import { OfflineGate } from '../sync/OfflineGate';
import { InvoiceSlider, STATUS_COLOURS } from './InvoiceSlider';
import { invoicesQuery } from './queries';

export type InvoicesSearch = { page?: number; status?: InvoiceStatus; from?: string; to?: string; q?: string; invoice?: string };
export type InvoicesPageProps = { search: InvoicesSearch; go: (next: Partial<InvoicesSearch>) => void };

const PAGE_SIZE = 50;
const date = (iso: string) => indiaDateText(iso);

const filterOf = (search: InvoicesSearch): InvoiceFilter => ({ status: search.status, from: search.from, to: search.to, search: search.q });

/** The page of invoices the URL asks for (the page reads it; its route loader prefetches it). */
export const invoicesPageQuery = (search: InvoicesSearch) => invoicesQuery(search.page ?? 1, PAGE_SIZE, filterOf(search));

/** Invoices per company: filters in the URL, selectable rows, voucher downloads, and the payment slider. */
export function InvoicesPage({ search, go }: InvoicesPageProps) {
  const session = useSession();
  const d = useDownloads();
  const filter = filterOf(search);
  const q = useQuery(invoicesPageQuery(search));
  const [text, setText] = useState(search.q ?? '');
  // A new filter shows other invoices: what was ticked before is let go.
  const selection = useRowSelection<InvoiceDto>((r) => r.id, [search.status, search.from, search.to, search.q]);
  const orderIds = [...selection.rows.values()].map((r) => r.orderId);

  return (
    <UrlListPage
      search={search}
      go={go}
      title="Invoices"
      actions={
        <OfflineGate>
          <Button variant="default" onClick={() => void d.entityCsv('invoices', filter as Record<string, unknown>)}>Export CSV</Button>
        </OfflineGate>
      }
      filters={
        <Paper withBorder p="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <form noValidate
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
            <DayInput label="From" value={search.from ?? ''} onChange={(d) => go({ from: d || undefined, page: undefined })} />
            <DayInput label="To" value={search.to ?? ''} onChange={(d) => go({ to: d || undefined, page: undefined })} />
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
      }
      query={q}
      // Offline, what this device loaded last stays on screen (the banner says from when), not an error.
      list={{
        rows: (data) => data.invoices,
        total: (data) => data.currentCount,
        error: { title: 'Error', message: COULD_NOT_GET_PAYMENTS, testId: 'invoices-error' },
        pageSize: PAGE_SIZE,
        noun: 'invoices',
      }}
      table={{
        testId: 'invoices-table',
        minWidth: 900,
        selection,
        selectLabel: (r) => `Select invoice ${r.invoiceNumber}`,
        bulkActions: (
          <OfflineGate>
            <Group gap="xs">
              <Button size="xs" onClick={() => void d.tallyXml(orderIds)}>Tally Voucher XML</Button>
              <Button size="xs" variant="default" onClick={() => void d.tallyExcel(orderIds)}>Voucher Excel</Button>
              <Button size="xs" variant="default" onClick={() => void d.downloadInvoices(orderIds)}>Download Invoices</Button>
              {session.role !== 'finance' && <Button size="xs" variant="default" onClick={() => void d.downloadLabels(orderIds)}>Download Labels</Button>}
            </Group>
          </OfflineGate>
        ),
        columns: [
          { key: 'invoice', header: 'Invoice', cell: (r) => <Button variant="subtle" size="compact-sm" onClick={() => go({ invoice: r.id })}>{r.invoiceNumber}</Button> },
          { key: 'order', header: 'Order', cell: (r) => r.shopOrderId },
          session.role !== 'seller' && { key: 'company', header: 'Company', cell: (r: InvoiceDto) => r.companyName },
          { key: 'buyer', header: 'Buyer', cell: (r) => r.buyerName },
          { key: 'issued', header: 'Issued', cell: (r) => date(r.issuedAt) },
          { key: 'amount', header: 'Amount', align: 'right', cell: (r) => formatRupees(r.amountPaise) },
          { key: 'balance', header: 'Balance', align: 'right', cell: (r) => formatRupees(r.balancePaise) },
          { key: 'status', header: 'Status', cell: (r) => <Badge color={STATUS_COLOURS[r.status]} variant="light">{INVOICE_STATUS_LABELS[r.status]}</Badge> },
        ],
      }}
    >
      <InvoiceSlider invoiceId={search.invoice} canCapture={session.role !== 'warehouse'} onClose={() => go({ invoice: undefined })} />
    </UrlListPage>
  );
}
