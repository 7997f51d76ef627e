import { createFileRoute } from '@tanstack/react-router';
import { Alert } from '@mantine/core';
import { useSession } from '../auth/useSession';
import { prefetchAll } from '../api/prefetch';
import { OutboxPage } from '../features/billing/OutboxPage';
import { outboxQuery } from '../features/billing/queries';

export const Route = createFileRoute('/_authed/admin/outbox')({
  loader: ({ context }) => prefetchAll(context.queryClient, context.session.role === 'admin' ? [outboxQuery(1)] : []),
  component: OutboxRoute,
});

function OutboxRoute() {
  const session = useSession();
  if (session.role !== 'admin') return <Alert color="gray">The mail outbox is for administrators.</Alert>;
  return <OutboxPage />;
}
