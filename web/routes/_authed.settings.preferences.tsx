import { createFileRoute } from '@tanstack/react-router';
import { Alert } from '@mantine/core';
import { useSession } from '../auth/useSession';
import { prefetchAll } from '../api/prefetch';
import { deliveryPartnersQuery, PreferencesPage, preferencesQuery } from '../features/preferences/PreferencesPage';

export const Route = createFileRoute('/_authed/settings/preferences')({
  // A seller's own preferences; an admin chooses a company on the page first.
  loader: ({ context }) =>
    prefetchAll(context.queryClient, context.session.role === 'seller' ? [preferencesQuery(null), deliveryPartnersQuery()] : context.session.role === 'admin' ? [deliveryPartnersQuery()] : []),
  component: PreferencesRoute,
});

function PreferencesRoute() {
  const session = useSession();
  if (session.role !== 'seller' && session.role !== 'admin') return <Alert color="gray">Preferences belong to each seller.</Alert>;
  return <PreferencesPage />;
}
