import { createFileRoute } from '@tanstack/react-router';
import { prefetchAll } from '../api/prefetch';
import { driversQuery, FIRST_JOURNEYS_PAGE, journeysQuery, JOURNEY_DRIVER_CHOICES } from '../features/admin/api';
import { AdminOnly } from '../features/admin/AdminOnly';
import { JourneysPage } from '../features/admin/JourneysPage';

export const Route = createFileRoute('/_authed/admin/journeys')({
  loader: ({ context }) => prefetchAll(context.queryClient, [driversQuery(JOURNEY_DRIVER_CHOICES), journeysQuery(FIRST_JOURNEYS_PAGE)]),
  component: () => (
    <AdminOnly>
      <JourneysPage />
    </AdminOnly>
  ),
});
