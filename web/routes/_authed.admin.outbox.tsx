import { createFileRoute } from '@tanstack/react-router';
import { adminLoader, adminPage } from '../features/admin/AdminOnly';
import { OutboxPage } from '../features/billing/OutboxPage';
import { outboxQuery } from '../features/billing/queries';

export const Route = createFileRoute('/_authed/admin/outbox')({
  loader: adminLoader(() => [outboxQuery(1)]),
  component: adminPage(OutboxPage, 'The mail outbox is for administrators.'),
});
