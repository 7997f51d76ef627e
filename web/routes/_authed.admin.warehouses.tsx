import { createFileRoute } from '@tanstack/react-router';
import { prefetchAll } from '../api/prefetch';
import { clustersQuery, warehousesQuery } from '../features/admin/api';
import { AdminOnly } from '../features/admin/AdminOnly';
import { WarehousesPage } from '../features/admin/MastersPages';

export const Route = createFileRoute('/_authed/admin/warehouses')({
  loader: ({ context }) => prefetchAll(context.queryClient, [warehousesQuery(), clustersQuery()]),
  component: () => (
    <AdminOnly>
      <WarehousesPage />
    </AdminOnly>
  ),
});
