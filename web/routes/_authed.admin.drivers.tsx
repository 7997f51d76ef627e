import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../ui/NotBuiltYet';

export const Route = createFileRoute('/_authed/admin/drivers')({
  component: () => <NotBuiltYet title="Drivers" what="Driver management" />,
});
