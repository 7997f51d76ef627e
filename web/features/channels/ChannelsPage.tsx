// Settings > Channels: the company's Shopify and WooCommerce stores, the
// webhook URL to paste in each, "Test connection", and store work that failed.
import { Alert, Badge, Button, Card, Code, CopyButton, Group, Loader, Modal, NumberInput, PasswordInput, Progress, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChannelSyncResponse, ChannelSyncResult, WebhookRegistration } from '../../../domain/channels';
import { indiaDateTimeText } from '../../../domain/india-time';
import type { ConnectionView, ConnectionTestResponse, TaskListResponse } from '../../../domain/integrations';
import { apiJson, fieldErrors } from '../../api/client';
import { channelConnectionsQuery, channelFailedTasksQuery, channelKeys, channelSyncQuery, isSyncing } from './queries';
import { useConnectionForm } from './useConnectionForm';

const TITLES: Record<string, string> = { shopify: 'Shopify', woocommerce: 'WooCommerce' };
const TOPICS: Record<string, string> = { shopify: 'orders/create, orders/updated, orders/cancelled', woocommerce: 'Order created, Order updated' };

export const webhookUrl = (c: Pick<ConnectionView, 'id' | 'kind'>) => `${window.location.origin}/api/integrations/${c.kind}/${c.id}/webhook`;

/** Whether the store's order webhooks are registered at the store (made when the store is saved or its test succeeds). */
function WebhooksLine({ w }: { w: WebhookRegistration | null }) {
  const registered = w?.state === 'registered';
  const why = w?.message.replace(/^Webhooks (registered at the store|not registered): /, '') ?? '';
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" aria-label="Webhooks at the store">
      <Badge color={registered ? 'green' : w?.state === 'failed' ? 'red' : 'yellow'} variant="light" style={{ flexShrink: 0 }}>
        {registered ? 'Webhooks registered' : 'Webhooks not registered'}
      </Badge>
      <Text size="xs" c="dimmed">
        {w ? `${registered ? why : why.charAt(0).toUpperCase() + why.slice(1)} · checked ${indiaDateTimeText(w.checkedAt)}` : 'Not checked yet: "Test connection" registers them at the store'}
      </Text>
    </Group>
  );
}

