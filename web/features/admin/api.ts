import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type {
  ClusterOwnersResponse,
  ClustersResponse,
  DriverDetailResponse,
  DriverListInput,
  DriverListResponse,
  JourneyDetailResponse,
  JourneyListResponse,
  WarehousesResponse,
  WarehouseUsersResponse,
} from '../../../domain/admin';
import type { DeliveryDetailResponse, DeliveryListResponse } from '../../../domain/delivery';
import { apiJson } from '../../api/client';

const qs = (p: Record<string, string | undefined>) => {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v) u.set(k, v);
  return u.toString();
};

export const adminKeys = {
  all: ['admin'] as const,
  delivery: ['admin', 'delivery'] as const,
  deliveryList: (p: Record<string, string | undefined>) => ['admin', 'delivery', 'list', p] as const,
  deliveryDetail: (awb: string) => ['admin', 'delivery', 'detail', awb] as const,
  drivers: (p: unknown) => ['admin', 'drivers', p] as const,
  driver: (id: string) => ['admin', 'driver', id] as const,
  clusters: ['admin', 'clusters'] as const,
  owners: ['admin', 'owners'] as const,
  warehouses: ['admin', 'warehouses'] as const,
  warehouseUsers: ['admin', 'warehouse-users'] as const,
  journeys: (p: Record<string, string | undefined>) => ['admin', 'journeys', p] as const,
  journey: (id: string) => ['admin', 'journey', id] as const,
};

/** A list read with its filters in the query string: the page on screen stays while the next one loads. */
const filteredList = <T,>(queryKey: QueryKey, path: string, p: Record<string, string | undefined>) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiJson<T>(`${path}?${qs(p)}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const deliveryListQuery = (p: Record<string, string | undefined>) => filteredList<DeliveryListResponse>(adminKeys.deliveryList(p), '/api/admin/orders', p);

export const deliveryDetailQuery = (awb: string) =>
  queryOptions({
    queryKey: adminKeys.deliveryDetail(awb),
    queryFn: ({ signal }) => apiJson<DeliveryDetailResponse>(`/api/admin/orders/${encodeURIComponent(awb)}`, { signal }).then((r) => r.order),
    enabled: !!awb,
    retry: false,
  });

export const driversQuery = (body: Partial<DriverListInput>) =>
  queryOptions({
    queryKey: adminKeys.drivers(body),
    queryFn: () => apiJson<DriverListResponse>('/api/admin/drivers', { method: 'POST', body }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const driverQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.driver(id), queryFn: () => apiJson<DriverDetailResponse>(`/api/admin/driver/${encodeURIComponent(id)}`), enabled: !!id });

export const clustersQuery = () => queryOptions({ queryKey: adminKeys.clusters, queryFn: () => apiJson<ClustersResponse>('/api/admin/clusters').then((r) => r.cluster) });
export const ownersQuery = () =>
  queryOptions({ queryKey: adminKeys.owners, queryFn: () => apiJson<ClusterOwnersResponse>('/api/admin/cluster-owner').then((r) => r.clusterOwners) });
export const warehousesQuery = () =>
  queryOptions({ queryKey: adminKeys.warehouses, queryFn: () => apiJson<WarehousesResponse>('/api/admin/warehouses').then((r) => r.warehouses) });
export const warehouseUsersQuery = () =>
  queryOptions({ queryKey: adminKeys.warehouseUsers, queryFn: () => apiJson<WarehouseUsersResponse>('/api/admin/warehouse-user').then((r) => r.warehouseUsers) });

export const journeysQuery = (p: Record<string, string | undefined>) => filteredList<JourneyListResponse>(adminKeys.journeys(p), '/api/admin/journey', p);
export const journeyQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.journey(id), queryFn: () => apiJson<JourneyDetailResponse>(`/api/admin/journey/${encodeURIComponent(id)}`), enabled: !!id });

export { qs };

/** What the drivers page asks for first (no search, page 1 of 10, newest first); its route loader prefetches it. */
export const DRIVERS_PAGE_SIZE = 10;
export const driversPageInput = (search: string | undefined, page: number, pageSize: number): Partial<DriverListInput> => ({
  where: { search: search || undefined },
  pagination: { page, pageSize },
  sortBy: { field: 'createdAt', order: 'DESC' },
});
export const FIRST_DRIVERS_PAGE = driversPageInput(undefined, 1, DRIVERS_PAGE_SIZE);

/** The journeys page: its driver choices and its first page (no filter, 20 a page). */
export const JOURNEY_DRIVER_CHOICES: Partial<DriverListInput> = { pagination: { page: 1, pageSize: 100 } };
export const JOURNEYS_PAGE_SIZE = 20;
export const journeysPageInput = (filter: Record<string, string | undefined>, page: number, records: number) => ({ ...filter, pageNumber: String(page), records: String(records) });
export const FIRST_JOURNEYS_PAGE = journeysPageInput({}, 1, JOURNEYS_PAGE_SIZE);
