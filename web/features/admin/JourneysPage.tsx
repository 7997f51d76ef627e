import { useState } from 'react';
import { Alert, Badge, Drawer, Group, Loader, ScrollArea, Select, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import type { JourneyRow } from '../../../domain/admin';
import { DELIVERY_STATUS_LABELS } from '../../../domain/delivery';
import { Pager } from '../../ui/Pager';
import { driversQuery, JOURNEY_DRIVER_CHOICES, journeyQuery, journeysPageInput, journeysQuery, JOURNEYS_PAGE_SIZE } from './api';
import { CsvButton } from './CsvButton';
import { formatDateTime, statusColour } from './format';

export function JourneyTable({ rows, onOpen }: { rows: JourneyRow[]; onOpen: (id: string) => void }) {
  return (
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
      <Table striped highlightOnHover fz="sm" miw={760} data-testid="journeys-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Driver</Table.Th>
            <Table.Th>Cluster</Table.Th>
            <Table.Th>Orders</Table.Th>
            <Table.Th>Delivered</Table.Th>
            <Table.Th>Undelivered</Table.Th>
            <Table.Th>Returned</Table.Th>
            <Table.Th>Pending</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}><Text c="dimmed" ta="center">Nothing to display here</Text></Table.Td>
            </Table.Tr>
          )}
          {rows.map((j) => (
            <Table.Tr key={j.id}>
              <Table.Td><UnstyledButton c="blue" fz="sm" onClick={() => onOpen(j.id)}>{formatDateTime(j.createdAt)}</UnstyledButton></Table.Td>
              <Table.Td>{j.driver.name}</Table.Td>
              <Table.Td>{j.clusterName ?? '—'}</Table.Td>
              <Table.Td>{j.orders}</Table.Td>
              <Table.Td>{j.delivered}</Table.Td>
              <Table.Td>{j.undelivered}</Table.Td>
              <Table.Td>{j.returned}</Table.Td>
              <Table.Td>{j.pending}</Table.Td>
              <Table.Td><Badge variant="light" color={j.status === 'ACTIVE' ? 'blue' : 'green'}>{j.status === 'ACTIVE' ? 'Active' : 'Completed'}</Badge></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
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
  const pages = Math.max(1, Math.ceil((q.data?.currentCount ?? 0) / records));
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
      {q.isError && <Alert color="red">Sorry, Failed to load data</Alert>}
      <JourneyTable rows={q.data?.journeys ?? []} onOpen={setOpen} />
      <Pager
        label={`Page ${page} of ${pages}`}
        total={q.data?.currentCount ?? 0}
        capped={false}
        hasPrev={page > 1}
        hasNext={page < pages}
        pageSize={records}
        onFirst={() => setPage(1)}
        onPrev={() => setPage((p) => p - 1)}
        onNext={() => setPage((p) => p + 1)}
        onLast={() => setPage(pages)}
        onPageSize={(n) => { setRecords(n); setPage(1); }}
        noun="journeys"
        pageSizes={[20, 50, 100]}
      />
      <JourneyDrawer id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

function JourneyDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const q = useQuery(journeyQuery(id ?? ''));
  const d = q.data;
  return (
    <Drawer opened={!!id} onClose={onClose} position="right" size="lg" title={<Title order={4}>Journey</Title>}>
      {q.isLoading && <Loader />}
      {d && (
        <Stack>
          <Text size="sm">
            {d.journey.driver.name} ({d.journey.driver.phone}) · {d.journey.clusterName ?? 'No cluster'} · started {formatDateTime(d.journey.createdAt)} by {d.journey.createdBy}
          </Text>
          <Table fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>AWB</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Destination</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.orders.map((o) => (
                <Table.Tr key={o.awb}>
                  <Table.Td>{o.awb}</Table.Td>
                  <Table.Td>{o.customerName}</Table.Td>
                  <Table.Td>{o.city} {o.pincode}</Table.Td>
                  <Table.Td><Badge variant="light" color={statusColour(o.orderStatus)}>{DELIVERY_STATUS_LABELS[o.orderStatus]}</Badge></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Drawer>
  );
}
