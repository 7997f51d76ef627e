import { NumberInput, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatINR } from '../../../../domain/pricing';
import { FormFooter } from '../../../ui/FormFooter';
import type { OrderDetail } from '../queries';
import { useOrderMutation } from './useOrderMutation';
import { rupeesToPaise } from '../../../../domain/money';

export type CreditNoteFormProps = { order: OrderDetail; onDone: () => void };

/** A credit note against a delivered retailer order (amount in rupees; empty = the rest of the order value). */
export function CreditNoteForm({ order, onDone }: CreditNoteFormProps) {
  const run = useOrderMutation();
  const credited = order.creditDebitNotes.reduce((n, c) => n + c.amountPaise, 0);
  const left = order.totalPaise - credited;
  const form = useForm<{ amount: number | ''; reason: string }>({
    initialValues: { amount: '', reason: '' },
    validate: {
      reason: (v) => (v.trim() ? null : 'Please enter a reason'),
      amount: (v) => {
        if (v === '') return null;
        const paise = rupeesToPaise(v);
        return paise !== null && paise > 0 && paise <= left ? null : `Amount must be more than zero and at most ${formatINR(left)}`;
      },
    },
  });
  return (
    <form
      onSubmit={form.onSubmit(async (v) => {
        const body = { reason: v.reason, ...(v.amount === '' ? {} : { amountPaise: rupeesToPaise(v.amount)! }) };
        const r = await run({ path: `/api/orders/${order.id}/credit-notes`, method: 'POST', body, success: 'Credit note generated' });
        if (r.ok) onDone();
      })}
      noValidate
    >
      <Stack>
        <NumberInput label="Amount (₹)" description={`Up to ${formatINR(left)}; leave empty for all of it`} min={0} decimalScale={2} {...form.getInputProps('amount')} />
        <Textarea label="Reason" required autosize minRows={2} maxLength={500} {...form.getInputProps('reason')} />
        <FormFooter cancelLabel="Close" onCancel={onDone} submitLabel="Generate Credit Note" loading={form.submitting} />
      </Stack>
    </form>
  );
}
