// Live reads of Dexie for React (dexie-react-hooks is not installed):
// liveQuery re-runs the query whenever a table it read changes, including
// changes made by the sync engine or another tab.
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

export interface Live<T> {
  data: T | undefined;
  error: unknown;
  /** False until the first result arrives. */
  ready: boolean;
}

export function useLiveQuery<T>(query: (() => Promise<T>) | null, deps: readonly unknown[]): Live<T> {
  const [state, setState] = useState<Live<T>>({ data: undefined, error: null, ready: false });
  useEffect(() => {
    if (!query) {
      setState({ data: undefined, error: null, ready: true });
      return;
    }
    setState((s) => ({ ...s, ready: false }));
    const subscription = liveQuery(query).subscribe({
      next: (data) => setState({ data, error: null, ready: true }),
      error: (error: unknown) => setState({ data: undefined, error, ready: true }),
    });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
