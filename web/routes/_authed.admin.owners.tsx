import { createFileRoute } from '@tanstack/react-router';
import { adminLoader, adminPage } from '../features/admin/AdminOnly';
import { ownersQuery, warehousesQuery, warehouseUsersQuery } from '../features/admin/api';
import { OwnersPage } from '../features/admin/MastersPages';

export const Route = createFileRoute('/_authed/admin/owners')({
  loader: adminLoader(() => [ownersQuery(), warehouseUsersQuery(), warehousesQuery()]),
  component: adminPage(OwnersPage),
});
