import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { ensureSession } from '../auth/session';
import { AppLayout } from '../features/shell/AppLayout';

export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    const s = await ensureSession(context.queryClient);
    if (!s.isLogined) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { session: s };
  },
  component: () => (
    <AppLayout>
      <Outlet />
    </AppLayout>
  ),
});
