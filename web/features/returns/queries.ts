import { queryOptions } from '@tanstack/react-query';
import type { ReturnRulesResponse } from '../../../domain/floor';
import { apiJson } from '../../api/client';

/** The companies whose READY_TO_SHIP orders may be approved as returns (part 1 §4); changes rarely. */
export const returnRulesQuery = () =>
  queryOptions({
    queryKey: ['return-rules'],
    queryFn: ({ signal }) => apiJson<ReturnRulesResponse>('/api/return-rules', { signal }),
    staleTime: 10 * 60_000,
  });
