import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '../features/admin/AdminOnly';
import { WarehousesPage } from '../features/admin/MastersPages';

export const Route = createFileRoute('/_authed/admin/warehouses')({
  component: () => (
    <AdminOnly>
      <WarehousesPage />
    </AdminOnly>
  ),
});
