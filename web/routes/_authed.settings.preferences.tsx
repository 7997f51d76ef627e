import { createFileRoute } from '@tanstack/react-router';
import { Alert } from '@mantine/core';
import { z } from 'zod';
import { useSession } from '../auth/useSession';
import { prefetchAll } from '../api/prefetch';
import { deliveryPartnersQuery, PreferencesPage, preferencesQuery } from '../features/preferences/PreferencesPage';

const searchSchema = z.object({ company: z.string().max(64).optional().catch(undefined) });

export const Route = createFileRoute('/_authed/settings/preferences')({
  validateSearch: (s) => searchSchema.parse(s),
  // A seller's own preferences; an admin chooses a company on the page first.
  loader: ({ context }) =>
    prefetchAll(context.queryClient, context.session.role === 'seller' ? [preferencesQuery(null), deliveryPartnersQuery()] : context.session.role === 'admin' ? [deliveryPartnersQuery()] : []),
  component: PreferencesRoute,
});

function PreferencesRoute() {
  const session = useSession();
  const { company } = Route.useSearch();
  if (session.role !== 'seller' && session.role !== 'admin') return <Alert color="gray">Preferences belong to each seller.</Alert>;
  return <PreferencesPage company={company} />;
}
