import { Button, Group } from '@mantine/core';

export type FormButtonsProps = { onDone: () => void; busy: boolean; onSave: () => void; disabled?: boolean };

/** Close and Save, the footer of the small order edit forms. */
export function FormButtons({ onDone, busy, onSave, disabled }: FormButtonsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onDone}>Close</Button>
      <Button onClick={onSave} loading={busy} disabled={disabled}>Save</Button>
    </Group>
  );
}
