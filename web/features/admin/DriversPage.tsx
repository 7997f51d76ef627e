import { useState } from 'react';
import { Badge, Button, Drawer, Loader, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createDriverSchema, VEHICLES } from '../../../domain/admin';
import { DELIVERY_STATUS_LABELS, type DeliveryStatus } from '../../../domain/delivery';
import { LOAD_FAILED_FALLBACK } from '../../../domain/orders';
import { ListPage } from '../../ui/ListPage';
import { clustersQuery, driverQuery, driversPageInput, driversQuery, DRIVERS_PAGE_SIZE } from './api';
import { CreateModal } from './CreateModal';
import { formatDateTime } from './format';
import { JourneyTable } from './JourneysPage';

export function DriversPage() {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 700);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DRIVERS_PAGE_SIZE);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const clusters = useQuery(clustersQuery());
  const q = useQuery(driversQuery(driversPageInput(search, page, pageSize)));
  return (
    <ListPage
      gap="sm"
      title="Drivers"
      titleOrder={3}
      actions={<Button onClick={() => setCreating(true)}>Create driver</Button>}
      filters={<TextInput aria-label="Search drivers" placeholder="Name or phone" value={text} onChange={(e) => { setText(e.currentTarget.value); setPage(1); }} w={260} />}
      query={q}
      list={{
        rows: (d) => d.drivers,
        total: (d) => d.totalCount,
        error: { message: LOAD_FAILED_FALLBACK },
        page,
        pageSize,
        onPage: setPage,
        onPageSize: (n) => { setPageSize(n); setPage(1); },
        noun: 'drivers',
        pageSizes: [10, 20, 50, 100],
      }}
      table={{
        label: 'Drivers',
        testId: 'drivers-table',
        minWidth: 800,
        rowKey: (d) => d.id,
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
      <CreateModal
        opened={creating}
        onClose={() => setCreating(false)}
        title="Create driver"
        submitLabel="Create driver"
        path="/api/admin/create-driver"
        schema={createDriverSchema}
        initial={{ name: '', phone: '', vehicle: '', clusterId: '', active: true }}
        toBody={(v) => ({ name: v.name, phone: v.phone, vehicle: v.vehicle || undefined, clusterId: v.clusterId || undefined, active: v.active })}
        fields={[
          { name: 'name', label: 'Name', kind: 'text', required: true },
          { name: 'phone', label: 'Phone', kind: 'text', required: true, placeholder: '10 digits' },
          { name: 'vehicle', label: 'Vehicle', kind: 'select', required: true, data: VEHICLES.map((v) => ({ value: v, label: v })) },
          { name: 'clusterId', label: 'Cluster', kind: 'select', data: (clusters.data ?? []).map((c) => ({ value: c.clusterId, label: c.clusterName })) },
          { name: 'active', label: 'Active', kind: 'switch' },
        ]}
      />
      <DriverDrawer id={open} onClose={() => setOpen(null)} />
    </ListPage>
  );
}

function DriverDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const q = useQuery(driverQuery(id ?? ''));
  const d = q.data;
  return (
    <Drawer opened={!!id} onClose={onClose} position="right" size="lg" title={<Title order={4}>{d?.driver.name ?? 'Driver'}</Title>}>
      {q.isLoading && <Loader />}
      {d && (
        <Stack>
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
        </Stack>
      )}
    </Drawer>
  );
}
