// Settings > Couriers: the company's own Delhivery and Shiprocket accounts.
// Which are live, their credentials (write-only: the page only says which are
// set), the API host (production or the courier's staging host), the pickup
// location name at the courier for each warehouse, the tracking push URL, a
// pickup request, and courier work waiting in the retry queue. The demo couriers need none of this.
import { Alert, Button, Card, Group, Loader, PasswordInput, SegmentedControl, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConnectionView } from '../../../domain/integrations';
import { apiJson } from '../../api/client';
import { ConnectionCard, PartnerTasks } from '../channels/ChannelsPage';
import { useConnectionForm } from '../channels/useConnectionForm';
import { companyWarehousesQuery } from '../orders/queries';
import { courierConnectionsQuery, courierKeys, courierTasksQuery, type CourierKind } from './queries';
import { RequestPickup } from './RequestPickup';

const TITLES: Record<string, string> = { delhivery: 'Delhivery', shiprocket: 'Shiprocket' };
/** The hosts each courier documents (docs/integrations/delhivery.md, shiprocket.md). */
const HOSTS: Record<CourierKind, { value: string; label: string }[]> = {
  delhivery: [{ value: 'https://track.delhivery.com', label: 'Production (track.delhivery.com)' }, { value: 'https://staging-express.delhivery.com', label: 'Staging (staging-express.delhivery.com)' }],
  shiprocket: [{ value: 'https://apiv2.shiprocket.in', label: 'Production (apiv2.shiprocket.in)' }],
};
/** The credentials each courier takes: name, label. */
const SECRETS: Record<CourierKind, [string, string][]> = {
  delhivery: [['token', 'API token']],
  shiprocket: [['email', 'API user e-mail'], ['password', 'API user password']],
};
const WEBHOOK_TOKEN: [string, string] = ['webhookToken', 'Tracking push token (x-api-key)'];
const TASK_NAMES: Record<string, string> = { 'courier.book': 'Booking', 'courier.label': "Courier's label", 'courier.ndr': 'NDR instruction' };

export const pushUrl = (c: Pick<ConnectionView, 'id'>) => `${window.location.origin}/api/webhooks/courier/${c.id}`;

type Warehouse = { id: string; name: string; city: string };

