import { createFileRoute } from '@tanstack/react-router';
import { Alert } from '@mantine/core';
import { useSession } from '../auth/useSession';
import { PromotersPage } from '../features/promoters/PromotersPage';

export const Route = createFileRoute('/_authed/admin/promoters')({ component: PromotersRoute });

function PromotersRoute() {
  const session = useSession();
  if (session.role !== 'admin') return <Alert color="gray">Promoters are managed by administrators.</Alert>;
  return <PromotersPage />;
}
