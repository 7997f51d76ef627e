import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useOrderMutation, type OrderMutation } from './useOrderMutation';

export type FormButtonsProps = {
  /** After saving, and on Close. */
  onDone: () => void;
  /** The order action Save calls, from the form's current values. */
  request: () => OrderMutation;
  disabled?: boolean;
};

/** Close and Save, the footer of the small order edit forms: Save calls the action (busy meanwhile), done on success. */
export function FormButtons({ onDone, request, disabled }: FormButtonsProps) {
  const run = useOrderMutation();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const r = await run(request());
    setBusy(false);
    if (r.ok) onDone();
  };
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onDone}>Close</Button>
      <Button onClick={() => void save()} loading={busy} disabled={disabled}>Save</Button>
    </Group>
  );
}