function PickupLocations({ kind, warehouses, value, onChange, errorOf }: {
  kind: string; warehouses: readonly Warehouse[]; value: Record<string, string>; onChange: (v: Record<string, string>) => void; errorOf: (path: string) => string | undefined;
}) {
  if (!warehouses.length) return <Text size="sm" c="dimmed">No warehouse yet: every booking uses the default pickup location.</Text>;
  return (
    <Table withTableBorder={false} aria-label={`Pickup locations at ${TITLES[kind]}`}>
      <Table.Thead><Table.Tr><Table.Th>Warehouse</Table.Th><Table.Th>Pickup location name at {TITLES[kind]}</Table.Th></Table.Tr></Table.Thead>
      <Table.Tbody>
        {warehouses.map((w) => (
          <Table.Tr key={w.id}>
            <Table.Td>{w.name} ({w.city})</Table.Td>
            <Table.Td>
              <TextInput
                aria-label={`Pickup location for ${w.name}`} size="xs" maxLength={60} value={value[w.id] ?? ''}
                onChange={(e) => onChange({ ...value, [w.id]: e.currentTarget.value })} error={errorOf(`settings.pickupLocations.${w.id}`)}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const cleanMap = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));

/** What a connected courier shows under its card: live or paused, credentials set and their replacement, pickup locations. */
function CourierSettings({ c, warehouses }: { c: ConnectionView; warehouses: readonly Warehouse[] }) {
  const kind = c.kind as CourierKind;
  const settings = c.settings as { pickupLocations?: Record<string, string>; defaultPickupLocation?: string };
  const [pickups, setPickups] = useState<Record<string, string>>(settings.pickupLocations ?? {});
  const [fallback, setFallback] = useState(settings.defaultPickupLocation ?? '');
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const form = useConnectionForm({
    mutationFn: (body: Record<string, unknown>) => apiJson(`/api/integrations/connections/${c.id}`, { method: 'PATCH', body }),
    listKey: courierKeys.connections,
    onDone: () => setSecrets({}),
  });
  const { mutation: save, errors } = form;
  const names = [...SECRETS[kind], WEBHOOK_TOKEN];
  const set = names.filter(([n]) => c.secretsSet.includes(n)).map(([, label]) => label);
  const filled = Object.fromEntries(Object.entries(secrets).filter(([, v]) => v.trim()));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Switch
          label={c.status === 'active' ? 'Live: new bookings go to this account' : 'Paused: no new bookings'} checked={c.status === 'active'}
          onChange={(e) => save.mutate({ status: e.currentTarget.checked ? 'active' : 'disabled' })} disabled={save.isPending}
        />
        <Text size="sm" c="dimmed">Credentials set: {set.length ? set.join(', ') : 'none'}</Text>
      </Group>
      <Text size="sm">Tracking push: give {TITLES[kind]} the URL above with the header x-api-key set to your tracking push token.</Text>
      <PickupLocations kind={kind} warehouses={warehouses} value={pickups} onChange={setPickups} errorOf={(p) => errors[p]} />
      <Group align="flex-end">
        <TextInput label="Default pickup location" size="xs" maxLength={60} value={fallback} onChange={(e) => setFallback(e.currentTarget.value)} error={errors['settings.defaultPickupLocation']} />
        <Button size="xs" variant="default" loading={save.isPending && !!save.variables?.settings}
          onClick={() => save.mutate({ settings: { ...c.settings, pickupLocations: cleanMap(pickups), defaultPickupLocation: fallback.trim() || undefined } })}>
          Save pickup locations
        </Button>
      </Group>
      <Group align="flex-end">
        {names.map(([n, label]) => (
          <PasswordInput key={n} size="xs" label={`${label} (new)`} maxLength={200} value={secrets[n] ?? ''} autoComplete="new-password"
            onChange={(e) => setSecrets({ ...secrets, [n]: e.currentTarget.value })} error={errors[`secrets.${n}`]} />
        ))}
        <Button size="xs" variant="default" disabled={!Object.keys(filled).length} loading={save.isPending && !!save.variables?.secrets} onClick={() => save.mutate({ secrets: filled })}>
          Replace credentials
        </Button>
      </Group>
      {form.formError && <Alert color="red" p="xs">{form.formError}</Alert>}
      {c.status === 'active' && <RequestPickup connectionId={c.id} warehouses={warehouses} />}
    </Stack>
  );
}

function ConnectCourier({ warehouses }: { warehouses: readonly Warehouse[] }) {
  const [kind, setKind] = useState<CourierKind>('delhivery');
  const [label, setLabel] = useState('');
  const [host, setHost] = useState<string>(HOSTS.delhivery[0]!.value);
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const [pickups, setPickups] = useState<Record<string, string>>({});
  const [fallback, setFallback] = useState('');
  const reset = () => {
    setLabel('');
    setSecrets({});
    setPickups({});
    setFallback('');
  };
  const form = useConnectionForm({
    mutationFn: () =>
      apiJson('/api/integrations/connections', {
        method: 'POST',
        body: {
          kind, label: label || TITLES[kind], baseUrl: host,
          settings: { pickupLocations: cleanMap(pickups), ...(fallback.trim() ? { defaultPickupLocation: fallback.trim() } : {}) },
          secrets: Object.fromEntries(Object.entries(secrets).filter(([, v]) => v.trim())),
        },
      }),
    listKey: courierKeys.connections,
    onDone: reset,
  });
  const { mutation: create, errors, setErrors } = form;
  return (
    <Card withBorder padding="md">
      <form noValidate onSubmit={(ev) => { ev.preventDefault(); create.mutate(); }}>
        <Stack gap="sm">
          <Title order={4}>Connect a courier account</Title>
          <SegmentedControl
            value={kind} w="fit-content" data={[{ value: 'delhivery', label: 'Delhivery' }, { value: 'shiprocket', label: 'Shiprocket' }]}
            onChange={(k) => { setKind(k as CourierKind); setHost(HOSTS[k as CourierKind][0]!.value); setSecrets({}); setErrors({}); }}
          />
          <Group grow align="flex-start">
            <TextInput label="Name" placeholder={TITLES[kind]} value={label} onChange={(e) => setLabel(e.currentTarget.value)} error={errors.label} maxLength={80} />
            <Select label="API host" data={HOSTS[kind]} value={host} onChange={(v) => v && setHost(v)} allowDeselect={false} error={errors.baseUrl} />
          </Group>
          <Group grow align="flex-start">
            {[...SECRETS[kind], WEBHOOK_TOKEN].map(([n, l]) => (
              <PasswordInput key={n} label={l} maxLength={200} value={secrets[n] ?? ''} autoComplete="new-password"
                onChange={(e) => setSecrets({ ...secrets, [n]: e.currentTarget.value })} error={errors[`secrets.${n}`]} />
            ))}
          </Group>
          <PickupLocations kind={kind} warehouses={warehouses} value={pickups} onChange={setPickups} errorOf={(p) => errors[p]} />
          <TextInput label="Default pickup location (for a warehouse without one)" maxLength={60} value={fallback} onChange={(e) => setFallback(e.currentTarget.value)} error={errors['settings.defaultPickupLocation']} />
          {form.formError && <Alert color="red">{form.formError}</Alert>}
          <Group><Button type="submit" loading={create.isPending}>Connect</Button></Group>
        </Stack>
      </form>
    </Card>
  );
}

export function CouriersPage() {
  const q = useQuery(courierConnectionsQuery());
  const w = useQuery(companyWarehousesQuery());
  const warehouses = (w.data ?? []).filter((x) => x.active);
  return (
    <Stack maw={1100}>
      <Title order={2}>Couriers</Title>
      <Text size="sm" c="dimmed">
        Connect your own Delhivery or Shiprocket account to book real parcels at READY TO SHIP with its AWB and label. Credentials are kept encrypted and never shown again.
      </Text>
      {(q.isPending || w.isPending) && <Loader aria-label="Loading couriers" />}
      {q.isError && <Alert color="red" title="Server Error">{(q.error as Error).message}</Alert>}
      {q.data && !q.data.connections.length && <Text c="dimmed">No courier account connected yet: bookings go to the demo couriers.</Text>}
      {q.data?.connections.map((c) => (
        <ConnectionCard
          key={c.id} c={c} title={TITLES[c.kind] ?? c.kind} listKey={courierKeys.connections} demoBadge="Demo: not a real account"
          webhook={{ label: 'Tracking push URL', url: pushUrl(c) }}
          remove={{ title: 'Remove this courier account?', text: `Parcels already booked keep their AWBs. New bookings no longer go to ${c.label}, and its tracking pushes are refused.` }}
        >
          <CourierSettings c={c} warehouses={warehouses} />
        </ConnectionCard>
      ))}
      <PartnerTasks query={courierTasksQuery()} title="Courier work waiting or failed" describe={(k) => TASK_NAMES[k] ?? k} />
      {q.data && <ConnectCourier warehouses={warehouses} />}
    </Stack>
  );
}
