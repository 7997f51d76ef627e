import { createFileRoute } from '@tanstack/react-router';
import { prefetchAll } from '../api/prefetch';
import { clustersQuery, ownersQuery, warehousesQuery } from '../features/admin/api';
import { AdminOnly } from '../features/admin/AdminOnly';
import { ClustersPage } from '../features/admin/MastersPages';

export const Route = createFileRoute('/_authed/admin/clusters')({
  loader: ({ context }) => prefetchAll(context.queryClient, [clustersQuery(), ownersQuery(), warehousesQuery()]),
  component: () => (
    <AdminOnly>
      <ClustersPage />
    </AdminOnly>
  ),
});
