import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { retailersListQuery, RetailersPage, type RetailersSearch } from '../features/retailers/RetailersPage';

const searchSchema = z.object({
  q: z.string().optional().catch(undefined),
  status: z.enum(['all', 'active', 'inactive']).optional().catch(undefined),
  distributor: z.enum(['all', 'yes', 'no']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  store: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/retailers')({
  validateSearch: (s): RetailersSearch => searchSchema.parse(s),
  loaderDeps: ({ search }) => ({ q: search.q, status: search.status, distributor: search.distributor, page: search.page }),
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(retailersListQuery(deps)),
  component: function RetailersRoute() {
    const navigate = useNavigate({ from: '/retailers' });
    return <RetailersPage search={Route.useSearch()} go={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })} />;
  },
});
