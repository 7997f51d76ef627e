import { createFileRoute } from '@tanstack/react-router';
import { Alert } from '@mantine/core';
import { prefetchAll } from '../api/prefetch';
import { useSession } from '../auth/useSession';
import { AuditLogPage, auditLogQuery } from '../features/finance/AuditLogPage';

export const Route = createFileRoute('/_authed/admin/audit-log')({
  loader: ({ context }) => prefetchAll(context.queryClient, [auditLogQuery({}, 1)]),
  component: AuditLogRoute,
});

function AuditLogRoute() {
  const session = useSession();
  if (session.role !== 'admin') return <Alert color="gray">The audit log is for administrators.</Alert>;
  return <AuditLogPage />;
}
