import { useState, type FormEvent } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { fieldErrors } from '../../api/client';

export type AdminPostOptions = {
  /** The admin lists the write changes (reloaded before `onDone`). */
  invalidate: QueryKey;
  onDone: () => void;
  /** Where the server's field errors go (beside the fields). */
  setErrors: (errors: Record<string, string>) => void;
};

/**
 * Sends an admin form: busy while it goes, a toast with the server's message either way,
 * the lists reloaded and the dialog closed on success, the server's field errors shown on failure.
 */
export function useAdminPost({ invalidate, onDone, setErrors }: AdminPostOptions) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  /** `send` makes the request(s) and answers the server's message; `fallback` says a failure without one. */
  const post = async (send: () => Promise<{ message: string }>, fallback?: string) => {
    setBusy(true);
    try {
      const r = await send();
      notifications.show({ color: 'green', message: r.message });
      await qc.invalidateQueries({ queryKey: invalidate });
      onDone();
    } catch (e) {
      setErrors(fieldErrors(e));
      notifications.show({ color: 'red', message: (e as Error).message || fallback });
    } finally {
      setBusy(false);
    }
  };
  /** A form's onSubmit: the page stays, `submit` runs. */
  const onSubmit = (submit: () => Promise<void>) => (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };
  return { busy, post, onSubmit };
}
