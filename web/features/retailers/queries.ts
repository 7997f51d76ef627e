import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MappingCountResponse, PrimaryRetailersResponse, StoreAddressResponse, StoreListResponse } from '../../../domain/retailers';
import { apiJson } from '../../api/client';

export type StoreListParams = { searchText?: string; isActive?: '0' | '1'; isDistributor?: '0' | '1'; page: number; limit: number };
export type { PrimaryRetailer, StoreListResponse } from '../../../domain/retailers';

export const retailerKeys = { all: ['retailers'] as const };

export const storeListQuery = (p: StoreListParams) => {
  const qs = new URLSearchParams({ page: String(p.page), limit: String(p.limit) });
  if (p.searchText) qs.set('searchText', p.searchText);
  if (p.isActive) qs.set('isActive', p.isActive);
  if (p.isDistributor) qs.set('isDistributor', p.isDistributor);
  return queryOptions({
    queryKey: ['retailers', 'list', p],
    queryFn: ({ signal }) => apiJson<StoreListResponse>(`/api/d2r/store-address/list?${qs}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
};

export const storeDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['retailers', 'store', id],
    queryFn: ({ signal }) => apiJson<StoreAddressResponse>(`/api/d2r/store-address/${encodeURIComponent(id)}`, { signal }),
    enabled: !!id,
  });

export const primaryRetailersQuery = () =>
  queryOptions({
    queryKey: ['retailers', 'primary'],
    queryFn: ({ signal }) => apiJson<PrimaryRetailersResponse>('/api/d2r/primary/retailers', { signal }).then((r) => r.primaryRetailers),
  });

export const mappingCountQuery = (retailerId: string) =>
  queryOptions({
    queryKey: ['retailers', 'mapping-count', retailerId],
    queryFn: ({ signal }) => apiJson<MappingCountResponse>(`/api/retailer/mapping/count/${encodeURIComponent(retailerId)}`, { signal }).then((r) => r.orderCount),
    enabled: !!retailerId,
    staleTime: 0,
  });
