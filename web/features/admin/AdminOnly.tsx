import type { ComponentType, ReactNode } from 'react';
import { Alert } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchAll } from '../../api/prefetch';
import type { Session } from '../../auth/session';
import { useSession } from '../../auth/useSession';

/** The admin console's pages are for administrators only (the API refuses everyone else too). */
export function AdminOnly({ children, refusal = 'This page is for administrators.' }: { children: ReactNode; refusal?: string }) {
  const session = useSession();
  if (session.role !== 'admin') return <Alert color="gray">{refusal}</Alert>;
  return <>{children}</>;
}

/** An admin console route's loader: it prefetches the queries the page reads first, for an administrator only. */
export function adminLoader(queries: () => Parameters<typeof prefetchAll>[1]) {
  return ({ context }: { context: { queryClient: QueryClient; session: Session } }) =>
    prefetchAll(context.queryClient, context.session.role === 'admin' ? queries() : []);
}

/** An admin console route's component: the page, for administrators (anyone else reads `refusal`). */
export function adminPage(Page: ComponentType, refusal?: string) {
  return function AdminPage() {
    return (
      <AdminOnly refusal={refusal}>
        <Page />
      </AdminOnly>
    );
  };
}
