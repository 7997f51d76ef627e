import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Group, Loader, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COURIER_SLOTS,
  MAX_WEIGHT_ADMIN_ONLY,
  PREFERENCE_SWITCHES,
  preferencesOf,
  preferencesSchema,
  RETURN_TO_OTHER_WAREHOUSE_NEEDS_CLICKPOST,
  type DeliveryPartnersResponse,
  type Preferences,
  type PreferencesResponse,
  type PreferencesView,
  type SavePreferencesResponse,
} from '../../../domain/preferences';
import { apiJson, ApiRequestError } from '../../api/client';
import { useSession } from '../../auth/useSession';
import { useServerValues } from '../../ui/forms/useServerValues';
import { zodValidate } from '../../ui/zodForm';
import { CompanyFinder } from './CompanyFinder';
import { OfflineGate } from '../sync/OfflineGate';

const prefsKey = (companyId: string | null) => ['preferences', companyId ?? 'own'] as const;

/** A company's preferences (an admin's choice, or the seller's own with null). */
export const preferencesQuery = (companyId: string | null) =>
  queryOptions({
    queryKey: prefsKey(companyId),
    queryFn: ({ signal }) => apiJson<PreferencesResponse>(`/api/ums/profile/preferences${companyId ? `?companyId=${companyId}` : ''}`, { signal }).then((r) => r.data),
    retry: false,
  });

/** The courier partners a seller may rank. */
export const deliveryPartnersQuery = () =>
  queryOptions({
    queryKey: ['deliveryPartners'],
    queryFn: ({ signal }) => apiJson<DeliveryPartnersResponse>('/api/ums/profile/deliveryPartners', { signal }).then((r) => r.responseBody.deliveryPartners),
    staleTime: 60_000,
  });

/** Settings > Preferences (part 2 §2, §6). Sellers edit their own; an admin chooses a company first (or comes with one, `?company=`). */
export function PreferencesPage({ company }: { company?: string } = {}) {
  const session = useSession();
  const isAdmin = session.role === 'admin';
  const [companyId, setCompanyId] = useState<string | null>(company ?? null);
  const enabled = session.role === 'seller' || (isAdmin && !!companyId);
  const q = useQuery({ ...preferencesQuery(isAdmin ? companyId : null), enabled });
  const partners = useQuery(deliveryPartnersQuery());

  return (
    <Stack maw={900}>
      <Title order={2}>Preferences</Title>
      {isAdmin && <CompanyFinder value={companyId} onChange={(id) => setCompanyId(id)} known={q.data ? { id: q.data.companyId, name: q.data.companyName } : undefined} />}
      {isAdmin && !companyId && <Text c="dimmed">Choose a company to see its preferences.</Text>}
      {enabled && q.isPending && <Loader aria-label="Loading preferences" />}
      {enabled && q.isError && !q.data && (
        <Alert color="red" title="Server Error">
          <Text size="sm">{(q.error as Error).message}</Text>
          <Button size="xs" mt="xs" variant="default" onClick={() => q.refetch()}>Try again</Button>
        </Alert>
      )}
      {enabled && q.data && (
        <OfflineGate>
          <PreferencesForm key={q.data.companyId} view={q.data} partners={(partners.data ?? []).filter((p) => p.status === 1)} isAdmin={isAdmin} />
        </OfflineGate>
      )}
    </Stack>
  );
}

type FormProps = { view: PreferencesView; partners: { code: string; name: string }[]; isAdmin: boolean };

function PreferencesForm({ view, partners, isAdmin }: FormProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { companyId, clickpostActive, canEditMaxWeight } = view;
  const values = useMemo(() => preferencesOf(view), [view]);
  const form = useForm<Preferences>({ initialValues: values, validate: zodValidate(preferencesSchema) });
  useServerValues(form, values);
  useEffect(() => {
    if (!clickpostActive && form.values.returnToOtherWarehouse) form.setFieldValue('returnToOtherWarehouse', false);
  }, [clickpostActive]); // eslint-disable-line react-hooks/exhaustive-deps

  const courierData = partners.map((p) => ({ value: p.code, label: p.name }));
  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const r = await apiJson<SavePreferencesResponse>('/api/ums/profile/preferences', { method: 'POST', body: { ...values, ...(isAdmin ? { companyId } : {}) } });
      notifications.show({ color: 'green', message: r.message });
      form.resetDirty();
      queryClient.setQueryData(prefsKey(isAdmin ? companyId : null), r.data);
    } catch (e) {
      if (e instanceof ApiRequestError) for (const fe of e.errors ?? []) form.setFieldError(fe.path, fe.message);
      notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  });

  return (
    <form noValidate onSubmit={save}>
      <Stack>
        {isAdmin && <Text fw={600}>{view.companyName}</Text>}
        <Card withBorder>
          <Title order={4} mb="sm">Labels and invoices</Title>
          <Stack gap="sm">
            {PREFERENCE_SWITCHES.map((s) => (
              <Switch key={s.key} label={s.label} description={s.description} {...form.getInputProps(s.key, { type: 'checkbox' })} />
            ))}
          </Stack>
        </Card>
        <Card withBorder>
          <Title order={4} mb="xs">Couriers</Title>
          <Text size="sm" c="dimmed" mb="sm">At READY TO SHIP the first courier that can take the order is picked; the seller can still choose another before confirming.</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {COURIER_SLOTS.map((slot) => (
              <Select key={slot.key} label={slot.label} placeholder="No preference" clearable data={courierData} {...form.getInputProps(slot.key)} />
            ))}
          </SimpleGrid>
        </Card>
        <Card withBorder>
          <Title order={4} mb="sm">Shipping rules</Title>
          <Stack gap="sm">
            <NumberInput
              label="Maximum weight for white label (g)"
              description={canEditMaxWeight ? 'Orders heavier than this cannot be marked ready to ship. Empty = no limit.' : MAX_WEIGHT_ADMIN_ONLY}
              placeholder="No limit"
              min={1}
              maw={320}
              disabled={!canEditMaxWeight}
              value={form.values.maxWeightWhiteLabelG ?? ''}
              error={form.errors.maxWeightWhiteLabelG}
              onChange={(v) => form.setFieldValue('maxWeightWhiteLabelG', v === '' || v === null ? null : Number(v))}
            />
            <Switch
              label="Return to other warehouse"
              description={clickpostActive ? 'A return may be received at another warehouse of the company.' : RETURN_TO_OTHER_WAREHOUSE_NEEDS_CLICKPOST}
              disabled={!clickpostActive}
              {...form.getInputProps('returnToOtherWarehouse', { type: 'checkbox' })}
            />
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>Save preferences</Button>
        </Group>
      </Stack>
    </form>
  );
}
