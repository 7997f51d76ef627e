import { ActionIcon } from '@mantine/core';

export type RemoveRowButtonProps = {
  /** What the button removes, e.g. 'Remove line 2'. */
  label: string;
  /** The list's last row stays. */
  disabled: boolean;
  onRemove: () => void;
};

/** The ✕ that removes one row of a form's repeated rows (order lines, retailers). */
export function RemoveRowButton({ label, disabled, onRemove }: RemoveRowButtonProps) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} disabled={disabled} onClick={onRemove}>
      ✕
    </ActionIcon>
  );
}
