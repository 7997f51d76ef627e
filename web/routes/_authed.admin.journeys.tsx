import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '../features/admin/AdminOnly';
import { JourneysPage } from '../features/admin/JourneysPage';

export const Route = createFileRoute('/_authed/admin/journeys')({
  component: () => (
    <AdminOnly>
      <JourneysPage />
    </AdminOnly>
  ),
});
