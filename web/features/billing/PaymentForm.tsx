import { DayInput } from '../../ui/DayInput';
import { Button, Grid, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  formatRupees,
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES,
  PAYMENT_RECORDED,
  paymentSchema,
  todayInIndia,
  type InvoiceDto,
} from '../../../domain/invoicing';
import { apiJson, fieldErrors } from '../../api/client';
import { zodValidate } from '../../ui/zodForm';
import type { PaymentRecordedResponse } from '../../../domain/invoicing';
import { paiseToDecimalText } from '../../../domain/money';

export type PaymentFormProps = { invoice: InvoiceDto; onRecorded: () => void };

/** Records one payment (partial or full) against an invoice; the server refuses overpayment. */
export function PaymentForm({ invoice, onRecorded }: PaymentFormProps) {
  const form = useForm({
    initialValues: { amount: paiseToDecimalText(invoice.balancePaise), mode: 'upi', reference: '', paidOn: todayInIndia() },
    validate: zodValidate(paymentSchema),
  });
  const submit = form.onSubmit(async (v) => {
    try {
      await apiJson<PaymentRecordedResponse>(`/api/invoices/${invoice.id}/payments`, { method: 'POST', body: v });
      notifications.show({ color: 'green', message: PAYMENT_RECORDED });
      form.reset();
      onRecorded();
    } catch (e) {
      const errors = fieldErrors(e);
      form.setErrors(Object.keys(errors).length ? errors : { amount: (e as Error).message });
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Record payment">
      <Grid gap="sm">
        <Grid.Col span={6}>
          <TextInput label="Amount (₹)" inputMode="decimal" required description={`Balance due ${formatRupees(invoice.balancePaise)}`} {...form.getInputProps('amount')} />
        </Grid.Col>
        <Grid.Col span={6}>
          <Select label="Mode" required allowDeselect={false} data={PAYMENT_MODES.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m] }))} {...form.getInputProps('mode')} />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput
            label="Reference"
            description="UTR, UPI or cheque number"
            required={form.values.mode !== 'cash'}
            {...form.getInputProps('reference')}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <DayInput label="Date received" required max={todayInIndia()} value={form.values.paidOn} onChange={(d) => form.setFieldValue('paidOn', d)} error={form.errors.paidOn} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Button type="submit" loading={form.submitting} fullWidth>Record payment</Button>
        </Grid.Col>
      </Grid>
    </form>
  );
}
