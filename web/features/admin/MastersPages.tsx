import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import {
  assignClusterSchema,
  createClusterOwnerSchema,
  createClusterSchema,
  createWarehouseOwnerSchema,
  createWarehouseSchema,
} from '../../../domain/admin';
import { clustersQuery, ownersQuery, warehousesQuery, warehouseUsersQuery } from './api';
import { CreateAction, EMAIL_FIELD, NAME_FIELD, PHONE_FIELD, useClusterChoices, useOwnerChoices, useWarehouseChoices } from './CreateModal';
import { DataTable, type DataTableProps } from '../../ui/DataTable';
import { byId, PageHeader } from '../../ui/ListPage';
import { CREATED_COLUMN, EMAIL_COLUMN, NAME_COLUMN, PHONE_COLUMN } from './columns';
import { queryError } from '../../ui/queryError';
import { LOAD_FAILED_FALLBACK } from '../../../domain/orders/texts';

/** One master list: its title and create buttons, and the whole list its query reads (these lists are short: no pager). */
function MasterList<Row, K extends QueryKey>({ title, actions, query: options, table }: {
  title: string;
  actions: ReactNode;
  query: UseQueryOptions<Row[], Error, Row[], K>;
  /** What DataTable takes but the list's own; rows are keyed by their `id` unless `rowKey` says otherwise. */
  table: Omit<DataTableProps<Row>, 'label' | 'rows' | 'loading' | 'error' | 'rowKey'> & { rowKey?: DataTableProps<Row>['rowKey'] };
}) {
  const query = useQuery(options);
  return (
    <Stack gap="sm">
      <PageHeader title={title} order={3} actions={actions} />
      <DataTable label={title} {...table} rowKey={table.rowKey ?? byId} rows={query.data} loading={query.isPending} error={queryError(query, { message: LOAD_FAILED_FALLBACK })} />
    </Stack>
  );
}

const pincodeList = (s: string) => (s ?? '').split(/[\s,]+/).map((p) => p.trim()).filter(Boolean);

export function ClustersPage() {
  return (
    <MasterList
      title="Clusters"
      actions={
        <Group gap="xs">
          <CreateAction
            label="Assign warehouse"
            variant="default"
            title="Assign a warehouse to a cluster"
            submitLabel="Assign"
            path="/api/admin/assign-cluster"
            schema={assignClusterSchema}
            fields={[
              { name: 'warehouseId', label: 'Warehouse', kind: 'select', required: true, data: useWarehouseChoices },
              { name: 'clusterId', label: 'Cluster', kind: 'select', required: true, data: useClusterChoices },
            ]}
          />
          <CreateAction
            label="Create cluster"
            path="/api/admin/create-cluster"
            schema={createClusterSchema}
            toBody={(v) => ({ name: v.name, city: v.city, pincodes: pincodeList(v.pincodes), ownerId: v.ownerId || undefined })}
            fields={[
              NAME_FIELD,
              { name: 'city', label: 'City', kind: 'text', required: true },
              { name: 'pincodes', label: 'Pincodes', kind: 'multiline', required: true, placeholder: '400001, 400002, …' },
              { name: 'ownerId', label: 'Owner', kind: 'select', data: useOwnerChoices },
            ]}
          />
        </Group>
      }
      query={clustersQuery()}
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
    />
  );
}

export function WarehousesPage() {
  return (
    <MasterList
      title="Warehouses"
      actions={
        <CreateAction
          label="Create warehouse"
          path="/api/admin/create-warehouse"
          schema={createWarehouseSchema}
          toBody={(v) => ({
            name: v.name, code: v.code.toUpperCase(), email: v.email, phone: v.phone, gst: v.gst || undefined, clusterId: v.clusterId || undefined,
            address: { line1: v['address.line1'], line2: v['address.line2'], city: v['address.city'], state: v['address.state'], pincode: v['address.pincode'] },
          })}
          fields={[
            NAME_FIELD,
            { name: 'code', label: 'Warehouse code', kind: 'text', required: true, placeholder: 'e.g. PNQ1' },
            EMAIL_FIELD,
            PHONE_FIELD,
            { name: 'gst', label: 'GST', kind: 'text' },
            { name: 'address.line1', label: 'Address Line 1', kind: 'text', required: true },
            { name: 'address.line2', label: 'Address Line 2', kind: 'text' },
            { name: 'address.city', label: 'City', kind: 'text', required: true },
            { name: 'address.state', label: 'State', kind: 'text', required: true },
            { name: 'address.pincode', label: 'Pincode', kind: 'text', required: true },
            { name: 'clusterId', label: 'Cluster', kind: 'select', data: useClusterChoices },
          ]}
        />
      }
      query={warehousesQuery()}
      table={{
        testId: 'warehouses-table',
        minWidth: 760,
        columns: [
          { key: 'name', header: 'Warehouse', cell: (w) => w.name, cellProps: () => ({ fw: 500 }) },
          { key: 'code', header: 'Code', cell: (w) => w.warehouseId },
          { key: 'city', header: 'City', cell: (w) => `${w.city} ${w.pincode}` },
          { key: 'cluster', header: 'Cluster', cell: (w) => w.cluster?.name ?? '—' },
          { key: 'users', header: 'Users', cell: (w) => w.users },
          { key: 'status', header: 'Status', cell: (w) => <Badge variant="light" color={w.active ? 'green' : 'gray'}>{w.active ? 'Active' : 'Inactive'}</Badge> },
        ],
      }}
    />
  );
}

export function OwnersPage() {
  return (
    <Stack gap="lg">
      <MasterList
        title="Cluster owners"
        actions={<CreateAction label="Create cluster owner" submitLabel="Create" path="/api/admin/create-cluster-owner" schema={createClusterOwnerSchema} fields={[NAME_FIELD, PHONE_FIELD, EMAIL_FIELD]} />}
        query={ownersQuery()}
        table={{
          testId: 'owners-table',
          minWidth: 700,
          columns: [NAME_COLUMN, PHONE_COLUMN, EMAIL_COLUMN, { key: 'clusters', header: 'Clusters', cell: (o) => o.clusters.join(', ') || '—' }],
        }}
      />
      <MasterList
        title="Warehouse owners and users"
        actions={
          <CreateAction
            label="Create warehouse owner"
            submitLabel="Create"
            path="/api/admin/create-warehouse-owner"
            schema={createWarehouseOwnerSchema}
            fields={[
              NAME_FIELD,
              EMAIL_FIELD,
              { name: 'password', label: 'Password', kind: 'password', required: true },
              { name: 'warehouseId', label: 'Warehouse', kind: 'select', required: true, data: useWarehouseChoices },
            ]}
          />
        }
        query={warehouseUsersQuery()}
        table={{
          testId: 'warehouse-users-table',
          minWidth: 700,
          columns: [NAME_COLUMN, EMAIL_COLUMN, { key: 'warehouse', header: 'Warehouse', cell: (u) => u.warehouseName ?? '—' }, CREATED_COLUMN],
        }}
      />
    </Stack>
  );
}
