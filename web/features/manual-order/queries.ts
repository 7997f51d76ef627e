import { queryOptions } from '@tanstack/react-query';
import type { StorePricesResponse } from '../../../domain/bulk/types';
import type { CatalogueListResponse } from '../../../domain/catalogue';
import type { StoreAddressResponse, StoreListResponse } from '../../../domain/retailers';
import type { CompanyWarehousesResponse, OrderIdCheckResponse, OrderPrefillResponse, PincodeResponse, SalesmenResponse } from '../../../domain/manual-order';
import { apiJson } from '../../api/client';

export type { CompanyWarehouse, OrderPrefill, SalesmanDto } from '../../../domain/manual-order';

const withCompany = (path: string, companyId: string) => `${path}${path.includes('?') ? '&' : '?'}companyId=${encodeURIComponent(companyId)}`;

/** The company's active manual catalogue, for the product choice (first 200 items). */
export const orderCatalogueQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['manual-order', 'catalogue', companyId],
    queryFn: ({ signal }) =>
      apiJson<CatalogueListResponse>(`/api/catalogue/company/${encodeURIComponent(companyId)}?shopType=manual&active=1&pageSize=200`, { signal }).then(
        (r) => r.catalogues,
      ),
    enabled: !!companyId,
  });

/** A store's D2R discounts per catalogue item (bulk 'D2R Discount'): a D2R order for the store is priced with them. */
export const storeDiscountsQuery = (companyId: string, storeId: string) =>
  queryOptions({
    queryKey: ['manual-order', 'store-discounts', companyId, storeId],
    queryFn: ({ signal }) =>
      apiJson<StorePricesResponse>(`/api/catalogue/pricing/${encodeURIComponent(companyId)}/${encodeURIComponent(storeId)}`, { signal }).then(
        (r): ReadonlyMap<string, number> => new Map(r.prices.map((p) => [p.catalogueId, p.discount])),
      ),
    enabled: !!companyId && !!storeId,
  });

export const warehousesQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['manual-order', 'warehouses', companyId],
    queryFn: ({ signal }) => apiJson<CompanyWarehousesResponse>(withCompany('/api/company/warehouses', companyId), { signal }),
    enabled: !!companyId,
  });

export const salesmenQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['manual-order', 'salesmen', companyId],
    queryFn: ({ signal }) => apiJson<SalesmenResponse>(withCompany('/api/salesman', companyId), { signal }).then((r) => r.salesmen),
    enabled: !!companyId,
  });

export const storeSearchQuery = (companyId: string, searchText: string) =>
  queryOptions({
    queryKey: ['manual-order', 'stores', companyId, searchText],
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ companyId, page: '1', limit: '20', isActive: '1' });
      if (searchText) qs.set('searchText', searchText);
      return apiJson<StoreListResponse>(`/api/d2r/store-address/list?${qs}`, { signal }).then((r) => r.storeAddressData);
    },
    enabled: !!companyId,
  });

export const storeQuery = (id: string) =>
  queryOptions({
    queryKey: ['manual-order', 'store', id],
    queryFn: ({ signal }) => apiJson<StoreAddressResponse>(`/api/d2r/store-address/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
    enabled: !!id,
  });


export const prefillQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['manual-order', 'prefill', orderId],
    queryFn: ({ signal }) => apiJson<OrderPrefillResponse>(`/api/orders/manual/${encodeURIComponent(orderId)}/prefill`, { signal }).then((r) => r.data),
    enabled: !!orderId,
    staleTime: 0,
  });

/**
 * State and district of a 6-character pincode, or null. Lookup errors are
 * silent (part 2 §5): the caller just leaves state and city blank.
 */
export async function lookupPincode(pincode: string): Promise<{ state: string; district: string } | null> {
  try {
    const r = await apiJson<PincodeResponse>(`/api/pincode/${encodeURIComponent(pincode)}`);
    return r.warehousePinDetails[0] ?? null;
  } catch {
    return null;
  }
}

/** A free order id of today for the company, to start the form with (asked once per company; not kept). */
export const suggestedOrderIdQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['manual-order', 'order-id', companyId],
    queryFn: ({ signal }) => apiJson<OrderIdCheckResponse>(withCompany('/api/orders/manual/order-id', companyId), { signal }).then((r) => r.data.id),
    enabled: !!companyId,
    staleTime: 0,
    gcTime: 0,
  });

/** Whether the company has no order with this id yet (null: free; else the reason it cannot be used). */
export async function orderIdProblem(companyId: string, id: string): Promise<string | null> {
  const r = await apiJson<OrderIdCheckResponse>(withCompany(`/api/orders/manual/order-id?id=${encodeURIComponent(id)}`, companyId));
  return r.data.available ? null : r.data.message;
}
