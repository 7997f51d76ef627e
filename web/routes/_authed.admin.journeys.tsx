import { createFileRoute } from '@tanstack/react-router';
import { adminLoader, adminPage } from '../features/admin/AdminOnly';
import { driversQuery, FIRST_JOURNEYS_PAGE, journeysQuery, JOURNEY_DRIVER_CHOICES } from '../features/admin/api';
import { JourneysPage } from '../features/admin/JourneysPage';

export const Route = createFileRoute('/_authed/admin/journeys')({
  loader: adminLoader(() => [driversQuery(JOURNEY_DRIVER_CHOICES), journeysQuery(FIRST_JOURNEYS_PAGE)]),
  component: adminPage(JourneysPage),
});
