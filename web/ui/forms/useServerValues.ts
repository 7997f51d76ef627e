import { useEffect, useRef } from 'react';
import type { UseFormReturnType } from '@mantine/form';

/**
 * Keeps a settings form on the server's latest values while the user has changed nothing in it.
 *
 * A page's query refetches on its own (when the page mounts, when the network comes back, after a
 * save): a form that is still as loaded takes the new values; a form with unsaved changes keeps
 * them, so a refetch never throws away what the user typed or uploaded. `values` must keep its
 * identity while the server's answer is the same (derive it with useMemo from the query's data).
 * Returns `discard`, which puts the form back on the server's latest values.
 */
export function useServerValues<T extends Record<string, unknown>>(form: UseFormReturnType<T>, values: T, onApplied?: () => void) {
  const shown = useRef(values);
  const apply = () => {
    shown.current = values;
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    onApplied?.();
  };
  useEffect(() => {
    if (shown.current !== values && !form.isDirty()) apply();
  }, [values]); // eslint-disable-line react-hooks/exhaustive-deps
  return { discard: apply };
}
