import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { prefetchAll } from '../api/prefetch';
import { retailersListQuery, RetailersPage, type RetailersSearch } from '../features/retailers/RetailersPage';
import { storeDetailQuery } from '../features/retailers/queries';

const searchSchema = z.object({
  q: z.string().optional().catch(undefined),
  status: z.enum(['all', 'active', 'inactive']).optional().catch(undefined),
  distributor: z.enum(['all', 'yes', 'no']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  store: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/retailers')({
  validateSearch: (s): RetailersSearch => searchSchema.parse(s),
  loaderDeps: ({ search }) => ({ q: search.q, status: search.status, distributor: search.distributor, page: search.page, store: search.store }),
  loader: ({ context, deps, cause }) => prefetchAll(context.queryClient, [retailersListQuery(deps), storeDetailQuery(deps.store ?? '')], cause),
  component: function RetailersRoute() {
    const navigate = useNavigate({ from: '/retailers' });
    return <RetailersPage search={Route.useSearch()} go={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })} />;
  },
});
