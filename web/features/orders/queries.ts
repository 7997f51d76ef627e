import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CustomerRequestDetail, CustomerRequestFindResponse, CustomerRequestItem, CustomerRequestsResponse, MissedOrderItem, MissedOrdersResponse, OrderCountsResponse, OrderDetail, OrderDetailResponse, OrderListItem, OrderListResponse, ShippingPackage, ShippingPackagesResponse, WhatsappMessagesResponse } from '../../../domain/orders/responses';
import type { CompanyWarehousesResponse } from '../../../domain/manual-order';
import type { NdrCase, NdrCasesResponse } from '../../../domain/ndr';
import { apiJson, apiOk } from '../../api/client';
import type { BeatsResponse } from '../../../domain/bulk/types';
import type { Job, JobResponse } from '../../../domain/jobs';

export type { NdrCase, Job, OrderDetail, OrderListItem, OrderListResponse, CustomerRequestItem, MissedOrderItem, CustomerRequestDetail, ShippingPackage };

export const orderKeys = {
  all: ['orders'] as const,
  list: (p: Record<string, string>) => ['orders', 'list', p] as const,
  counts: ['orders', 'counts'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  missed: (p: Record<string, string>) => ['orders', 'missed', p] as const,
  requests: (p: Record<string, string>) => ['orders', 'requests', p] as const,
  request: (id: string) => ['orders', 'request', id] as const,
  whatsapp: (id: string) => ['orders', 'whatsapp', id] as const,
  ndr: (ids: readonly string[]) => ['orders', 'ndr', ids.join(',')] as const,
};

const qs = (p: Record<string, string>) => new URLSearchParams(p).toString();

/** One page of a paged list: the last page stays on screen while the next loads; the AbortSignal cancels a superseded request. */
const pageQuery = <T>(queryKey: readonly unknown[], path: string, p: Record<string, string>) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiOk<T>(`${path}?${qs(p)}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** One page of a section. */
export const ordersListQuery = (p: Record<string, string>) => pageQuery<OrderListResponse>(orderKeys.list(p), '/api/orders', p);

export const orderCountsQuery = () =>
  queryOptions({ queryKey: orderKeys.counts, queryFn: ({ signal }) => apiJson<OrderCountsResponse>('/api/orders/counts', { signal }), staleTime: 15_000, refetchInterval: 30_000 });

/** The NDR workspace's facts of these orders (reason, attempts, respond-by, buyer's request, pending instruction). */
export const ndrCasesQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: orderKeys.ndr(ids),
    queryFn: ({ signal }) => apiJson<NdrCasesResponse>(`/api/problem-orders/ndr?ids=${encodeURIComponent(ids.join(','))}`, { signal }).then((r) => r.data),
    enabled: ids.length > 0,
    retry: false,
  });

export const orderDetailQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => apiJson<OrderDetailResponse>(`/api/orders/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
    enabled: !!id,
    retry: false,
  });

export const missedOrdersQuery = (p: Record<string, string>) => pageQuery<MissedOrdersResponse>(orderKeys.missed(p), '/api/missed-orders', p);

export const customerRequestsQuery = (p: Record<string, string>) => pageQuery<CustomerRequestsResponse>(orderKeys.requests(p), '/api/customerRequests', p);

export const customerRequestQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.request(id),
    queryFn: ({ signal }) => apiJson<CustomerRequestFindResponse>(`/api/customerRequests/find/${encodeURIComponent(id)}`, { signal }).then((r) => r.data.data),
    enabled: !!id,
  });

/** Warehouses a company ships from (the warehouse filter); the caller's own company without one. */
export const companyWarehousesQuery = (companyId?: string) =>
  queryOptions({
    queryKey: ['company-warehouses', companyId ?? ''],
    queryFn: ({ signal }) =>
      apiJson<CompanyWarehousesResponse>(
        `/api/company/warehouses${companyId ? `?${qs({ companyId })}` : ''}`,
        { signal },
      ).then((r) => r.warehouses),
    staleTime: 300_000,
    retry: false,
  });

/** D2R beats of the caller's companies (the beat filter; beats arrive with the bulk beats upload). */
export const beatsQuery = () =>
  queryOptions({
    queryKey: ['d2r-beats'],
    queryFn: ({ signal }) => apiJson<BeatsResponse>('/api/d2r/beats', { signal }).then((r) => r.beats),
    staleTime: 300_000,
    retry: false,
  });

export const shippingPackagesQuery = () =>
  queryOptions({ queryKey: ['shipping-packages'], queryFn: ({ signal }) => apiJson<ShippingPackagesResponse>('/api/shipping-packages', { signal }).then((r) => r.data), staleTime: 300_000 });

export const whatsappMessagesQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.whatsapp(id),
    queryFn: ({ signal }) =>
      apiJson<WhatsappMessagesResponse>(`/api/orders/${encodeURIComponent(id)}/whatsapp-messages`, { signal }).then((r) => r.data),
  });

export const jobQuery = <R = unknown>(id: string) =>
  queryOptions({
    queryKey: ['jobs', id],
    queryFn: ({ signal }) => apiJson<JobResponse<R>>(`/api/jobs/${encodeURIComponent(id)}`, { signal }).then((r) => r.job),
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 500),
    enabled: !!id,
  });

/** After any change to orders: lists, counts and open details reload. */
export function refreshOrders(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: orderKeys.all });
}
