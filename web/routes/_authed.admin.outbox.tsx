import { createFileRoute } from '@tanstack/react-router';
import { Alert } from '@mantine/core';
import { useSession } from '../auth/useSession';
import { OutboxPage } from '../features/billing/OutboxPage';

export const Route = createFileRoute('/_authed/admin/outbox')({ component: OutboxRoute });

function OutboxRoute() {
  const session = useSession();
  if (session.role !== 'admin') return <Alert color="gray">The mail outbox is for administrators.</Alert>;
  return <OutboxPage />;
}
