import { queryOptions } from '@tanstack/react-query';
import type { ConnectionListResponse, TaskListResponse } from '../../../domain/integrations';
import { apiJson } from '../../api/client';

export const channelKeys = { connections: ['channels', 'connections'] as const, tasks: ['channels', 'tasks'] as const };

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
