import { createFileRoute } from '@tanstack/react-router';
import { prefetchAll } from '../api/prefetch';
import { deliveryListQuery } from '../features/admin/api';
import { AdminOnly } from '../features/admin/AdminOnly';
import { DeliveryOrdersPage, FIRST_DELIVERY_PAGE } from '../features/admin/DeliveryOrdersPage';

export const Route = createFileRoute('/_authed/admin/delivery-orders')({
  loader: ({ context }) => prefetchAll(context.queryClient, [deliveryListQuery(FIRST_DELIVERY_PAGE)]),
  component: () => (
    <AdminOnly>
      <DeliveryOrdersPage />
    </AdminOnly>
  ),
});
