import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { useSession } from '../../auth/useSession';

/** The admin console's pages are for administrators only (the API refuses everyone else too). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.role !== 'admin') return <Alert color="gray">This page is for administrators.</Alert>;
  return <>{children}</>;
}
