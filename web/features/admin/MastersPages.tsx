import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
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
import { DataTable, type DataTableProps } from '../../ui/DataTable';
import { PageHeader } from '../../ui/ListPage';
import { queryError } from '../../ui/queryError';
import { LOAD_FAILED_FALLBACK } from '../../../domain/orders';

/** One master list: its title and create buttons, and the whole list (these lists are short: no pager). */
function MasterList<Row>({ title, actions, query, table, children }: {
  title: string;
  actions: ReactNode;
  query: UseQueryResult<Row[]>;
  table: Omit<DataTableProps<Row>, 'label' | 'rows' | 'loading' | 'error'>;
  children?: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <PageHeader title={title} order={3} actions={actions} />
      <DataTable label={title} {...table} rows={query.data} loading={query.isPending} error={queryError(query, { message: LOAD_FAILED_FALLBACK })} />
      {children}
    </Stack>
  );
}

const pincodeList = (s: string) => (s ?? '').split(/[\s,]+/).map((p) => p.trim()).filter(Boolean);

export function ClustersPage() {
  const clusters = useQuery(clustersQuery());
  const owners = useQuery(ownersQuery());
  const warehouses = useQuery(warehousesQuery());
  const [creating, setCreating] = useState(false);
  const [assigning, setAssigning] = useState(false);
  return (
    <MasterList
      title="Clusters"
      actions={
        <Group gap="xs">
          <Button variant="default" onClick={() => setAssigning(true)}>Assign warehouse</Button>
          <Button onClick={() => setCreating(true)}>Create cluster</Button>
        </Group>
      }
      query={clusters}
      table={{
        testId: 'clusters-table',
        minWidth: 800,
        rowKey: (c) => c.clusterId,
        columns: [
          { key: 'name', header: 'Cluster', cell: (c) => c.clusterName, cellProps: () => ({ fw: 500 }) },
          { key: 'city', header: 'City', cell: (c) => c.city },
          { key: 'pincodes', header: 'Pincodes', cell: (c) => <Text size="sm" style={{ wordBreak: 'break-word' }}>{c.clusterPincode.join(', ')}</Text>, cellProps: () => ({ maw: 320 }) },
          { key: 'owner', header: 'Owner', cell: (c) => (c.owner ? `${c.owner.name} · ${c.owner.phone}` : '—') },
          { key: 'warehouses', header: 'Warehouses', cell: (c) => c.warehouses.map((w) => w.name).join(', ') || '—' },
          { key: 'drivers', header: 'Drivers', cell: (c) => c.drivers },
        ],
      }}
    >
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
    </MasterList>
  );
}

export function WarehousesPage() {
  const warehouses = useQuery(warehousesQuery());
  const clusters = useQuery(clustersQuery());
  const [creating, setCreating] = useState(false);
  return (
    <MasterList
      title="Warehouses"
      actions={<Button onClick={() => setCreating(true)}>Create warehouse</Button>}
      query={warehouses}
      table={{
        testId: 'warehouses-table',
        minWidth: 760,
        rowKey: (w) => w.id,
        columns: [
          { key: 'name', header: 'Warehouse', cell: (w) => w.name, cellProps: () => ({ fw: 500 }) },
          { key: 'code', header: 'Code', cell: (w) => w.warehouseId },
          { key: 'city', header: 'City', cell: (w) => `${w.city} ${w.pincode}` },
          { key: 'cluster', header: 'Cluster', cell: (w) => w.cluster?.name ?? '—' },
          { key: 'users', header: 'Users', cell: (w) => w.users },
          { key: 'status', header: 'Status', cell: (w) => <Badge variant="light" color={w.active ? 'green' : 'gray'}>{w.active ? 'Active' : 'Inactive'}</Badge> },
        ],
      }}
    >
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
    </MasterList>
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
      <MasterList
        title="Cluster owners"
        actions={<Button onClick={() => setCreatingOwner(true)}>Create cluster owner</Button>}
        query={owners}
        table={{
          testId: 'owners-table',
          minWidth: 700,
          rowKey: (o) => o.id,
          columns: [
            { key: 'name', header: 'Name', cell: (o) => o.name, cellProps: () => ({ fw: 500 }) },
            { key: 'phone', header: 'Phone', cell: (o) => o.phone },
            { key: 'email', header: 'Email', cell: (o) => o.email },
            { key: 'clusters', header: 'Clusters', cell: (o) => o.clusters.join(', ') || '—' },
          ],
        }}
      />
      <MasterList
        title="Warehouse owners and users"
        actions={<Button onClick={() => setCreatingUser(true)}>Create warehouse owner</Button>}
        query={users}
        table={{
          testId: 'warehouse-users-table',
          minWidth: 700,
          rowKey: (u) => u.id,
          columns: [
            { key: 'name', header: 'Name', cell: (u) => u.name, cellProps: () => ({ fw: 500 }) },
            { key: 'email', header: 'Email', cell: (u) => u.email },
            { key: 'warehouse', header: 'Warehouse', cell: (u) => u.warehouseName ?? '—' },
            { key: 'created', header: 'Created', cell: (u) => formatDateTime(u.createdAt) },
          ],
        }}
      />
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
