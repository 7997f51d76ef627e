import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../ui/NotBuiltYet';

export const Route = createFileRoute('/_authed/settings/preferences')({
  component: () => <NotBuiltYet title="Preferences" what="Seller preferences" />,
});
