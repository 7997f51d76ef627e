import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InvoiceDetailResponse, InvoiceFilter, InvoiceListResponse, InvoicingResponse } from '../../../domain/invoicing';
import type { OutboxResponse } from '../../../domain/mail';
import { apiJson } from '../../api/client';

export type { InvoicingProfileDto, InvoicingResponse, InvoicingWarehouse, InvoiceListResponse } from '../../../domain/invoicing';
export type { OutboxMail, OutboxResponse } from '../../../domain/mail';
/** GET /api/invoices/:id */
export type InvoiceDetail = InvoiceDetailResponse;

export const billingKeys = {
  invoicing: (companyId: string) => ['billing', 'invoicing', companyId] as const,
  invoices: (page: number, pageSize: number, filter: InvoiceFilter) => ['billing', 'invoices', page, pageSize, filter] as const,
  invoice: (id: string) => ['billing', 'invoice', id] as const,
  outbox: (page: number) => ['billing', 'outbox', page] as const,
};

/** GET /api/ums/invoices: the profile and the company's warehouses with their series. `companyId` only for admins. */
export function invoicingQuery(companyId: string | undefined) {
  const qs = companyId ? `?companyId=${encodeURIComponent(companyId)}` : '';
  return queryOptions({
    queryKey: billingKeys.invoicing(companyId ?? 'own'),
    queryFn: ({ signal }) => apiJson<InvoicingResponse>(`/api/ums/invoices${qs}`, { signal }),
    staleTime: 0,
  });
}

export function invoicesQuery(page: number, pageSize: number, filter: InvoiceFilter) {
  const qs = new URLSearchParams({ page: String(page), pageSize: String(pageSize), filter: JSON.stringify(filter) });
  return queryOptions({
    queryKey: billingKeys.invoices(page, pageSize, filter),
    queryFn: ({ signal }) => apiJson<InvoiceListResponse>(`/api/invoices?${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function invoiceQuery(id: string) {
  return queryOptions({
    queryKey: billingKeys.invoice(id),
    queryFn: ({ signal }) => apiJson<InvoiceDetailResponse>(`/api/invoices/${encodeURIComponent(id)}`, { signal }),
    enabled: !!id,
  });
}

export function outboxQuery(page: number) {
  return queryOptions({
    queryKey: billingKeys.outbox(page),
    queryFn: ({ signal }) => apiJson<OutboxResponse>(`/api/admin/outbox?page=${page}&pageSize=25`, { signal }),
    placeholderData: keepPreviousData,
  });
}
