import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '../features/admin/AdminOnly';
import { DeliveryOrdersPage } from '../features/admin/DeliveryOrdersPage';

export const Route = createFileRoute('/_authed/admin/delivery-orders')({
  component: () => (
    <AdminOnly>
      <DeliveryOrdersPage />
    </AdminOnly>
  ),
});
