import { Button, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { orderDetailsSchema } from '../../../../domain/orders/action-inputs';
import { zodValidate } from '../../../ui/zodForm';
import type { OrderDetail } from '../queries';
import { OrderForm } from './OrderForm';

export type OrderDetailsFormProps = { order: OrderDetail; onDone: () => void; onFullEdit: () => void };

/** Remarks, e-way bill and PO number; anything more goes through Clone & Edit. */
export function OrderDetailsForm({ order, onDone, onFullEdit }: OrderDetailsFormProps) {
  const form = useForm({
    initialValues: { remarks: order.remarks ?? '', ewayBill: order.ewayBill ?? '', purchaseOrderNumber: order.purchaseOrderNumber ?? '' },
    validate: zodValidate(orderDetailsSchema),
  });
  return (
    <OrderForm form={form} request={(v) => ({ path: `/api/orders/${order.id}/details`, method: 'PATCH', body: v, success: 'Order details updated' })} onDone={onDone} noValidate>
      <Textarea label="Remarks" autosize minRows={2} maxLength={500} {...form.getInputProps('remarks')} />
      <TextInput label="E-way bill number" {...form.getInputProps('ewayBill')} />
      <TextInput label="Purchase order number" maxLength={40} {...form.getInputProps('purchaseOrderNumber')} />
      <Text size="xs" c="dimmed">
        To change items, prices or addresses, use <Button variant="subtle" size="compact-xs" onClick={onFullEdit}>Clone &amp; Edit Order</Button>.
      </Text>
    </OrderForm>
  );
}
