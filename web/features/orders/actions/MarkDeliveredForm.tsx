import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { canConvertToCredit } from '../../../../domain/orders/actions';
import { addDays, istToday } from '../../../../domain/orders/ist-dates';
import { DUE_DATE_WINDOW_DAYS, MARK_DELIVERED_FALLBACK } from '../../../../domain/orders/texts';
import { toDay } from '../FilterDrawer';
import { PAYMENT_LABELS } from '../format';
import type { OrderDetail } from '../queries';
import { useOrderMutation } from './useOrderMutation';

export type MarkDeliveredFormProps = { order: OrderDetail; onDone: () => void };

/** Marks delivered; a retailer COD order can become credit, due from today to 60 days ahead. */
export function MarkDeliveredForm({ order, onDone }: MarkDeliveredFormProps) {
  const run = useOrderMutation();
  const convertible = canConvertToCredit(order);
  const [toCredit, setToCredit] = useState(false);
  const [due, setDue] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const today = istToday();
  const submit = async () => {
    setBusy(true);
    const r = await run({
      path: `/api/orders/${order.id}/mark-delivered`,
      method: 'PATCH',
      body: { status: 'DELIVERED', paymentMode: toCredit ? 'credit' : order.paymentMode, d2RDueDate: toCredit ? due : null },
      success: 'Order marked as delivered',
      fallback: MARK_DELIVERED_FALLBACK,
    });
    setBusy(false);
    if (r.ok) onDone();
  };
  return (
    <Stack>
      <Text size="sm">Payment: {PAYMENT_LABELS[order.paymentMode] ?? order.paymentMode}</Text>
      {convertible && (
        <>
          <Checkbox label="Convert to credit (retailer pays later)" checked={toCredit} onChange={(e) => setToCredit(e.currentTarget.checked)} />
          {toCredit && (
            <DatePickerInput
              label="Due date"
              required
              minDate={today}
              maxDate={addDays(today, DUE_DATE_WINDOW_DAYS)}
              value={due}
              onChange={(v) => setDue(toDay(v) ?? null)}
              description={`Today up to ${DUE_DATE_WINDOW_DAYS} days ahead`}
            />
          )}
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>Close</Button>
        <Button onClick={submit} loading={busy} disabled={toCredit && !due}>Mark Delivered</Button>
      </Group>
    </Stack>
  );
}
