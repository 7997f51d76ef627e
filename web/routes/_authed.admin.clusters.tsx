import { createFileRoute } from '@tanstack/react-router';
import { adminLoader, adminPage } from '../features/admin/AdminOnly';
import { clustersQuery, ownersQuery, warehousesQuery } from '../features/admin/api';
import { ClustersPage } from '../features/admin/MastersPages';

export const Route = createFileRoute('/_authed/admin/clusters')({
  loader: adminLoader(() => [clustersQuery(), ownersQuery(), warehousesQuery()]),
  component: adminPage(ClustersPage),
});
