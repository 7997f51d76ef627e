// Settings > Invoicing: the company's GSTIN for each state it ships from
//. An invoice prints the GSTIN of its warehouse's state and
// is refused when none is recorded, so sellers add one per warehouse state here.
import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { findRegion, INDIAN_STATE_NAMES } from '../../../domain/india';
import { GSTIN_STATE_REQUIRED, gstinAddressSchema, gstinProblem, normaliseGstin, type CompanyGstinEntry, type CompanyGstinsResponse } from '../../../domain/gstin';
import { apiJson, fieldErrors } from '../../api/client';
import { DataTable } from '../../ui/DataTable';
import { OfflineGate } from '../sync/OfflineGate';
import { NEEDS_NETWORK, useOnline } from '../sync/useOnline';

export const companyGstinsQuery = (companyId?: string) =>
  queryOptions({
    queryKey: ['billing', 'gstins', companyId ?? 'own'] as const,
    queryFn: ({ signal }) =>
      apiJson<CompanyGstinsResponse>(`/api/ums/invoices/gstins${companyId ? `?companyId=${encodeURIComponent(companyId)}` : ''}`, { signal }),
  });

type Values = { state: string; gstin: string; line1: string; line2: string; city: string; pincode: string };
const hasAddress = (v: Values) => !!(v.line1.trim() || v.line2.trim() || v.city.trim() || v.pincode.trim());

/** The form's own check, the same rules (and messages) as the server's companyGstinSchema. */
export function validateGstinEntry(v: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!findRegion(v.state)) errors.state = GSTIN_STATE_REQUIRED;
  const problem = gstinProblem(v.gstin, v.state || null);
  if (problem) errors.gstin = problem;
  // The registered address is optional, but whole when given.
  if (hasAddress(v)) {
    const r = gstinAddressSchema.safeParse({ line1: v.line1, line2: v.line2, city: v.city, pincode: v.pincode });
    if (!r.success) for (const i of r.error.issues) errors[i.path[0] as keyof Values] ??= i.message;
  }
  return errors;
}

