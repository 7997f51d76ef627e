import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PackingStation } from '../features/floor/PackingStation';

const searchSchema = z.object({
  /** The scanned AWB (or order number) being packed. */
  t: z.string().trim().min(1).max(64).optional().catch(undefined),
  /** Packing list filter: All (0), Packed (1), Not Packed (2). */
  filter: z.coerce.number().int().min(0).max(2).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  /** Only these orders (AWBs or order numbers, comma-separated): "Start Fulfillment" on a selection of the orders page. */
  only: z.string().trim().min(1).max(200 * 65).optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/fulfillment')({
  validateSearch: searchSchema,
  component: FulfillmentRoute,
});

function FulfillmentRoute() {
  const search = Route.useSearch();
  const only = search.only ? search.only.split(',').map((c) => c.trim()).filter((c) => c && c.length <= 64).slice(0, 200) : undefined;
  return <PackingStation awb={search.t} filter={(search.filter ?? 0) as 0 | 1 | 2} page={search.page ?? 1} only={only} />;
}
