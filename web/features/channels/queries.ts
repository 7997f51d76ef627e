import { queryOptions } from '@tanstack/react-query';
import type { ChannelSyncResponse } from '../../../domain/channels';
import type { ConnectionListResponse, TaskListResponse } from '../../../domain/integrations';
import { apiJson } from '../../api/client';

/** `all` is the prefix of every channels query: a test refreshes the list and each store's sync and webhook state. */
export const channelKeys = { all: ['channels'] as const, connections: ['channels', 'connections'] as const, tasks: ['channels', 'tasks'] as const, sync: (id: string) => ['channels', 'sync', id] as const };

/** GET /api/integrations/connections?kind=shopify,woocommerce */
export const channelConnectionsQuery = () =>
  queryOptions({
    queryKey: channelKeys.connections,
    queryFn: ({ signal }) => apiJson<ConnectionListResponse>('/api/integrations/connections?kind=shopify,woocommerce', { signal }),
  });

/** The store work that failed (write-backs, imports), for "Retry". */
export const channelFailedTasksQuery = () =>
  queryOptions({
    queryKey: channelKeys.tasks,
    queryFn: ({ signal }) => apiJson<TaskListResponse>('/api/integrations/tasks?status=failed&kind=shopify.order,shopify.fulfil,shopify.cancel,woocommerce.order,woocommerce.fulfil,woocommerce.cancel', { signal }),
  });

const syncing = (r: ChannelSyncResponse | undefined) => r?.sync.job?.status === 'queued' || r?.sync.job?.status === 'running';

/** GET /api/integrations/connections/:id/sync: the store's polling, followed every second while a sync runs. */
export const channelSyncQuery = (id: string) =>
  queryOptions({
    queryKey: channelKeys.sync(id),
    queryFn: ({ signal }) => apiJson<ChannelSyncResponse>(`/api/integrations/connections/${id}/sync`, { signal }),
    refetchInterval: (q) => (syncing(q.state.data) ? 1000 : false),
  });

export const isSyncing = syncing;
