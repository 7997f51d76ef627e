import { Button, type ButtonProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { returnActionOf } from '../../../domain/floor';
import { NEEDS_NETWORK, useOnline } from '../sync/useOnline';
import { ReturnApprovalModal } from './ReturnApprovalModal';
import { returnRulesQuery } from './queries';

export interface ReturnActionProps {
  order: { id: string; status: string; companyId: string };
  size?: ButtonProps['size'];
}

/**
 * The approve-return action (or the read-only RTO/DTO details) of one order,
 * for the orders list and the order slider: the same dialog, rules and
 * messages as the returns station. Nothing for orders that have neither.
 */
export function ReturnAction({ order, size = 'xs' }: ReturnActionProps) {
  const rules = useQuery(returnRulesQuery());
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const action = returnActionOf({ status: order.status, approveRtsReturns: rules.data?.rtsApprovalCompanyIds.includes(order.companyId) ?? false });
  if (!action) return null;
  return (
    <>
      <Button
        size={size}
        variant={action.kind === 'approve' ? 'filled' : 'light'}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        disabled={!online}
        title={online ? undefined : NEEDS_NETWORK}
        data-testid="return-action"
        data-kind={action.kind}
      >
        {action.label}
      </Button>
      {open && <ReturnApprovalModal orderId={order.id} onClose={() => setOpen(false)} />}
    </>
  );
}
