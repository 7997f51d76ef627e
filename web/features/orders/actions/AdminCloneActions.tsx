import { Button } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useSession } from '../../../auth/useSession';
import type { OrderDetail } from '../queries';

export type AdminCloneActionsProps = { order: OrderDetail };

/**
 * Admin: Clone Order and Clone & Edit Order. They open the manual
 * order form, which starts on the order's company; the admin can choose
 * another company there before saving.
 */
export function AdminCloneActions({ order }: AdminCloneActionsProps) {
  const session = useSession();
  const navigate = useNavigate();
  if (session.role !== 'admin') return null;
  const go = (mode: 'clone' | 'edit') => navigate({ to: '/orders/new', search: { cloneFrom: order.id, mode } });
  return (
    <>
      <Button size="xs" variant="light" onClick={() => go('clone')}>Clone Order</Button>
      <Button size="xs" variant="light" onClick={() => go('edit')}>Clone & Edit Order</Button>
    </>
  );
}
