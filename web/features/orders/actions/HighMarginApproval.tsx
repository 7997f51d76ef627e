import { useState } from 'react';
import { Badge, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { APPROVE_D2R_FAILED, type HighMarginApprovedResponse, type HighMarginResponse } from '../../../../domain/high-margin';
import { apiJson } from '../../../api/client';
import { useSession } from '../../../auth/useSession';
import { refreshOrders, type OrderDetail } from '../queries';

export type HighMarginApprovalProps = { order: OrderDetail };

/** A high-margin D2R order waits for an admin: admins get 'Approve D2R Order', everyone sees whether it is approved. */
export function HighMarginApproval({ order }: HighMarginApprovalProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const isD2r = Number(order.orderType) === 2;
  const q = useQuery({
    queryKey: ['orders', 'high-margin', order.id],
    queryFn: ({ signal }) => apiJson<HighMarginResponse>(`/api/orders/${order.id}/high-margin`, { signal }).then((r) => r.data),
    enabled: isD2r,
    retry: false,
  });
  if (!isD2r || !q.data?.highMargin) return null;
  if (q.data.approved) return <Badge color="teal" variant="light">High margin approved by {q.data.approvedBy}</Badge>;
  if (session.role !== 'admin') return <Badge color="orange" variant="light">High margin: awaiting admin approval</Badge>;
  return (
    <Button
      size="xs"
      color="orange"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const r = await apiJson<HighMarginApprovedResponse>(`/api/orders/${order.id}/approve-d2r`, { method: 'PATCH', body: {} });
          notifications.show({ color: 'green', message: r.message });
        } catch {
          notifications.show({ color: 'red', title: 'Error', message: APPROVE_D2R_FAILED });
        } finally {
          setBusy(false);
          await q.refetch();
          await refreshOrders(queryClient);
        }
      }}
    >
      Approve D2R Order ({q.data.marginPercent}% margin)
    </Button>
  );
}
