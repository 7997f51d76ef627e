import { queryOptions } from '@tanstack/react-query';
import type { StorePricesResponse } from '../../../domain/bulk/types';
import type { CatalogueItemDto } from '../../../domain/catalogue';
import type { StoreAddressDto } from '../../../domain/retailers';
import { apiJson } from '../../api/client';

export type CompanyWarehouse = { id: string; warehouseId: string; name: string; city: string; state: string; pincode: string; active: boolean };
export type WarehousesResponse = { companyId: string; companyState: string; isD2R: boolean; warehouses: CompanyWarehouse[] };
export type SalesmanDto = { id: string; firstName: string; lastName: string; email: string; phone: string };
export type StoreListResponse = { status: boolean; storeAddressData: StoreAddressDto[]; totalRecords: number };

const withCompany = (path: string, companyId: string) => `${path}${path.includes('?') ? '&' : '?'}companyId=${encodeURIComponent(companyId)}`;

/** The company's active manual catalogue, for the product choice (first 200 items). */
export const orderCatalogueQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['manual-order', 'catalogue', companyId],
    queryFn: ({ signal }) =>
      apiJson<{ catalogues: CatalogueItemDto[] }>(`/api/catalogue/company/${encodeURIComponent(companyId)}?shopType=manual&active=1&pageSize=200`, { signal }).then(
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
    queryFn: ({ signal }) => apiJson<WarehousesResponse>(withCompany('/api/company/warehouses', companyId), { signal }),
    enabled: !!companyId,
  });

export const salesmenQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['manual-order', 'salesmen', companyId],
    queryFn: ({ signal }) => apiJson<{ salesmen: SalesmanDto[] }>(withCompany('/api/salesman', companyId), { signal }).then((r) => r.salesmen),
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
    queryFn: ({ signal }) => apiJson<{ data: StoreAddressDto }>(`/api/d2r/store-address/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
    enabled: !!id,
  });

export type OrderPrefill = {
  orderId: string;
  status: string;
  companyId: string;
  shopOrderId: string;
  orderType: number;
  whId: string;
  selectedStoreAddressId: string;
  d2rSalesmanId: string;
  purchaseOrderNumber: string;
  termsOfPayment: string;
  dueDate: string;
  beatId: string;
  paymentMethod: string;
  pricingType: number;
  commonPricingValue: string;
  shippingPrice: string;
  specialDiscount: string;
  ewayBill: string;
  sameAsShipping: boolean;
  shippingAddress: Record<string, string>;
  billingAddress: Record<string, string>;
  items: { catalogueId: string; quantity: number; isFree: boolean; pricingValue: string }[];
};

export const prefillQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['manual-order', 'prefill', orderId],
    queryFn: ({ signal }) => apiJson<{ data: OrderPrefill }>(`/api/orders/manual/${encodeURIComponent(orderId)}/prefill`, { signal }).then((r) => r.data),
    enabled: !!orderId,
    staleTime: 0,
  });

/**
 * State and district of a 6-character pincode, or null. Lookup errors are
 * silent (part 2 §5): the caller just leaves state and city blank.
 */
export async function lookupPincode(pincode: string): Promise<{ state: string; district: string } | null> {
  try {
    const r = await apiJson<{ warehousePinDetails: { state: string; district: string }[] }>(`/api/pincode/${encodeURIComponent(pincode)}`);
    return r.warehousePinDetails[0] ?? null;
  } catch {
    return null;
  }
}
