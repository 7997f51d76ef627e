import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { fieldErrors } from '../../../api/client';
import { FormFooter, type FormFooterProps } from '../../../ui/FormFooter';
import { useOrderMutation, type OrderMutation } from './useOrderMutation';

export type OrderFormProps<V> = {
  form: UseFormReturnType<V>;
  /** The order action the checked values call. */
  request: (values: V) => OrderMutation;
  /** After saving, and on the leave button. */
  onDone: () => void;
  noValidate?: boolean;
  children: ReactNode;
} & Pick<FormFooterProps, 'cancelLabel' | 'submitLabel' | 'submitColor'>;

/**
 * A small order action form: its fields, then leave and submit. Submitting calls the action
 * (a notification says how it went); done on success, else the server's field errors show on the fields.
 */
export function OrderForm<V>({ form, request, onDone, noValidate, children, cancelLabel = 'Close', submitLabel, submitColor }: OrderFormProps<V>) {
  const run = useOrderMutation();
  return (
    <form
      onSubmit={form.onSubmit(async (v) => {
        const r = await run(request(v));
        if (r.ok) onDone();
        else form.setErrors(fieldErrors(r.error));
      })}
      noValidate={noValidate}
    >
      <Stack>
        {children}
        <FormFooter cancelLabel={cancelLabel} onCancel={onDone} submitLabel={submitLabel} submitColor={submitColor} loading={form.submitting} />
      </Stack>
    </form>
  );
}
