import { createFileRoute } from '@tanstack/react-router';
import { adminLoader, adminPage } from '../features/admin/AdminOnly';
import { PromotersPage, promotersListQuery } from '../features/promoters/PromotersPage';

export const Route = createFileRoute('/_authed/admin/promoters')({
  loader: adminLoader(() => [promotersListQuery({}, 1)]),
  component: adminPage(PromotersPage, 'Promoters are managed by administrators.'),
});
