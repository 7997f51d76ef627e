import { createFileRoute } from '@tanstack/react-router';
import { adminLoader, adminPage } from '../features/admin/AdminOnly';
import { clustersQuery, warehousesQuery } from '../features/admin/api';
import { WarehousesPage } from '../features/admin/MastersPages';

export const Route = createFileRoute('/_authed/admin/warehouses')({
  loader: adminLoader(() => [warehousesQuery(), clustersQuery()]),
  component: adminPage(WarehousesPage),
});
