import { createFileRoute, redirect } from '@tanstack/react-router';
import { ensureSession } from '../auth/session';
import { homeFor } from '../features/shell/nav';

export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    const s = await ensureSession(context.queryClient);
    throw redirect({ to: s.isLogined ? homeFor(s.role) : '/login' });
  },
});
