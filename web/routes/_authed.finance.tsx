import { createFileRoute } from '@tanstack/react-router';
import { Alert } from '@mantine/core';
import { useSession } from '../auth/useSession';
import { BrandsCsvPage } from '../features/finance/BrandsCsvPage';

export const Route = createFileRoute('/_authed/finance')({ component: FinanceRoute });

function FinanceRoute() {
  const session = useSession();
  if (session.role !== 'finance' && session.role !== 'admin') return <Alert color="gray">The brands CSV is for finance users.</Alert>;
  return <BrandsCsvPage />;
}
