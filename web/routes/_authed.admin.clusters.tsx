import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '../features/admin/AdminOnly';
import { ClustersPage } from '../features/admin/MastersPages';

export const Route = createFileRoute('/_authed/admin/clusters')({
  component: () => (
    <AdminOnly>
      <ClustersPage />
    </AdminOnly>
  ),
});
