import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '../features/admin/AdminOnly';
import { DriversPage } from '../features/admin/DriversPage';

export const Route = createFileRoute('/_authed/admin/drivers')({
  component: () => (
    <AdminOnly>
      <DriversPage />
    </AdminOnly>
  ),
});
