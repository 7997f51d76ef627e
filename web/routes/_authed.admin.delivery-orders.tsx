import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../ui/NotBuiltYet';

export const Route = createFileRoute('/_authed/admin/delivery-orders')({
  component: () => <NotBuiltYet title="Delivery orders" what="The admin delivery-order panel" />,
});
