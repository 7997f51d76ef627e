import { createFileRoute } from '@tanstack/react-router';
import { prefetchAll } from '../api/prefetch';
import { CouriersPage } from '../features/couriers/CouriersPage';
import { courierConnectionsQuery } from '../features/couriers/queries';

/** Settings > Couriers: the seller's own Delhivery and Shiprocket accounts. */
export const Route = createFileRoute('/_authed/settings/couriers')({
  loader: ({ context, cause }) => prefetchAll(context.queryClient, context.session.role === 'seller' ? [courierConnectionsQuery()] : [], cause),
  component: CouriersPage,
});
