import { Alert, Anchor, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { EWB_NEEDED_TEXT } from '../../../domain/einvoice/rules';
import { formatRupees } from '../../../domain/money';
import { GenerateEwbModal } from '../gst/EwayBillsCard';
import type { OrderDetail } from './queries';

export type EwayBillFlagProps = { order: Pick<OrderDetail, 'ewayBillNeeded' | 'consignmentValuePaise' | 'invoiceIrnRegistered'> & { invoiceId?: string | null } };

/**
 * READY TO SHIP's e-way bill flag: a consignment worth more than ₹50,000 without an e-way bill
 * (the server decides, domain/einvoice/rules.ts), with the way to generate it: by IRN from
 * Settings > GST when its invoice is registered, on the e-way bill system here for an issued invoice without
 * an IRN (the server refuses it for one waiting for its IRN), on the e-way bill portal otherwise.
 */
export function EwayBillFlag({ order }: EwayBillFlagProps) {
  const [generating, setGenerating] = useState(false);
  if (!order.ewayBillNeeded) return null;
  return (
    <Alert color="orange" title="E-way bill needed" data-testid="ewb-needed" p="xs">
      <Text size="sm">{EWB_NEEDED_TEXT} Invoice value {formatRupees(order.consignmentValuePaise)}.</Text>
      {order.invoiceIrnRegistered ? (
        <Anchor component={Link} to="/settings/gst" size="sm">Generate e-way bill</Anchor>
      ) : (
        <Text size="sm">
          Its invoice has no IRN yet: <Anchor component={Link} to="/settings/gst" size="sm">Generate e-way bill</Anchor> once it is registered, or
          generate it on the e-way bill portal and record its number on the order.
          {order.invoiceId && (
            <>
              {' '}Without e-invoicing:{' '}
              <Button size="compact-xs" variant="light" onClick={() => setGenerating(true)}>Generate without IRN</Button>
            </>
          )}
        </Text>
      )}
      {generating && order.invoiceId && <GenerateEwbModal invoiceId={order.invoiceId} title="E-way bill for this order's invoice" onClose={() => setGenerating(false)} />}
    </Alert>
  );
}
