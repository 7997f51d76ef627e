import { useCallback } from 'react';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { prefetchAll } from '../api/prefetch';
import { OrdersPage } from '../features/orders/OrdersPage';
import { landingSearch, ordersPageQueries } from '../features/orders/pageQueries';
import { ordersSearchSchema, urlSearch, type OrdersSearch } from '../features/orders/search';

export const Route = createFileRoute('/_authed/orders/')({
  validateSearch: (s): OrdersSearch => ordersSearchSchema.parse(s),
  // A seller opening /orders bare lands on the work before anything loads, so a preload fetches the list the page shows.
  beforeLoad: async ({ context, search }) => {
    const landed = await landingSearch(context.queryClient, search, context.session.role);
    if (landed) throw redirect({ to: '/orders', search: urlSearch(landed), replace: true });
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => prefetchAll(context.queryClient, ordersPageQueries(deps, context.session.role), cause),
  component: OrdersRoute,
});

function OrdersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = useCallback((next: OrdersSearch, replace = false) => navigate({ search: urlSearch(next), replace }), [navigate]);
  return <OrdersPage search={search} setSearch={setSearch} />;
}
