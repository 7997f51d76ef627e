import { createFileRoute, redirect } from '@tanstack/react-router';
import { ensureSession } from '../auth/session';

export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    const s = await ensureSession(context.queryClient);
    throw redirect({ to: s.isLogined ? (s.role === 'warehouse' ? '/fulfillment' : '/orders') : '/login' });
  },
});
