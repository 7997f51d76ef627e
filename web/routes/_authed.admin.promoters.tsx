import { createFileRoute } from '@tanstack/react-router';
import { Alert } from '@mantine/core';
import { prefetchAll } from '../api/prefetch';
import { useSession } from '../auth/useSession';
import { PromotersPage, promotersListQuery } from '../features/promoters/PromotersPage';

export const Route = createFileRoute('/_authed/admin/promoters')({
  loader: ({ context }) => prefetchAll(context.queryClient, [promotersListQuery({}, 1)]),
  component: PromotersRoute,
});

function PromotersRoute() {
  const session = useSession();
  if (session.role !== 'admin') return <Alert color="gray">Promoters are managed by administrators.</Alert>;
  return <PromotersPage />;
}
