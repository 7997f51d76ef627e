import { useState } from 'react';
import { Badge, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createDriverSchema, VEHICLES } from '../../../domain/admin';
import { DELIVERY_STATUS_LABELS, type DeliveryStatus } from '../../../domain/delivery';
import { LOAD_FAILED_FALLBACK } from '../../../domain/orders/texts';
import { ListPage, usePaging } from '../../ui/ListPage';
import { driverQuery, driversPageInput, driversQuery, DRIVERS_PAGE_SIZE } from './api';
import { CreateAction, NAME_FIELD, useClusterChoices } from './CreateModal';
import { DetailDrawer } from './DetailDrawer';
import { formatDateTime } from './format';
import { JourneyTable } from './JourneysPage';

export function DriversPage() {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 700);
  const { paging, toFirst } = usePaging(DRIVERS_PAGE_SIZE, { pageSizes: [10, 20, 50, 100] });
  const [open, setOpen] = useState<string | null>(null);
  const q = useQuery(driversQuery(driversPageInput(search, paging.page, paging.pageSize)));
  return (
    <ListPage
      gap="sm"
      title="Drivers"
      titleOrder={3}
      actions={
        <CreateAction
          label="Create driver"
          path="/api/admin/create-driver"
          schema={createDriverSchema}
          toBody={(v) => ({ name: v.name, phone: v.phone, vehicle: v.vehicle || undefined, clusterId: v.clusterId || undefined, active: v.active })}
          fields={[
            NAME_FIELD,
            { name: 'phone', label: 'Phone', kind: 'text', required: true, placeholder: '10 digits' },
            { name: 'vehicle', label: 'Vehicle', kind: 'select', required: true, data: VEHICLES.map((v) => ({ value: v, label: v })) },
            { name: 'clusterId', label: 'Cluster', kind: 'select', data: useClusterChoices },
            { name: 'active', label: 'Active', kind: 'switch', initial: true },
          ]}
        />
      }
      filters={<TextInput aria-label="Search drivers" placeholder="Name or phone" value={text} onChange={(e) => { setText(e.currentTarget.value); toFirst(); }} w={260} />}
      query={q}
      list={{
        rows: (d) => d.drivers,
        total: (d) => d.totalCount,
        error: { message: LOAD_FAILED_FALLBACK },
        ...paging,
        noun: 'drivers',
      }}
      table={{
        testId: 'drivers-table',
        minWidth: 800,
        columns: [
          { key: 'name', header: 'Name', cell: (d) => <UnstyledButton c="blue" fz="sm" fw={500} onClick={() => setOpen(d.id)}>{d.name}</UnstyledButton> },
          { key: 'phone', header: 'Phone', cell: (d) => d.phone },
          { key: 'vehicle', header: 'Vehicle', cell: (d) => d.vehicle ?? '—' },
          { key: 'cluster', header: 'Cluster', cell: (d) => d.clusterName ?? '—' },
          { key: 'active-orders', header: 'Active orders', cell: (d) => d.activeOrders },
          { key: 'status', header: 'Status', cell: (d) => <Badge color={d.active ? 'green' : 'gray'} variant="light">{d.active ? 'Active' : 'Inactive'}</Badge> },
          { key: 'created', header: 'Created', cell: (d) => formatDateTime(d.createdAt) },
        ],
      }}
    >
      <DriverDrawer id={open} onClose={() => setOpen(null)} />
    </ListPage>
  );
}

function DriverDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <DetailDrawer id={id} onClose={onClose} query={driverQuery(id ?? '')} title={(d) => d?.driver.name ?? 'Driver'}>
      {(d) => (
        <>
          <Text size="sm">
            {d.driver.phone} · {d.driver.vehicle ?? 'No vehicle'} · {d.driver.clusterName ?? 'No cluster'} · {d.driver.active ? 'Active' : 'Inactive'}
          </Text>
          <SimpleGrid cols={3}>
            {Object.entries(d.counts).map(([s, n]) => (
              <Stack key={s} gap={0}>
                <Text size="xs" c="dimmed">{DELIVERY_STATUS_LABELS[s as DeliveryStatus] ?? s}</Text>
                <Text fw={600}>{n}</Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Title order={5}>Recent journeys</Title>
          <JourneyTable rows={d.journeys} onOpen={() => undefined} stickyHeader={false} />
        </>
      )}
    </DetailDrawer>
  );
}
