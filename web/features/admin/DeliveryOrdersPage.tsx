import { useMemo, useState } from 'react';
import { Badge, Button, Drawer, Group, Modal, MultiSelect, Select, Stack, TextInput, Title, UnstyledButton } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACTION_FALLBACK,
  DELIVERY_PAGE_SIZES,
  DELIVERY_STATUSES,
  DELIVERY_STATUS_LABELS,
  SELECT_AT_LEAST_ONE_ORDER,
  activeFilterCount,
  type AssignOrdersResponse,
  type DeliveryActionResponse,
  type DeliveryListResponse,
  type DeliverySortField,
} from '../../../domain/delivery';
import { uuidv7 } from '../../../domain/ids';
import { apiJson } from '../../api/client';
import { useSession } from '../../auth/useSession';
import { LOAD_FAILED_FALLBACK } from '../../../domain/orders/texts';
import { DataTable } from '../../ui/DataTable';
import { queryError } from '../../ui/queryError';
import { useRowSelection } from '../../ui/useRowSelection';
import { adminKeys, deliveryListQuery, driversQuery } from './api';
import { CsvButton } from './CsvButton';
import { DeliverySlider } from './DeliverySlider';
import { formatDateTime, inr, statusColour } from './format';

/** How long the search box waits after the last key before asking the server (part 2 §9). */
export const SEARCH_DEBOUNCE_MS = 700;

const BULK = [
  { value: 'assign', label: 'Assign to driver' },
  { value: 'cancel', label: 'Cancel (RTO)' },
  { value: 'rto', label: 'Mark RTO delivered' },
];

type DeliveryRow = DeliveryListResponse['orders'][number];

const toDay = (d: unknown): string | undefined => {
  if (!d) return undefined;
  if (typeof d === 'string') return d.slice(0, 10);
  if (d instanceof Date) return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return undefined;
};

type DeliveryFilter = { start?: string; end?: string; paymentMethod?: string; company?: string; orderStatus?: string; search?: string };
const DELIVERY_PAGE_SIZE = 20;
const deliveryParams = (filter: DeliveryFilter, page: number, records: number, by: DeliverySortField, order: 'ASC' | 'DESC') => ({
  ...filter,
  pageNumber: String(page),
  records: String(records),
  by,
  order,
});
/** The list as the page opens (no filter, newest first): its route loader prefetches it. */
export const FIRST_DELIVERY_PAGE = deliveryParams({}, 1, DELIVERY_PAGE_SIZE, 'createdAt', 'DESC');

