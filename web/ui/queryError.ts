import type { ReactNode } from 'react';
import type { DataTableError } from './DataTable';

type FailedQuery = { isError: boolean; data: unknown; error: unknown; refetch: () => unknown };

/**
 * DataTable's error state for a list query: only when there is nothing to show.
 * A list loaded before stays on screen (offline, the banner says from when), so
 * a failed refresh is not an error here. Try again refetches; the message is the
 * server's unless the screen's spec names one.
 */
export function queryError(q: FailedQuery, shown: { title?: string; message?: ReactNode; testId?: string } = {}): DataTableError | null {
  if (!q.isError || q.data !== undefined) return null;
  return {
    title: shown.title,
    message: shown.message ?? ((q.error as Error | null)?.message || 'Something went wrong'),
    testId: shown.testId,
    onRetry: () => void q.refetch(),
  };
}
