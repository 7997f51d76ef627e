import { useState } from 'react';
import { Alert, Badge, Button, Drawer, Group, Loader, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createDriverSchema, VEHICLES } from '../../../domain/admin';
import { DELIVERY_STATUS_LABELS, type DeliveryStatus } from '../../../domain/delivery';
import { Pager } from '../../ui/Pager';
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
  const pages = Math.max(1, Math.ceil((q.data?.totalCount ?? 0) / pageSize));
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>Drivers</Title>
        <Button onClick={() => setCreating(true)}>Create driver</Button>
      </Group>
      <TextInput aria-label="Search drivers" placeholder="Name or phone" value={text} onChange={(e) => { setText(e.currentTarget.value); setPage(1); }} w={260} />
      {q.isError && <Alert color="red">Sorry, Failed to load data</Alert>}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table striped highlightOnHover fz="sm" miw={800} data-testid="drivers-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>Vehicle</Table.Th>
              <Table.Th>Cluster</Table.Th>
              <Table.Th>Active orders</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Created</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data?.drivers.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}><Text c="dimmed" ta="center">Nothing to display here</Text></Table.Td>
              </Table.Tr>
            )}
            {q.data?.drivers.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td><UnstyledButton c="blue" fz="sm" fw={500} onClick={() => setOpen(d.id)}>{d.name}</UnstyledButton></Table.Td>
                <Table.Td>{d.phone}</Table.Td>
                <Table.Td>{d.vehicle ?? '—'}</Table.Td>
                <Table.Td>{d.clusterName ?? '—'}</Table.Td>
                <Table.Td>{d.activeOrders}</Table.Td>
                <Table.Td><Badge color={d.active ? 'green' : 'gray'} variant="light">{d.active ? 'Active' : 'Inactive'}</Badge></Table.Td>
                <Table.Td>{formatDateTime(d.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Pager
        label={`Page ${page} of ${pages}`}
        total={q.data?.totalCount ?? 0}
        capped={false}
        hasPrev={page > 1}
        hasNext={page < pages}
        pageSize={pageSize}
        onFirst={() => setPage(1)}
        onPrev={() => setPage((p) => p - 1)}
        onNext={() => setPage((p) => p + 1)}
        onLast={() => setPage(pages)}
        onPageSize={(n) => { setPageSize(n); setPage(1); }}
        noun="drivers"
        pageSizes={[10, 20, 50, 100]}
      />
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
    </Stack>
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
          <JourneyTable rows={d.journeys} onOpen={() => undefined} />
        </Stack>
      )}
    </Drawer>
  );
}
