import { Button, Grid, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { customerDetailsSchema } from '../../../../domain/orders';
import { fieldErrors } from '../../../api/client';
import { zodValidate } from '../../../ui/zodForm';
import type { OrderDetail } from '../queries';
import { useOrderMutation } from './useOrderMutation';

export type CustomerDetailsFormProps = { order: OrderDetail; onDone: () => void };

const FIELDS: [key: string, label: string, span: number][] = [
  ['firstName', 'First Name', 6], ['lastName', 'Last Name', 6], ['phone', 'Phone', 6], ['email', 'Email', 6],
  ['address1', 'Address Line 1', 12], ['address2', 'Address Line 2', 12], ['city', 'City', 4], ['state', 'State', 4], ['pincode', 'Pincode', 4],
];

export function CustomerDetailsForm({ order, onDone }: CustomerDetailsFormProps) {
  const run = useOrderMutation();
  const a = order.customerAddress;
  const form = useForm({
    initialValues: {
      firstName: a.firstName ?? '', lastName: a.lastName ?? '', phone: a.phone ?? order.shippingPhone ?? '', email: a.email ?? order.shippingEmail ?? '',
      address1: a.address1 ?? '', address2: a.address2 ?? '', city: a.city ?? order.shipping.city, state: a.state ?? order.shipping.state, pincode: a.pincode ?? order.shipping.pincode,
    },
    validate: zodValidate(customerDetailsSchema),
  });
  return (
    <form
      onSubmit={form.onSubmit(async (v) => {
        const r = await run({ path: `/api/orders/${order.id}/customer`, method: 'PATCH', body: v, success: 'Customer details updated' });
        if (r.ok) onDone();
        else form.setErrors(fieldErrors(r.error));
      })}
      noValidate
    >
      <Stack>
        <Grid gap="sm">
          {FIELDS.map(([k, label, span]) => (
            <Grid.Col key={k} span={{ base: 12, sm: span }}>
              <TextInput label={label} required={k !== 'email'} {...form.getInputProps(k)} />
            </Grid.Col>
          ))}
        </Grid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Close</Button>
          <Button type="submit" loading={form.submitting}>Save</Button>
        </Group>
      </Stack>
    </form>
  );
}
