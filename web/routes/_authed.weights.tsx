import { createFileRoute } from '@tanstack/react-router';
import { Alert } from '@mantine/core';
import { useSession } from '../auth/useSession';
import { WeightsPage } from '../features/finance/WeightsPage';

export const Route = createFileRoute('/_authed/weights')({ component: WeightsRoute });

function WeightsRoute() {
  const session = useSession();
  if (session.role !== 'finance' && session.role !== 'admin' && session.role !== 'seller') return <Alert color="gray">Weight disputes are for finance, admin and seller users.</Alert>;
  return <WeightsPage />;
}
