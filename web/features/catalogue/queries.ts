import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CatalogueItemResponse, CatalogueListResponse, CatalogueShopType } from '../../../domain/catalogue';
import { apiFetch, apiJson, ApiRequestError } from '../../api/client';
import type { PresignResponse } from '../../../domain/uploads';

export type CatalogueListParams = { shopType: CatalogueShopType; search?: string; page: number; pageSize: number; active?: '0' | '1' };
export type { CatalogueListResponse } from '../../../domain/catalogue';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (companyId: string, p: CatalogueListParams) => ['catalogue', 'list', companyId, p] as const,
  item: (id: string) => ['catalogue', 'item', id] as const,
};

export function catalogueListQuery(companyId: string, p: CatalogueListParams) {
  const qs = new URLSearchParams({ shopType: p.shopType, page: String(p.page), pageSize: String(p.pageSize) });
  if (p.search) qs.set('search', p.search);
  if (p.active) qs.set('active', p.active);
  return queryOptions({
    queryKey: catalogueKeys.list(companyId, p),
    queryFn: ({ signal }) => apiJson<CatalogueListResponse>(`/api/catalogue/company/${encodeURIComponent(companyId)}?${qs}`, { signal }),
    enabled: !!companyId,
    placeholderData: keepPreviousData,
  });
}

export function catalogueItemQuery(id: string) {
  return queryOptions({
    queryKey: catalogueKeys.item(id),
    queryFn: ({ signal }) => apiJson<CatalogueItemResponse>(`/api/catalogue/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
    enabled: !!id,
  });
}

/** Presigned upload of one product image; returns the URL to store in imageUrls. */
export async function uploadProductImage(file: File, companyId: string | undefined): Promise<string> {
  const p = await apiJson<PresignResponse>('/api/uploads/presign', {
    method: 'POST',
    body: { purpose: 'product', fileName: file.name, contentType: file.type, size: file.size, companyId },
  });
  const res = await apiFetch(p.uploadUrl, { method: 'PUT', body: file, headers: { 'content-type': file.type } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiRequestError(res.status, body?.message ?? 'Upload failed');
  }
  return p.url;
}
