import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { z } from 'zod';
import { useSession } from '../auth/useSession';
import { prefetchAll } from '../api/prefetch';
import { CompanyGstins, companyGstinsQuery } from '../features/billing/CompanyGstins';
import { InvoicingForm } from '../features/billing/InvoicingForm';
import { invoicingQuery } from '../features/billing/queries';
import { OfflineGate } from '../features/sync/OfflineGate';

const searchSchema = z.object({ company: z.string().max(64).optional().catch(undefined) });

/** Settings > Invoicing. Sellers edit their own; admins choose a company (?company=). */
export const Route = createFileRoute('/_authed/settings/invoicing')({
  validateSearch: (s) => searchSchema.parse(s),
  loaderDeps: ({ search }) => ({ company: search.company }),
  // What the page shows: the seller's own settings, or those of the company an admin chose.
  loader: ({ context, deps, cause }) => {
    const role = context.session.role;
    const companyId = role === 'admin' ? deps.company : undefined;
    const shown = role === 'seller' || (role === 'admin' && !!companyId);
    return prefetchAll(context.queryClient, shown ? [invoicingQuery(companyId), companyGstinsQuery(companyId)] : [], cause);
  },
  component: InvoicingSettingsPage,
});

function InvoicingSettingsPage() {
  const session = useSession();
  const { company } = Route.useSearch();
  const navigate = useNavigate({ from: '/settings/invoicing' });
  const isAdmin = session.role === 'admin';
  const companyId = isAdmin ? company : undefined;
  const enabled = session.role === 'seller' || (isAdmin && !!company);
  const q = useQuery({ ...invoicingQuery(companyId), enabled });

  return (
    <Stack maw={1100}>
      <Title order={2}>Invoicing</Title>
      {isAdmin && (
        <Select
          label="Company"
          placeholder="Choose a company"
          searchable
          maw={360}
          data={session.companyData.map((c) => ({ value: c.id, label: c.name }))}
          value={company ?? null}
          onChange={(v) => navigate({ search: { company: v ?? undefined } })}
        />
      )}
      {session.role === 'warehouse' && <Alert color="gray">Invoicing settings belong to each seller.</Alert>}
      {isAdmin && !company && <Text c="dimmed">Choose a company to see its invoicing settings.</Text>}
      {enabled && q.isPending && <Loader aria-label="Loading invoicing settings" />}
      {enabled && q.isError && !q.data && (
        <Alert color="red" title="Server Error">
          <Stack gap="xs">
            <Text size="sm">{(q.error as Error).message}</Text>
            <Button size="xs" variant="default" onClick={() => q.refetch()} w="fit-content">Try again</Button>
          </Stack>
        </Alert>
      )}
      {enabled && q.data && (
        <OfflineGate>
          <InvoicingForm key={companyId ?? 'own'} data={q.data} companyId={companyId} />
        </OfflineGate>
      )}
      {enabled && <CompanyGstins key={companyId ?? 'own'} companyId={companyId} />}
    </Stack>
  );
}
