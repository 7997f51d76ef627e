import { queryOptions } from '@tanstack/react-query';
import type { ConnectionListResponse, TaskListResponse } from '../../../domain/integrations';
import { apiJson } from '../../api/client';

export const COURIER_KINDS = ['delhivery', 'shiprocket'] as const;
export type CourierKind = (typeof COURIER_KINDS)[number];

export const courierKeys = { connections: ['couriers', 'connections'] as const, tasks: ['couriers', 'tasks'] as const };

/** GET /api/integrations/connections?kind=delhivery,shiprocket */
export const courierConnectionsQuery = () =>
  queryOptions({
    queryKey: courierKeys.connections,
    queryFn: ({ signal }) => apiJson<ConnectionListResponse>(`/api/integrations/connections?kind=${COURIER_KINDS.join(',')}`, { signal }),
  });

/** Bookings waiting for a courier that was down, and courier work that failed (the seller's retry queue). */
export const courierTasksQuery = () =>
  queryOptions({
    queryKey: courierKeys.tasks,
    queryFn: ({ signal }) => apiJson<TaskListResponse>('/api/integrations/tasks?status=pending,failed&kind=courier.book,courier.label,courier.ndr', { signal }),
  });