export function DeliveryOrdersPage() {
  const session = useSession();
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [paymentMethod, setPaymentMethod] = useState<string | null>(null);
  const [company, setCompany] = useState<string | null>(null);
  const [statuses, setStatuses] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [records, setRecords] = useState(DELIVERY_PAGE_SIZE);
  const [by, setBy] = useState<DeliverySortField>('createdAt');
  const [order, setOrder] = useState<'ASC' | 'DESC'>('DESC');
  const [open, setOpen] = useState<string | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
  const [bulkBusy, setBulkBusy] = useState(false);

  const filter = useMemo(
    (): DeliveryFilter => ({
      start: range[0] && range[1] ? toDay(range[0]) : undefined,
      end: range[0] && range[1] ? toDay(range[1]) : undefined,
      paymentMethod: paymentMethod ?? undefined,
      company: company ?? undefined,
      orderStatus: statuses.length ? statuses.join(',') : undefined,
      search: search || undefined,
    }),
    [range, paymentMethod, company, statuses, search],
  );
  const params = deliveryParams(filter, page, records, by, order);
  const q = useQuery(deliveryListQuery(params));
  // A new filter (or search) lists other orders: what was ticked before is let go.
  const selection = useRowSelection<DeliveryRow>((r) => r.awb, filter);
  const selected = selection.keys;
  const data = q.data;
  const filterCount = activeFilterCount(filter);
  const changeFilter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };
  const sort = (f: DeliverySortField) => {
    if (by === f) setOrder(order === 'DESC' ? 'ASC' : 'DESC');
    else {
      setBy(f);
      setOrder('DESC');
    }
    setPage(1);
  };
  const sortOf = (f: DeliverySortField) => ({ direction: by === f ? (order === 'DESC' ? 'descending' : 'ascending') : 'none', onSort: () => sort(f), testId: `sort-${f}` }) as const;

  const runBulk = async (value: string | null) => {
    if (!value) return;
    if (!selected.size) {
      notifications.show({ color: 'red', message: SELECT_AT_LEAST_ONE_ORDER });
      return;
    }
    if (value === 'assign') {
      setAssignOpen(true);
      return;
    }
    const action = value === 'cancel' ? 'cancelled' : 'rto-delivered';
    const path = value === 'cancel' ? '/api/admin/order/mark-as-cancelled' : '/api/admin/order/mark-as-rto-delivered';
    setBulkBusy(true);
    let ok = 0;
    const failed: string[] = [];
    for (const awb of selected) {
      try {
        const r = await apiJson<DeliveryActionResponse>(path, { method: 'POST', body: { awb, requestId: uuidv7() } });
        if (r?.status) ok++;
        else failed.push(`${awb}: ${ACTION_FALLBACK[action]}`);
      } catch (e) {
        failed.push(`${awb}: ${(e as Error).message || ACTION_FALLBACK[action]}`);
      }
    }
    setBulkBusy(false);
    selection.clear();
    notifications.show({ color: failed.length ? 'yellow' : 'green', message: `${ok} order(s) updated${failed.length ? `; ${failed.join('; ')}` : ''}` });
    await qc.invalidateQueries({ queryKey: adminKeys.delivery });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>Delivery orders</Title>
        <CsvButton
          countPath="/api/admin/orders/filter/count"
          countKey="ordersCount"
          csvPath="/api/admin/csv/orders/download"
          emailPath="/api/admin/csv/orders/download/email"
          filter={filter}
          fileName="delivery-orders.csv"
        />
      </Group>
      <Group gap="xs" wrap="wrap">
        <TextInput aria-label="Search delivery orders" placeholder="AWB or customer phone" value={text} onChange={(e) => { setText(e.currentTarget.value); setPage(1); }} w={230} />
        <DatePickerInput
          type="range"
          aria-label="Date range"
          placeholder="Date range"
          clearable
          w={230}
          valueFormat="DD MMM YY"
          value={range}
          onChange={(v) => changeFilter(setRange)(v as [string | null, string | null])}
        />
        <Button variant="default" onClick={() => setFiltersOpen(true)} rightSection={filterCount ? <Badge size="xs" circle data-testid="filter-count">{filterCount}</Badge> : null} data-testid="open-filters">
          Filters
        </Button>
        <Select
          aria-label="Bulk action"
          placeholder={selected.size ? `Bulk action (${selected.size})` : 'Bulk action'}
          data={BULK}
          value={null}
          onChange={runBulk}
          w={200}
          disabled={bulkBusy}
          data-testid="bulk-action"
        />
      </Group>
      <DataTable
        label="Delivery orders"
        testId="delivery-table"
        minWidth={1000}
        rows={data?.orders}
        rowKey={(r) => r.awb}
        rowProps={(r) => ({ 'data-testid': `row-${r.awb}` })}
        loading={q.isPending}
        refreshing={q.isFetching && !q.isPending}
        error={queryError(q, { message: LOAD_FAILED_FALLBACK })}
        selection={selection}
        selectLabel={(r) => `Select ${r.awb}`}
        selectAllLabel="Select all orders on this page"
        columns={[
          { key: 'awb', header: 'AWB', sort: sortOf('awb'), cell: (r) => <UnstyledButton c="blue" fz="sm" fw={500} onClick={() => setOpen(r.awb)}>{r.awb}</UnstyledButton> },
          { key: 'created', header: 'Created', sort: sortOf('createdAt'), cell: (r) => <When iso={r.createdAt} /> },
          { key: 'company', header: 'Company', cell: (r) => r.companyName },
          { key: 'customer', header: 'Customer', cell: (r) => r.customerName },
          { key: 'destination', header: 'Destination', cell: (r) => `${r.city} ${r.pincode}` },
          { key: 'payment', header: 'Payment', cell: (r) => `${r.paymentMethod.toUpperCase()} · ${inr(r.totalPrice)}` },
          { key: 'status', header: 'Status', cell: (r) => <Badge color={statusColour(r.orderStatus)} variant="light">{DELIVERY_STATUS_LABELS[r.orderStatus]}</Badge>, cellProps: () => ({ style: { minWidth: 170 } }) },
          { key: 'driver', header: 'Driver', cell: (r) => (r.driver ? r.driver.name : '—') },
          { key: 'updated', header: 'Updated', sort: sortOf('updatedAt'), cell: (r) => <When iso={r.updatedAt} /> },
        ]}
        pager={{
          label: data ? `Page ${page} of ${data.capped ? `${data.pages}+` : data.pages}` : 'Page 1',
          total: data?.currentCount ?? 0,
          capped: data?.capped ?? false,
          hasPrev: page > 1,
          hasNext: !!data && (data.capped || page < data.pages),
          pageSize: records,
          busy: q.isFetching,
          onFirst: () => setPage(1),
          onPrev: () => setPage((p) => Math.max(1, p - 1)),
          onNext: () => setPage((p) => p + 1),
          onLast: () => data && setPage(data.pages),
          onPageSize: (n) => {
            setRecords((DELIVERY_PAGE_SIZES as readonly number[]).includes(n) ? n : 20);
            setPage(1);
          },
          pageSizes: DELIVERY_PAGE_SIZES,
        }}
      />
      <Drawer opened={filtersOpen} onClose={() => setFiltersOpen(false)} position="right" title="Filters">
        <Stack>
          <Select label="Payment method" data={[{ value: 'cod', label: 'COD' }, { value: 'prepaid', label: 'Prepaid' }]} value={paymentMethod} onChange={changeFilter(setPaymentMethod)} clearable />
          <Select label="Company" data={session.companyData.map((c) => ({ value: c.id, label: c.name }))} value={company} onChange={changeFilter(setCompany)} clearable searchable />
          <MultiSelect label="Status" data={DELIVERY_STATUSES.map((s) => ({ value: s, label: DELIVERY_STATUS_LABELS[s] }))} value={statuses} onChange={changeFilter(setStatuses)} clearable />
          <Group justify="space-between">
            <Button
              variant="subtle"
              onClick={() => {
                setPaymentMethod(null);
                setCompany(null);
                setStatuses([]);
                setRange([null, null]);
                setText('');
                setPage(1);
              }}
            >
              Clear all
            </Button>
            <Button onClick={() => setFiltersOpen(false)}>Done</Button>
          </Group>
        </Stack>
      </Drawer>
      <AssignModal
        opened={assignOpen}
        awbs={[...selected]}
        onClose={() => setAssignOpen(false)}
        onDone={async () => {
          setAssignOpen(false);
          selection.clear();
          await qc.invalidateQueries({ queryKey: adminKeys.delivery });
        }}
      />
      <DeliverySlider awb={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

function AssignModal({ opened, awbs, onClose, onDone }: { opened: boolean; awbs: string[]; onClose: () => void; onDone: () => Promise<void> }) {
  const drivers = useQuery({ ...driversQuery({ where: { active: true }, pagination: { page: 1, pageSize: 100 } }), enabled: opened });
  const [driverId, setDriverId] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(() => uuidv7());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!driverId) {
      setError('Please select a driver');
      return;
    }
    setBusy(true);
    try {
      const r = await apiJson<AssignOrdersResponse>('/api/admin/drivers/assigned-orders', { method: 'POST', body: { assignedOrderIds: awbs, driverId, requestId } });
      notifications.show({ color: 'green', message: r.message });
      setRequestId(uuidv7());
      setDriverId(null);
      await onDone();
    } catch (e) {
      notifications.show({ color: 'red', message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Assign ${awbs.length} order(s) to a driver`} centered>
      <Stack>
        <Select
          label="Driver"
          placeholder="Choose a driver"
          searchable
          data={(drivers.data?.drivers ?? []).map((d) => ({ value: d.id, label: `${d.name} · ${d.phone}${d.clusterName ? ` · ${d.clusterName}` : ''}` }))}
          value={driverId}
          onChange={(v) => {
            setDriverId(v);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Close</Button>
          <Button onClick={submit} loading={busy} data-testid="assign-submit">Assign</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A date and time that may break only between the two ("21 Nov 26," / "10:30 am"), so the table fits a laptop's width. */
function When({ iso }: { iso: string }) {
  const text = formatDateTime(iso);
  const at = text.lastIndexOf(', ');
  if (at < 0) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{text.slice(0, at + 1)}</span> <span style={{ whiteSpace: 'nowrap' }}>{text.slice(at + 2)}</span>
    </>
  );
}
