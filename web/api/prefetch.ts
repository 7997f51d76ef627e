import { onlineManager, type QueryClient } from '@tanstack/react-query';

type PrefetchOptions = Parameters<QueryClient['prefetchQuery']>[0];

/** Why a route loader runs (TanStack Router's `cause`). */
export type LoaderCause = 'preload' | 'enter' | 'stay';

/**
 * A route loader's data: starts every query the page reads first, so that
 * preloading on intent (hovering or focusing a link) fills the cache before the
 * page opens. A failed fetch is not the loader's business: the page's own
 * query shows its error state (prefetchQuery never throws).
 *
 * It waits for nothing when
 * - the device is offline: a fetch would pause until the network is back, and
 *   the page must open at once with what the device kept;
 * - the page itself only changes its search params (`cause` 'stay'): its own
 *   query keeps the last rows on screen, dimmed, while the next ones load.
 */
export function prefetchAll(
  queryClient: QueryClient,
  queries: readonly { queryKey: readonly unknown[]; enabled?: unknown }[],
  cause?: LoaderCause,
): Promise<void> {
  if (!onlineManager.isOnline() || cause === 'stay') return Promise.resolve();
  // A query its page keeps disabled (no company chosen yet, nothing to clone) is not fetched here either.
  const wanted = queries.filter((q) => q.enabled !== false);
  // Each query's options come from a queryOptions() of its own data type; the cache needs none of it here.
  return Promise.all(wanted.map((q) => queryClient.prefetchQuery(q as PrefetchOptions))).then(() => undefined);
}
