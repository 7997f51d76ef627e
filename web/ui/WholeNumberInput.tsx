import { TextInput, type TextInputProps } from '@mantine/core';

export type WholeNumberInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'inputMode' | 'type' | 'pattern'> & {
  value?: number | string | null;
  /** The number typed, or '' when the field is empty. */
  onChange: (value: number | '') => void;
  /** At most this many digits (7 unless told). */
  maxDigits?: number;
};

/**
 * A count of units typed on a phone's numeric keypad (digits only). Mantine's
 * NumberInput always asks for the decimal keypad (it sets inputMode="decimal"
 * after the props it is given), whose extra keys a count has no use for; this
 * field asks for the numeric one and keeps only digits. A sign, where one is
 * needed, is a control of its own (a phone's numeric keypad has no minus key).
 * Bounds are the form's to check and say, never clamped silently.
 */
export function WholeNumberInput({ value, onChange, maxDigits = 7, ...rest }: WholeNumberInputProps) {
  return (
    <TextInput
      autoComplete="off"
      {...rest}
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={maxDigits}
      value={value === '' || value === null || value === undefined || Number.isNaN(value) ? '' : String(value)}
      onChange={(e) => {
        const digits = e.currentTarget.value.replace(/\D/g, '').slice(0, maxDigits);
        onChange(digits === '' ? '' : Number(digits));
      }}
    />
  );
}
