import { createFileRoute } from '@tanstack/react-router';
import { Alert } from '@mantine/core';
import { useSession } from '../auth/useSession';
import { PreferencesPage } from '../features/preferences/PreferencesPage';

export const Route = createFileRoute('/_authed/settings/preferences')({ component: PreferencesRoute });

function PreferencesRoute() {
  const session = useSession();
  if (session.role !== 'seller' && session.role !== 'admin') return <Alert color="gray">Preferences belong to each seller.</Alert>;
  return <PreferencesPage />;
}
