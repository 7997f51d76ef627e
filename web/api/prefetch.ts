import type { QueryClient } from '@tanstack/react-query';

type PrefetchOptions = Parameters<QueryClient['prefetchQuery']>[0];

/**
 * A route loader's data: starts every query the page reads first, so that
 * preloading on intent (hovering or focusing a link) fills the cache before the
 * page opens. A failed fetch is not the loader's business: the page's own
 * query shows its error state (prefetchQuery never throws).
 */
export function prefetchAll(queryClient: QueryClient, queries: readonly { queryKey: readonly unknown[] }[]): Promise<void> {
  // Each query's options come from a queryOptions() of its own data type; the cache needs none of it here.
  return Promise.all(queries.map((q) => queryClient.prefetchQuery(q as PrefetchOptions))).then(() => undefined);
}
