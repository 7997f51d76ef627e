import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../ui/NotBuiltYet';

export const Route = createFileRoute('/_authed/admin/promoters')({
  component: () => <NotBuiltYet title="Promoters" what="The promoter page" />,
});
