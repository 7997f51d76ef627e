import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CANCEL_REASON_MAX, cancelOrderSchema } from '../../../../domain/orders';
import { fieldErrors } from '../../../api/client';
import { zodValidate } from '../../../ui/zodForm';
import { useOrderMutation } from './useOrderMutation';

export type CancelOrderFormProps = { orderId: string; onDone: () => void };

export function CancelOrderForm({ orderId, onDone }: CancelOrderFormProps) {
  const run = useOrderMutation();
  const form = useForm({ initialValues: { reason: '' }, validate: zodValidate(cancelOrderSchema) });
  return (
    <form
      onSubmit={form.onSubmit(async (v) => {
        const r = await run({ path: `/api/orders/${orderId}/cancel`, method: 'PATCH', body: v, success: 'Order cancelled' });
        if (r.ok) onDone();
        else form.setErrors(fieldErrors(r.error));
      })}
    >
      <Stack>
        <Textarea
          label="Reason for cancellation"
          required
          autosize
          minRows={3}
          maxLength={CANCEL_REASON_MAX}
          description={`${form.values.reason.length}/${CANCEL_REASON_MAX}`}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Keep order</Button>
          <Button type="submit" color="red" loading={form.submitting}>Cancel Order</Button>
        </Group>
      </Stack>
    </form>
  );
}
