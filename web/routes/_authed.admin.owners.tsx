import { createFileRoute } from '@tanstack/react-router';
import { prefetchAll } from '../api/prefetch';
import { ownersQuery, warehousesQuery, warehouseUsersQuery } from '../features/admin/api';
import { AdminOnly } from '../features/admin/AdminOnly';
import { OwnersPage } from '../features/admin/MastersPages';

export const Route = createFileRoute('/_authed/admin/owners')({
  loader: ({ context }) => prefetchAll(context.queryClient, [ownersQuery(), warehouseUsersQuery(), warehousesQuery()]),
  component: () => (
    <AdminOnly>
      <OwnersPage />
    </AdminOnly>
  ),
});
