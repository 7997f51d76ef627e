import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '../features/admin/AdminOnly';
import { OwnersPage } from '../features/admin/MastersPages';

export const Route = createFileRoute('/_authed/admin/owners')({
  component: () => (
    <AdminOnly>
      <OwnersPage />
    </AdminOnly>
  ),
});
