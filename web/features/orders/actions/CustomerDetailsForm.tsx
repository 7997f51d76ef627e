import { Grid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { customerDetailsSchema } from '../../../../domain/orders/action-inputs';
import { zodValidate } from '../../../ui/zodForm';
import type { OrderDetail } from '../queries';
import { OrderForm } from './OrderForm';

export type CustomerDetailsFormProps = { order: OrderDetail; onDone: () => void };

const FIELDS: [key: string, label: string, span: number][] = [
  ['firstName', 'First Name', 6], ['lastName', 'Last Name', 6], ['phone', 'Phone', 6], ['email', 'Email', 6],
  ['address1', 'Address Line 1', 12], ['address2', 'Address Line 2', 12], ['city', 'City', 4], ['state', 'State', 4], ['pincode', 'Pincode', 4],
];

export function CustomerDetailsForm({ order, onDone }: CustomerDetailsFormProps) {
  const a = order.customerAddress;
  const form = useForm({
    initialValues: {
      firstName: a.firstName ?? '', lastName: a.lastName ?? '', phone: a.phone ?? order.shippingPhone ?? '', email: a.email ?? order.shippingEmail ?? '',
      address1: a.address1 ?? '', address2: a.address2 ?? '', city: a.city ?? order.shipping.city, state: a.state ?? order.shipping.state, pincode: a.pincode ?? order.shipping.pincode,
    },
    validate: zodValidate(customerDetailsSchema),
  });
  return (
    <OrderForm form={form} request={(v) => ({ path: `/api/orders/${order.id}/customer`, method: 'PATCH', body: v, success: 'Customer details updated' })} onDone={onDone} noValidate>
      <Grid gap="sm">
        {FIELDS.map(([k, label, span]) => (
          <Grid.Col key={k} span={{ base: 12, sm: span }}>
            <TextInput label={label} required={k !== 'email'} {...form.getInputProps(k)} />
          </Grid.Col>
        ))}
      </Grid>
    </OrderForm>
  );
}
