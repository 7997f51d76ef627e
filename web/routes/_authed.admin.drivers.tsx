import { createFileRoute } from '@tanstack/react-router';
import { adminLoader, adminPage } from '../features/admin/AdminOnly';
import { clustersQuery, driversQuery, FIRST_DRIVERS_PAGE } from '../features/admin/api';
import { DriversPage } from '../features/admin/DriversPage';

export const Route = createFileRoute('/_authed/admin/drivers')({
  loader: adminLoader(() => [clustersQuery(), driversQuery(FIRST_DRIVERS_PAGE)]),
  component: adminPage(DriversPage),
});
