import { Button, Group, type MantineColor } from '@mantine/core';

export type FormFooterProps = {
  /** The button that leaves without saving ('Close', 'Cancel', 'Keep order'). */
  cancelLabel?: string;
  onCancel: () => void;
  /** The form's submit button ('Save', 'Create driver'...). */
  submitLabel?: string;
  submitColor?: MantineColor;
  loading?: boolean;
  disabled?: boolean;
  /** The leave button off too (while a request that cannot be called back is on its way). */
  cancelDisabled?: boolean;
  submitTestId?: string;
};

/** The foot of a form: leave on the left, submit (type="submit") on the right. */
export function FormFooter({ cancelLabel = 'Cancel', onCancel, submitLabel = 'Save', submitColor, loading, disabled, cancelDisabled, submitTestId }: FormFooterProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button type="submit" color={submitColor} loading={loading} disabled={disabled} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Group>
  );
}
