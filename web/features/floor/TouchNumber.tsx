import { ActionIcon, Group, Text } from '@mantine/core';
import { WholeNumberInput } from '../../ui/WholeNumberInput';
import { IconMinus, IconPlus } from '@tabler/icons-react';

export interface TouchNumberProps {
  label: string;
  /** Accessible name of the field (the steppers are named after it). */
  ariaLabel: string;
  value: number | string;
  onChange: (value: number | string) => void;
  min?: number;
  max?: number;
  error?: string;
  testId?: string;
}

/**
 * A number field a thumb can work: the value between a − and a + button of
 * 48 px each (Mantine's built-in chevrons are 20 px tall), 152 px in all so
 * two fit side by side on a 360 px screen. Out-of-range values are kept and
 * shown as errors by the form, never silently clamped.
 */
export function TouchNumber({ label, ariaLabel, value, onChange, min = 0, max, error, testId }: TouchNumberProps) {
  const n = typeof value === 'number' ? value : Number(value) || 0;
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <ActionIcon size={48} variant="default" aria-label={`${ariaLabel}: one less`} disabled={n <= min} onClick={() => onChange(Math.max(min, n - 1))}>
          <IconMinus size={20} />
        </ActionIcon>
        <WholeNumberInput
          aria-label={ariaLabel}
          value={value}
          onChange={onChange}
          maxDigits={5}
          w={56}
          styles={{ input: { height: 48, textAlign: 'center', fontSize: 18, paddingInline: 4 } }}
          error={!!error}
          data-testid={testId}
        />
        <ActionIcon size={48} variant="default" aria-label={`${ariaLabel}: one more`} disabled={max !== undefined && n >= max} onClick={() => onChange(max !== undefined ? Math.min(max, n + 1) : n + 1)}>
          <IconPlus size={20} />
        </ActionIcon>
      </Group>
      {error && (
        <Text c="red" size="sm" mt={4} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
