import { createFileRoute } from '@tanstack/react-router';
import { Alert } from '@mantine/core';
import { useSession } from '../auth/useSession';
import { RemittancePage } from '../features/finance/RemittancePage';

export const Route = createFileRoute('/_authed/remittance')({ component: RemittanceRoute });

function RemittanceRoute() {
  const session = useSession();
  if (session.role !== 'finance' && session.role !== 'admin') return <Alert color="gray">COD remittance is for finance and admin users.</Alert>;
  return <RemittancePage />;
}
