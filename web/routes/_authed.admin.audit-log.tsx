import { createFileRoute } from '@tanstack/react-router';
import { adminLoader, adminPage } from '../features/admin/AdminOnly';
import { AuditLogPage, auditLogQuery } from '../features/finance/AuditLogPage';

export const Route = createFileRoute('/_authed/admin/audit-log')({
  loader: adminLoader(() => [auditLogQuery({}, 1)]),
  component: adminPage(AuditLogPage, 'The audit log is for administrators.'),
});
