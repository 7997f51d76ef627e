import { useState } from 'react';
import { Badge, Group, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import type { JourneyRow } from '../../../domain/admin';
import { DELIVERY_STATUS_LABELS } from '../../../domain/delivery';
import { LOAD_FAILED_FALLBACK } from '../../../domain/orders/texts';
import { DataTable, type DataTableProps } from '../../ui/DataTable';
import { numberedPager } from '../../ui/Pager';
import { queryError } from '../../ui/queryError';
import { driversQuery, JOURNEY_DRIVER_CHOICES, journeyQuery, journeysPageInput, journeysQuery, JOURNEYS_PAGE_SIZE } from './api';
import { CsvButton } from './CsvButton';
import { DetailDrawer } from './DetailDrawer';
import { formatDateTime, statusColour } from './format';

export type JourneyTableProps = { rows: JourneyRow[] | undefined; onOpen: (id: string) => void } & Pick<DataTableProps<JourneyRow>, 'loading' | 'error' | 'pager' | 'stickyHeader'>;

export function JourneyTable({ rows, onOpen, ...rest }: JourneyTableProps) {
  return (
    <DataTable
      {...rest}
      label="Journeys"
      testId="journeys-table"
      minWidth={840}
      rows={rows}
      rowKey={(j) => j.id}
      columns={[
        { key: 'started', header: 'Started', cell: (j) => <UnstyledButton c="blue" fz="sm" onClick={() => onOpen(j.id)}>{formatDateTime(j.createdAt)}</UnstyledButton> },
        { key: 'driver', header: 'Driver', cell: (j) => j.driver.name },
        { key: 'cluster', header: 'Cluster', cell: (j) => j.clusterName ?? '—' },
        { key: 'orders', header: 'Orders', cell: (j) => j.orders },
        { key: 'delivered', header: 'Delivered', cell: (j) => j.delivered },
        { key: 'undelivered', header: 'Undelivered', cell: (j) => j.undelivered },
        { key: 'returned', header: 'Returned', cell: (j) => j.returned },
        { key: 'pending', header: 'Pending', cell: (j) => j.pending },
        { key: 'status', header: 'Status', cell: (j) => <Badge variant="light" color={j.status === 'ACTIVE' ? 'blue' : 'green'}>{j.status === 'ACTIVE' ? 'Active' : 'Completed'}</Badge> },
      ]}
    />
  );
}

const toDay = (d: unknown) => (typeof d === 'string' ? d.slice(0, 10) : undefined);

export function JourneysPage() {
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [driverId, setDriverId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [records, setRecords] = useState(JOURNEYS_PAGE_SIZE);
  const [open, setOpen] = useState<string | null>(null);
  const drivers = useQuery(driversQuery(JOURNEY_DRIVER_CHOICES));
  const filter = {
    start: range[0] && range[1] ? toDay(range[0]) : undefined,
    end: range[0] && range[1] ? toDay(range[1]) : undefined,
    driverId: driverId ?? undefined,
  };
  const q = useQuery(journeysQuery(journeysPageInput(filter, page, records)));
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>Journeys</Title>
        <CsvButton
          countPath="/api/admin/journey/filter/count"
          countKey="journeyCount"
          csvPath="/api/admin/journey/csv"
          emailPath="/api/admin/journey/download/email"
          filter={filter}
          fileName="journeys.csv"
          emptyText="There are no journeys for the selected filter"
        />
      </Group>
      <Group gap="xs">
        <DatePickerInput type="range" aria-label="Date range" placeholder="Date range" clearable w={230} valueFormat="DD MMM YY" value={range} onChange={(v) => { setRange(v as [string | null, string | null]); setPage(1); }} />
        <Select aria-label="Driver" placeholder="Driver" clearable searchable w={220} data={(drivers.data?.drivers ?? []).map((d) => ({ value: d.id, label: d.name }))} value={driverId} onChange={(v) => { setDriverId(v); setPage(1); }} />
      </Group>
      <JourneyTable
        rows={q.data?.journeys}
        onOpen={setOpen}
        loading={q.isPending}
        error={queryError(q, { message: LOAD_FAILED_FALLBACK })}
        pager={numberedPager({ page, pageSize: records, total: q.data?.currentCount ?? 0, onPage: setPage, onPageSize: (n) => { setRecords(n); setPage(1); }, noun: 'journeys', pageSizes: [20, 50, 100], busy: q.isFetching })}
      />
      <JourneyDrawer id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

function JourneyDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <DetailDrawer id={id} onClose={onClose} query={journeyQuery(id ?? '')} title={() => 'Journey'}>
      {(d) => (
        <>
          <Text size="sm">
            {d.journey.driver.name} ({d.journey.driver.phone}) · {d.journey.clusterName ?? 'No cluster'} · started {formatDateTime(d.journey.createdAt)} by {d.journey.createdBy}
          </Text>
          <DataTable
            label="Orders of the journey"
            stickyHeader={false}
            rows={d.orders}
            rowKey={(o) => o.awb}
            columns={[
              { key: 'awb', header: 'AWB', cell: (o) => o.awb },
              { key: 'customer', header: 'Customer', cell: (o) => o.customerName },
              { key: 'destination', header: 'Destination', cell: (o) => `${o.city} ${o.pincode}` },
              { key: 'status', header: 'Status', cell: (o) => <Badge variant="light" color={statusColour(o.orderStatus)}>{DELIVERY_STATUS_LABELS[o.orderStatus]}</Badge> },
            ]}
          />
        </>
      )}
    </DetailDrawer>
  );
}