/** The store's polling: "Sync now", "Import past orders" (a backfill of N days), the running sync's progress and the last outcome. */
function SyncPanel({ c }: { c: ConnectionView }) {
  const qc = useQueryClient();
  const q = useQuery(channelSyncQuery(c.id));
  const [pastOpen, setPastOpen] = useState(false);
  const [days, setDays] = useState<number | string>(7);
  const [daysError, setDaysError] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (body: { days?: number }) => apiJson<ChannelSyncResponse>(`/api/integrations/connections/${c.id}/sync`, { method: 'POST', body }),
    onSuccess: (r) => {
      setPastOpen(false);
      qc.setQueryData(channelKeys.sync(c.id), r);
    },
    onError: (err) => setDaysError(fieldErrors(err).days ?? null),
  });
  const sync = q.data?.sync;
  const job = sync?.job;
  const busy = isSyncing(q.data);
  const disabled = c.demo || c.status !== 'active';
  const why = c.demo ? 'A demo store has no orders to read' : c.status !== 'active' ? 'The connection is paused' : undefined;
  const importPast = () => {
    const n = typeof days === 'number' ? days : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > 60) return setDaysError('Please enter 1 to 60 days');
    setDaysError(null);
    start.mutate({ days: n });
  };
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" aria-live="polite">
          {q.isPending ? 'Loading sync status…'
            : q.isError ? 'Sync status could not be loaded'
            : busy ? (job!.status === 'queued' ? 'Sync waiting to start…' : `Importing orders: ${job!.progress} of ${job!.total || '…'}`)
            : c.demo ? 'A demo store has no orders to read: its webhook URL takes signed test orders'
            : sync?.lastSyncedAt ? `Last sync ${indiaDateTimeText(sync.lastSyncedAt)}: ${(job?.result as ChannelSyncResult | null)?.summary ?? sync.lastResult ?? ''}`
            : 'Not synced yet'}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" disabled={disabled || busy} title={why} loading={start.isPending && !pastOpen} onClick={() => start.mutate({})}>Sync now</Button>
          <Button size="xs" variant="subtle" disabled={disabled || busy} title={why} onClick={() => { setDaysError(null); setPastOpen(true); }}>Import past orders</Button>
        </Group>
      </Group>
      {!c.demo && q.data && <WebhooksLine w={sync?.webhooks ?? null} />}
      {busy && <Progress value={job!.total ? (100 * job!.progress) / job!.total : 0} animated aria-label="Sync progress" size="sm" />}
      {!busy && job?.status === 'failed' && <Alert color="red" p="xs">Sync failed: {sync?.lastResult?.replace(/^Failed: /, '') ?? job.error}. The next sync tries again.</Alert>}
      {start.isError && !daysError && <Alert color="red" p="xs">{(start.error as Error).message}</Alert>}
      <Modal opened={pastOpen} onClose={() => setPastOpen(false)} title={`Import past orders from ${c.label}`}>
        <form noValidate onSubmit={(ev) => { ev.preventDefault(); importPast(); }}>
          <Stack>
            <Text size="sm">Orders placed or changed in the store in the last days are read again. Orders already here are not made twice.</Text>
            <NumberInput label="Days" min={1} max={60} value={days} onChange={setDays} error={daysError} allowDecimal={false} data-autofocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPastOpen(false)}>Cancel</Button>
              <Button type="submit" loading={start.isPending}>Import</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

/**
 * One partner connection: its name and kind, "Test connection" and its answer, the URL the partner posts to, and
 * "Remove" after a confirmation. Shared by Settings > Channels and Settings > Couriers; its forms, and theirs, and
 * Settings > GST's, go through `useConnectionForm` (./useConnectionForm.ts).
 */
export type ConnectionCardProps = {
  c: ConnectionView;
  /** The partner's name by kind ('Shopify', 'Delhivery'). */
  title: string;
  /** The URL the partner posts to, and what to call it. */
  webhook: { label: string; url: string };
  /** The query the connection list is under (refreshed after a test or a removal). */
  listKey: readonly unknown[];
  remove: { title: string; text: string };
  /** What the badge of a demo connection calls it ('Demo: not a real store'). */
  demoBadge: string;
  children?: React.ReactNode;
};

