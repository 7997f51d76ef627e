import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { InventoryPage } from '../features/inventory/InventoryPage';

const searchSchema = z.object({
  q: z.string().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/inventory')({
  validateSearch: searchSchema,
  component: InventoryRoute,
});

function InventoryRoute() {
  const search = Route.useSearch();
  return <InventoryPage q={search.q ?? ''} page={search.page ?? 1} />;
}
