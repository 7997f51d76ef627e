import { createFileRoute } from '@tanstack/react-router';
import { adminLoader, adminPage } from '../features/admin/AdminOnly';
import { deliveryListQuery } from '../features/admin/api';
import { DeliveryOrdersPage, FIRST_DELIVERY_PAGE } from '../features/admin/DeliveryOrdersPage';

export const Route = createFileRoute('/_authed/admin/delivery-orders')({
  loader: adminLoader(() => [deliveryListQuery(FIRST_DELIVERY_PAGE)]),
  component: adminPage(DeliveryOrdersPage),
});
