import { useState } from 'react';
import { Alert, Badge, Button, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  assignClusterSchema,
  createClusterOwnerSchema,
  createClusterSchema,
  createWarehouseOwnerSchema,
  createWarehouseSchema,
} from '../../../domain/admin';
import { clustersQuery, ownersQuery, warehousesQuery, warehouseUsersQuery } from './api';
import { CreateModal } from './CreateModal';
import { formatDateTime } from './format';

const pincodeList = (s: string) => (s ?? '').split(/[\s,]+/).map((p) => p.trim()).filter(Boolean);
const empty = (n: number) => (
  <Table.Tr>
    <Table.Td colSpan={n}><Text c="dimmed" ta="center">Nothing to display here</Text></Table.Td>
  </Table.Tr>
);

export function ClustersPage() {
  const clusters = useQuery(clustersQuery());
  const owners = useQuery(ownersQuery());
  const warehouses = useQuery(warehousesQuery());
  const [creating, setCreating] = useState(false);
  const [assigning, setAssigning] = useState(false);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>Clusters</Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => setAssigning(true)}>Assign warehouse</Button>
          <Button onClick={() => setCreating(true)}>Create cluster</Button>
        </Group>
      </Group>
      {clusters.isError && <Alert color="red">Sorry, Failed to load data</Alert>}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table striped fz="sm" miw={800} data-testid="clusters-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cluster</Table.Th>
              <Table.Th>City</Table.Th>
              <Table.Th>Pincodes</Table.Th>
              <Table.Th>Owner</Table.Th>
              <Table.Th>Warehouses</Table.Th>
              <Table.Th>Drivers</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clusters.data?.length === 0 && empty(6)}
            {clusters.data?.map((c) => (
              <Table.Tr key={c.clusterId}>
                <Table.Td fw={500}>{c.clusterName}</Table.Td>
                <Table.Td>{c.city}</Table.Td>
                <Table.Td maw={320}><Text size="sm" style={{ wordBreak: 'break-word' }}>{c.clusterPincode.join(', ')}</Text></Table.Td>
                <Table.Td>{c.owner ? `${c.owner.name} · ${c.owner.phone}` : '—'}</Table.Td>
                <Table.Td>{c.warehouses.map((w) => w.name).join(', ') || '—'}</Table.Td>
                <Table.Td>{c.drivers}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <CreateModal
        opened={creating}
        onClose={() => setCreating(false)}
        title="Create cluster"
        submitLabel="Create cluster"
        path="/api/admin/create-cluster"
        schema={createClusterSchema}
        initial={{ name: '', city: '', pincodes: '', ownerId: '' }}
        toBody={(v) => ({ name: v.name, city: v.city, pincodes: pincodeList(v.pincodes), ownerId: v.ownerId || undefined })}
        fields={[
          { name: 'name', label: 'Name', kind: 'text', required: true },
          { name: 'city', label: 'City', kind: 'text', required: true },
          { name: 'pincodes', label: 'Pincodes', kind: 'multiline', required: true, placeholder: '400001, 400002, …' },
          { name: 'ownerId', label: 'Owner', kind: 'select', data: (owners.data ?? []).map((o) => ({ value: o.id, label: `${o.name} · ${o.phone}` })) },
        ]}
      />
      <CreateModal
        opened={assigning}
        onClose={() => setAssigning(false)}
        title="Assign a warehouse to a cluster"
        submitLabel="Assign"
        path="/api/admin/assign-cluster"
        schema={assignClusterSchema}
        initial={{ clusterId: '', warehouseId: '' }}
        toBody={(v) => ({ clusterId: v.clusterId, warehouseId: v.warehouseId })}
        fields={[
          { name: 'warehouseId', label: 'Warehouse', kind: 'select', required: true, data: (warehouses.data ?? []).map((w) => ({ value: w.id, label: `${w.name} (${w.warehouseId})` })) },
          { name: 'clusterId', label: 'Cluster', kind: 'select', required: true, data: (clusters.data ?? []).map((c) => ({ value: c.clusterId, label: c.clusterName })) },
        ]}
      />
    </Stack>
  );
}

export function WarehousesPage() {
  const warehouses = useQuery(warehousesQuery());
  const clusters = useQuery(clustersQuery());
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>Warehouses</Title>
        <Button onClick={() => setCreating(true)}>Create warehouse</Button>
      </Group>
      {warehouses.isError && <Alert color="red">Sorry, Failed to load data</Alert>}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table striped fz="sm" miw={760} data-testid="warehouses-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Warehouse</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th>City</Table.Th>
              <Table.Th>Cluster</Table.Th>
              <Table.Th>Users</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {warehouses.data?.length === 0 && empty(6)}
            {warehouses.data?.map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td fw={500}>{w.name}</Table.Td>
                <Table.Td>{w.warehouseId}</Table.Td>
                <Table.Td>{w.city} {w.pincode}</Table.Td>
                <Table.Td>{w.cluster?.name ?? '—'}</Table.Td>
                <Table.Td>{w.users}</Table.Td>
                <Table.Td><Badge variant="light" color={w.active ? 'green' : 'gray'}>{w.active ? 'Active' : 'Inactive'}</Badge></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <CreateModal
        opened={creating}
        onClose={() => setCreating(false)}
        title="Create warehouse"
        submitLabel="Create warehouse"
        path="/api/admin/create-warehouse"
        schema={createWarehouseSchema}
        initial={{ name: '', code: '', email: '', phone: '', gst: '', 'address.line1': '', 'address.line2': '', 'address.city': '', 'address.state': '', 'address.pincode': '', clusterId: '' }}
        toBody={(v) => ({
          name: v.name, code: (v.code ?? '').toUpperCase(), email: v.email, phone: v.phone, gst: v.gst || undefined, clusterId: v.clusterId || undefined,
          address: { line1: v['address.line1'], line2: v['address.line2'], city: v['address.city'], state: v['address.state'], pincode: v['address.pincode'] },
        })}
        fields={[
          { name: 'name', label: 'Name', kind: 'text', required: true },
          { name: 'code', label: 'Warehouse code', kind: 'text', required: true, placeholder: 'e.g. PNQ1' },
          { name: 'email', label: 'Email', kind: 'text', required: true },
          { name: 'phone', label: 'Phone', kind: 'text', required: true },
          { name: 'gst', label: 'GST', kind: 'text' },
          { name: 'address.line1', label: 'Address Line 1', kind: 'text', required: true },
          { name: 'address.line2', label: 'Address Line 2', kind: 'text' },
          { name: 'address.city', label: 'City', kind: 'text', required: true },
          { name: 'address.state', label: 'State', kind: 'text', required: true },
          { name: 'address.pincode', label: 'Pincode', kind: 'text', required: true },
          { name: 'clusterId', label: 'Cluster', kind: 'select', data: (clusters.data ?? []).map((c) => ({ value: c.clusterId, label: c.clusterName })) },
        ]}
      />
    </Stack>
  );
}

export function OwnersPage() {
  const owners = useQuery(ownersQuery());
  const users = useQuery(warehouseUsersQuery());
  const warehouses = useQuery(warehousesQuery());
  const [creatingOwner, setCreatingOwner] = useState(false);
  const [creatingUser, setCreatingUser] = useState(false);
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>Cluster owners</Title>
          <Button onClick={() => setCreatingOwner(true)}>Create cluster owner</Button>
        </Group>
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
          <Table striped fz="sm" miw={700} data-testid="owners-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Clusters</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {owners.data?.length === 0 && empty(4)}
              {owners.data?.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td fw={500}>{o.name}</Table.Td>
                  <Table.Td>{o.phone}</Table.Td>
                  <Table.Td>{o.email}</Table.Td>
                  <Table.Td>{o.clusters.join(', ') || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>Warehouse owners and users</Title>
          <Button onClick={() => setCreatingUser(true)}>Create warehouse owner</Button>
        </Group>
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
          <Table striped fz="sm" miw={700} data-testid="warehouse-users-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Warehouse</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data?.length === 0 && empty(4)}
              {users.data?.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td fw={500}>{u.name}</Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>{u.warehouseName ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(u.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>
      <CreateModal
        opened={creatingOwner}
        onClose={() => setCreatingOwner(false)}
        title="Create cluster owner"
        submitLabel="Create"
        path="/api/admin/create-cluster-owner"
        schema={createClusterOwnerSchema}
        initial={{ name: '', phone: '', email: '' }}
        toBody={(v) => v}
        fields={[
          { name: 'name', label: 'Name', kind: 'text', required: true },
          { name: 'phone', label: 'Phone', kind: 'text', required: true },
          { name: 'email', label: 'Email', kind: 'text', required: true },
        ]}
      />
      <CreateModal
        opened={creatingUser}
        onClose={() => setCreatingUser(false)}
        title="Create warehouse owner"
        submitLabel="Create"
        path="/api/admin/create-warehouse-owner"
        schema={createWarehouseOwnerSchema}
        initial={{ name: '', email: '', password: '', warehouseId: '' }}
        toBody={(v) => v}
        fields={[
          { name: 'name', label: 'Name', kind: 'text', required: true },
          { name: 'email', label: 'Email', kind: 'text', required: true },
          { name: 'password', label: 'Password', kind: 'password', required: true },
          { name: 'warehouseId', label: 'Warehouse', kind: 'select', required: true, data: (warehouses.data ?? []).map((w) => ({ value: w.id, label: `${w.name} (${w.warehouseId})` })) },
        ]}
      />
    </Stack>
  );
}
