import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { INVOICE_STATUSES } from '../../domain/invoicing';
import { prefetchAll } from '../api/prefetch';
import { invoicesPageQuery, InvoicesPage, type InvoicesSearch } from '../features/billing/InvoicesPage';
import { invoiceQuery } from '../features/billing/queries';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const searchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  status: z.enum(INVOICE_STATUSES).optional().catch(undefined),
  from: date.optional().catch(undefined),
  to: date.optional().catch(undefined),
  q: z.string().max(100).optional().catch(undefined),
  invoice: z.string().max(64).optional().catch(undefined),
});

/** /invoices: filters, page and the open invoice live in the URL. */
export const Route = createFileRoute('/_authed/invoices')({
  validateSearch: (s): InvoicesSearch => searchSchema.parse(s),
  loaderDeps: ({ search }) => ({ page: search.page, status: search.status, from: search.from, to: search.to, q: search.q, invoice: search.invoice }),
  loader: ({ context, deps, cause }) => prefetchAll(context.queryClient, [invoicesPageQuery(deps), invoiceQuery(deps.invoice ?? '')], cause),
  component: InvoicesRoute,
});

function InvoicesRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/invoices' });
  return <InvoicesPage search={search} go={(next) => navigate({ search: (prev) => ({ ...prev, ...next }) })} />;
}