export function ConnectionCard({ c, title, webhook, listKey, remove: removeText, demoBadge, children }: ConnectionCardProps) {
  const [confirm, setConfirm] = useState(false);
  const testForm = useConnectionForm({
    mutationFn: () => apiJson<ConnectionTestResponse>(`/api/integrations/connections/${c.id}/test`, { method: 'POST' }), listKey, refreshAlways: true,
  });
  const test = testForm.mutation;
  const removeForm = useConnectionForm({
    mutationFn: () => apiJson(`/api/integrations/connections/${c.id}`, { method: 'DELETE' }), listKey, onDone: () => setConfirm(false),
  });
  const remove = removeForm.mutation;
  const url = webhook.url;
  const answer = test.data ? `${test.data.ok ? 'OK' : 'Failed'}: ${test.data.message}` : c.lastResult;
  return (
    <Card withBorder padding="md" aria-label={`${title} connection ${c.label}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600}>{c.label}</Text>
            <Badge variant="light">{title}</Badge>
            {c.demo && <Badge color="orange" variant="filled">{demoBadge}</Badge>}
            {c.status !== 'active' && <Badge color="gray">Paused</Badge>}
          </Group>
          <Group gap="xs">
            <Button size="xs" variant="default" loading={test.isPending} onClick={() => test.mutate()}>Test connection</Button>
            <Button size="xs" color="red" variant="subtle" onClick={() => setConfirm(true)}>Remove</Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">{c.baseUrl}</Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" style={{ flexShrink: 0, maxWidth: '40%' }}>{webhook.label}:</Text>
          <Code style={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }}>{url}</Code>
          <CopyButton value={url}>{({ copied, copy }) => <Button size="compact-xs" variant="light" style={{ flexShrink: 0 }} onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}</CopyButton>
        </Group>
        {testForm.formError && <Alert color="red">{testForm.formError}</Alert>}
        {answer && <Alert color={answer.startsWith('OK') ? 'green' : 'red'} p="xs">{answer}</Alert>}
        {children}
      </Stack>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={removeText.title}>
        <Stack>
          <Text size="sm">{removeText.text}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)}>Keep</Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>Remove</Button>
          </Group>
          {removeForm.formError && <Alert color="red" p="xs">{removeForm.formError}</Alert>}
        </Stack>
      </Modal>
    </Card>
  );
}

type Kind = 'shopify' | 'woocommerce';
const EMPTY = { label: '', shopDomain: '', clientId: '', accessToken: '', clientSecret: '', siteUrl: '', consumerKey: '', consumerSecret: '', webhookSecret: '', baseUrl: '' };

function ConnectForm() {
  const [kind, setKind] = useState<Kind>('shopify');
  const [v, setV] = useState(EMPTY);
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => setV({ ...v, [k]: e.currentTarget.value });
  const form = useConnectionForm({
    mutationFn: () =>
      apiJson('/api/integrations/connections', {
        method: 'POST',
        body: kind === 'shopify'
          ? { kind, label: v.label, baseUrl: v.baseUrl || undefined, settings: { shopDomain: v.shopDomain }, secrets: { clientId: v.clientId || undefined, accessToken: v.accessToken || undefined, clientSecret: v.clientSecret, webhookSecret: v.webhookSecret || undefined } }
          : { kind, label: v.label, baseUrl: v.baseUrl || undefined, settings: { siteUrl: v.siteUrl }, secrets: { consumerKey: v.consumerKey, consumerSecret: v.consumerSecret, webhookSecret: v.webhookSecret } },
      }),
    listKey: channelKeys.connections,
    onDone: () => setV(EMPTY),
  });
  const { mutation: create, setErrors, errorOf: e } = form;
  return (
    <Card withBorder padding="md">
      <form noValidate onSubmit={(ev) => { ev.preventDefault(); create.mutate(); }}>
        <Stack gap="sm">
          <Title order={4}>Connect a store</Title>
          <SegmentedControl value={kind} onChange={(k) => { setKind(k as Kind); setErrors({}); }} data={[{ value: 'shopify', label: 'Shopify' }, { value: 'woocommerce', label: 'WooCommerce' }]} w="fit-content" />
          <Group grow align="flex-start">
            <TextInput label="Name" placeholder="My store" value={v.label} onChange={set('label')} error={e('label')} maxLength={80} />
            {kind === 'shopify'
              ? <TextInput label="Shop domain" placeholder="your-store.myshopify.com" value={v.shopDomain} onChange={set('shopDomain')} error={e('settings.shopDomain')} maxLength={120} />
              : <TextInput label="Site URL" placeholder="https://your-store.in" value={v.siteUrl} onChange={set('siteUrl')} error={e('settings.siteUrl')} maxLength={300} />}
          </Group>
          {kind === 'shopify' ? (
            <Group grow align="flex-start">
              <TextInput label="Client ID" value={v.clientId} onChange={set('clientId')} error={e('secrets.clientId')} maxLength={200} />
              <PasswordInput label="Client secret (signs webhooks)" value={v.clientSecret} onChange={set('clientSecret')} error={e('secrets.clientSecret')} maxLength={200} />
              <PasswordInput label="Access token (app made in the admin)" value={v.accessToken} onChange={set('accessToken')} error={e('secrets.accessToken')} maxLength={200} />
            </Group>
          ) : null}
          {kind === 'shopify' ? (
            <PasswordInput label="Webhook signing key (webhooks added in Settings > Notifications)" value={v.webhookSecret} onChange={set('webhookSecret')} error={e('secrets.webhookSecret')} maxLength={200} />
          ) : (
            <Group grow align="flex-start">
              <PasswordInput label="Consumer key" value={v.consumerKey} onChange={set('consumerKey')} error={e('secrets.consumerKey')} maxLength={200} />
              <PasswordInput label="Consumer secret" value={v.consumerSecret} onChange={set('consumerSecret')} error={e('secrets.consumerSecret')} maxLength={200} />
              <PasswordInput label="Webhook secret" value={v.webhookSecret} onChange={set('webhookSecret')} error={e('secrets.webhookSecret')} maxLength={200} />
            </Group>
          )}
          <TextInput label="API base URL (optional: a sandbox or test server)" value={v.baseUrl} onChange={set('baseUrl')} error={e('baseUrl')} maxLength={300} />
          {form.formError && <Alert color="red">{form.formError}</Alert>}
          <Group><Button type="submit" loading={create.isPending}>Connect</Button></Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Partner work waiting or failed (a store write-back, a courier booking), "Retry" on what failed; nothing when there is none. */
export function PartnerTasks<K extends readonly unknown[]>({ query, title, describe }: { query: UseQueryOptions<TaskListResponse, Error, TaskListResponse, K>; title: string; describe?: (kind: string) => string }) {
  const qc = useQueryClient();
  const q = useQuery(query);
  const retry = useMutation({
    mutationFn: (id: string) => apiJson(`/api/integrations/tasks/${id}/retry`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: query.queryKey }),
  });
  if (!q.data?.tasks.length) return null;
  return (
    <Card withBorder padding="md">
      <Title order={4} mb="xs">{title}</Title>
      <Table>
        <Table.Thead><Table.Tr><Table.Th>What</Table.Th><Table.Th>Order</Table.Th><Table.Th>Why</Table.Th><Table.Th /></Table.Tr></Table.Thead>
        <Table.Tbody>
          {q.data.tasks.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>{describe ? describe(t.kind) : t.kind}</Table.Td>
              <Table.Td>{t.subjectId ?? '-'}</Table.Td>
              <Table.Td>{t.lastError}</Table.Td>
              <Table.Td>
                {t.status === 'failed'
                  ? <Button size="xs" variant="default" loading={retry.isPending && retry.variables === t.id} onClick={() => retry.mutate(t.id)}>Retry</Button>
                  : <Text size="xs" c="dimmed">Tried again automatically</Text>}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

export function ChannelsPage() {
  const q = useQuery(channelConnectionsQuery());
  return (
    <Stack maw={1100}>
      <Title order={2}>Channels</Title>
      <Text size="sm" c="dimmed">Orders from your stores appear in Orders within seconds. When an order ships, the store gets its AWB and tracking link.</Text>
      {q.isPending && <Loader aria-label="Loading channels" />}
      {q.isError && <Alert color="red" title="Server Error">{(q.error as Error).message}</Alert>}
      {q.data && !q.data.connections.length && <Text c="dimmed">No store connected yet.</Text>}
      {q.data?.connections.map((c) => (
        <ConnectionCard
          key={c.id} c={c} title={TITLES[c.kind] ?? c.kind} listKey={channelKeys.all} demoBadge="Demo: not a real store"
          webhook={{ label: `Webhook URL (${TOPICS[c.kind]})`, url: webhookUrl(c) }}
          remove={{ title: 'Remove this store?', text: `Orders already imported stay. New orders from ${c.label} are no longer imported, and its webhooks are refused.` }}
        >
          <SyncPanel c={c} />
        </ConnectionCard>
      ))}
      <PartnerTasks query={channelFailedTasksQuery()} title="Store work that failed" />
      <ConnectForm />
    </Stack>
  );
}
