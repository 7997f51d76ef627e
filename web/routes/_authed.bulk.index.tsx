import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../ui/NotBuiltYet';

export const Route = createFileRoute('/_authed/bulk/')({
  component: () => <NotBuiltYet title="Bulk uploads" what="Bulk spreadsheet upload" />,
});
