// Phone fields take what people paste or type ('+91 98450-12345',
// '098450 12345') and show its 10 digits once the field is left. The schemas
// normalise the same way (domain/phone.ts), so the form and the server agree.
import type { FocusEvent } from 'react';
import { normalisePhone, PHONE_INPUT_MAX } from '../../domain/phone';

type Bound = { onBlur?: (e: FocusEvent<HTMLInputElement>) => void };

/** Props for a phone TextInput bound to a form field: room for '+91 …' and normalised on blur. */
export function phoneInputProps<P extends Bound>(bound: P, set: (value: string) => void) {
  return {
    ...bound,
    inputMode: 'tel' as const,
    autoComplete: 'tel-national',
    maxLength: PHONE_INPUT_MAX,
    onBlur: (e: FocusEvent<HTMLInputElement>) => {
      set(normalisePhone(e.currentTarget.value));
      bound.onBlur?.(e);
    },
  };
}
