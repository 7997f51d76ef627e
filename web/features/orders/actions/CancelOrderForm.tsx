import { Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cancelOrderSchema } from '../../../../domain/orders/action-inputs';
import { CANCEL_REASON_MAX } from '../../../../domain/orders/texts';
import { zodValidate } from '../../../ui/zodForm';
import { OrderForm } from './OrderForm';

export type CancelOrderFormProps = { orderId: string; onDone: () => void };

export function CancelOrderForm({ orderId, onDone }: CancelOrderFormProps) {
  const form = useForm({ initialValues: { reason: '' }, validate: zodValidate(cancelOrderSchema) });
  return (
    <OrderForm
      form={form}
      request={(v) => ({ path: `/api/orders/${orderId}/cancel`, method: 'PATCH', body: v, success: 'Order cancelled' })}
      onDone={onDone}
      cancelLabel="Keep order"
      submitLabel="Cancel Order"
      submitColor="red"
    >
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
    </OrderForm>
  );
}
