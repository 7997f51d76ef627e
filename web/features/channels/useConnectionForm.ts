// The mutation behind every partner connection form (Settings > Channels, Couriers, GST): connect, save, test,
// pause, remove. One rule for all of them: a success clears the field errors, runs the form's own follow-up and
// refreshes the connection list; a refusal keeps the server's field errors by path (`settings.shopDomain`,
// `secrets.token`...), and `formError` is the message to show when no field carries it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrors } from '../../api/client';

export type ConnectionFormOptions<TData, TVars> = {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** The query the connection list is under: refreshed after a success (or after any answer, with `refreshAlways`). */
  listKey: readonly unknown[];
  /** What the form does after a success (empty its fields, close a confirmation). */
  onDone?: (data: TData, vars: TVars) => void;
  /** Refresh the list after a failure too (a connection test records its answer either way). */
  refreshAlways?: boolean;
};

export function useConnectionForm<TData = unknown, TVars = void>({ mutationFn, listKey, onDone, refreshAlways }: ConnectionFormOptions<TData, TVars>) {
  const qc = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn,
    onSuccess: (data, vars) => {
      setErrors({});
      onDone?.(data, vars);
    },
    onError: (err) => setErrors(fieldErrors(err)),
    onSettled: (_data, err) => {
      if (!err || refreshAlways) void qc.invalidateQueries({ queryKey: listKey });
    },
  });
  const formError = mutation.isError && !Object.values(errors).some(Boolean) ? (mutation.error as Error).message : null;
  return { mutation, errors, setErrors, errorOf: (path: string): string | undefined => errors[path] || undefined, formError };
}
