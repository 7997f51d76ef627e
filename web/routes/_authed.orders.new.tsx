import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { prefetchAll } from '../api/prefetch';
import { manualOrderQueries, ManualOrderPage, type ManualOrderSearch } from '../features/manual-order/ManualOrderPage';

const searchSchema = z.object({
  /** Clone or 'Clone & Edit' of this order (from the orders list). */
  cloneFrom: z.string().max(64).optional().catch(undefined),
  mode: z.enum(['clone', 'edit']).optional().catch(undefined),
  /** A retailer order (from the retailers screen), with the store and its address. */
  isRetailerOrder: z.boolean().optional().catch(undefined),
  storeAddressId: z.string().max(64).optional().catch(undefined),
  shippingAddress: z.record(z.string(), z.unknown()).optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/orders/new')({
  validateSearch: (s): ManualOrderSearch => searchSchema.parse(s),
  loaderDeps: ({ search }) => ({ cloneFrom: search.cloneFrom }),
  loader: ({ context, deps, cause }) => prefetchAll(context.queryClient, manualOrderQueries(context.session, deps), cause),
  component: function NewOrderRoute() {
    return <ManualOrderPage search={Route.useSearch()} />;
  },
});