export function CompanyGstins({ companyId }: { companyId?: string }) {
  const queryClient = useQueryClient();
  const query = companyGstinsQuery(companyId);
  const q = useQuery(query);
  const online = useOnline();
  const [removing, setRemoving] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: { state: '', gstin: '', line1: '', line2: '', city: '', pincode: '' }, validate: validateGstinEntry });
  const withCompany = companyId ? `?companyId=${encodeURIComponent(companyId)}` : '';
  const entries = q.data?.gstins ?? [];

  const submit = form.onSubmit(async (v) => {
    try {
      const r = await apiJson<CompanyGstinsResponse>('/api/ums/invoices/gstins', { method: 'PUT', body: {
          state: v.state,
          gstin: normaliseGstin(v.gstin),
          address: hasAddress(v) ? { line1: v.line1, line2: v.line2, city: v.city, pincode: v.pincode } : null,
          ...(companyId ? { companyId } : {}),
        },
      });
      queryClient.setQueryData(query.queryKey, r);
      form.reset();
      notifications.show({ color: 'green', message: r.message ?? 'GSTIN saved' });
    } catch (e) {
      form.setErrors(fieldErrors(e));
      notifications.show({ color: 'red', message: (e as Error).message });
    }
  });

  const remove = (e: CompanyGstinEntry) =>
    modals.openConfirmModal({
      title: 'Remove GSTIN',
      children: (
        <Text size="sm">
          Remove the {e.state} GSTIN {e.gstin}? Invoices from warehouses in {e.state} are refused until a GSTIN is added for it again.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setRemoving(e.stateCode);
        try {
          const r = await apiJson<CompanyGstinsResponse>(`/api/ums/invoices/gstins/${e.stateCode}${withCompany}`, { method: 'DELETE' });
          queryClient.setQueryData(query.queryKey, r);
          notifications.show({ color: 'green', message: r.message ?? 'GSTIN removed' });
        } catch (err) {
          notifications.show({ color: 'red', message: (err as Error).message });
        } finally {
          setRemoving(null);
        }
      },
    });

  return (
    <Paper withBorder p="md" aria-label="GSTIN per state" component="section">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">GSTIN per state</Title>
          <Text size="sm" c="dimmed">
            An invoice prints the company&apos;s GSTIN of the state its warehouse is in, with the place of business registered under it.
            Add one for every state you ship from.
          </Text>
        </div>
        {q.isPending && <Loader size="sm" aria-label="Loading GSTINs" />}
        {q.isError && !q.data && (
          <Alert color="red" title="Server Error">
            <Group gap="xs">
              <Text size="sm">{(q.error as Error).message}</Text>
              <Button size="xs" variant="default" onClick={() => q.refetch()}>Try again</Button>
            </Group>
          </Alert>
        )}
        {q.data && entries.length === 0 && <Text size="sm" c="dimmed">No GSTIN recorded yet.</Text>}
        {entries.length > 0 && (
          <DataTable
            label="Company GSTINs"
            testId="gstin-table"
            rows={entries}
            rowKey={(e) => e.stateCode}
            rowProps={(e) => ({ 'data-testid': 'gstin-row', 'data-state-code': e.stateCode })}
            minWidth={300}
            stickyHeader={false}
            striped={false}
            verticalSpacing="xs"
            columns={[
              {
                key: 'state',
                header: 'State',
                cell: (e) => (
                  <>
                    <Text size="sm">{e.state}</Text>
                    <Text size="xs" c="dimmed">State code {e.stateCode}</Text>
                  </>
                ),
              },
              {
                key: 'gstin',
                header: 'GSTIN',
                cell: (e) => (
                  <>
                    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>{e.gstin}</Text>
                    {e.fromProfile && <Badge size="xs" variant="light" color="gray">Registration GSTIN</Badge>}
                  </>
                ),
              },
              {
                key: 'address',
                header: 'Registered address',
                cell: (e) =>
                  e.address ? (
                    <Text size="sm">{[e.address.line1, e.address.line2, e.address.city, `${e.state} ${e.address.pincode}`].filter(Boolean).join(', ')}</Text>
                  ) : (
                    <Text size="xs" c="dimmed">{e.fromProfile ? 'The address in your invoicing profile' : 'Not recorded: invoices print the warehouse’s address in this state'}</Text>
                  ),
              },
              {
                key: 'actions',
                label: 'Actions',
                align: 'right',
                cell: (e) =>
                  !e.fromProfile && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${e.state} GSTIN`}
                      loading={removing === e.stateCode}
                      disabled={!online}
                      title={online ? undefined : NEEDS_NETWORK}
                      onClick={() => remove(e)}
                    >
                      Remove
                    </Button>
                  ),
              },
            ]}
          />
        )}
        <OfflineGate>
          <form onSubmit={submit} noValidate aria-label="Add a GSTIN">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <Select
                label="State"
                placeholder="Choose a state"
                searchable
                required
                data={[...INDIAN_STATE_NAMES]}
                style={{ flex: '1 1 200px' }}
                {...form.getInputProps('state')}
              />
              <TextInput
                label="GSTIN"
                placeholder="29ABCDE1234F1Z5"
                required
                maxLength={20}
                autoCapitalize="characters"
                style={{ flex: '1 1 200px' }}
                {...form.getInputProps('gstin')}
              />
            </Group>
            <Text size="sm" fw={500} mt="sm">Place of business registered under this GSTIN</Text>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput label="Address line 1" maxLength={200} style={{ flex: '2 1 240px' }} {...form.getInputProps('line1')} />
              <TextInput label="Address line 2" maxLength={200} style={{ flex: '2 1 200px' }} {...form.getInputProps('line2')} />
              <TextInput label="City" maxLength={80} style={{ flex: '1 1 140px' }} {...form.getInputProps('city')} />
              <TextInput label="Pincode" maxLength={6} inputMode="numeric" style={{ flex: '0 1 110px' }} {...form.getInputProps('pincode')} />
            </Group>
            <Group justify="flex-end" mt="sm">
              <Button type="submit" loading={form.submitting}>Add GSTIN</Button>
            </Group>
          </form>
        </OfflineGate>
      </Stack>
    </Paper>
  );
}
