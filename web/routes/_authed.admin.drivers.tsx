import { createFileRoute } from '@tanstack/react-router';
import { prefetchAll } from '../api/prefetch';
import { clustersQuery, driversQuery, FIRST_DRIVERS_PAGE } from '../features/admin/api';
import { AdminOnly } from '../features/admin/AdminOnly';
import { DriversPage } from '../features/admin/DriversPage';

export const Route = createFileRoute('/_authed/admin/drivers')({
  loader: ({ context }) => prefetchAll(context.queryClient, [clustersQuery(), driversQuery(FIRST_DRIVERS_PAGE)]),
  component: () => (
    <AdminOnly>
      <DriversPage />
    </AdminOnly>
  ),
});
