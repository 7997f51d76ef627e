import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InvoiceDto, InvoiceFilter, InvoicePaymentDto } from '../../../domain/invoicing';
import { apiJson } from '../../api/client';

export type InvoicingWarehouse = {
  id: string;
  warehouseId: string;
  profile: { name: string; address: Record<string, string> };
  invoicePrefix: string;
  b2bInvoicePrefix: string;
  indexes: { b2cIndex: number; b2bIndex: number };
  active: boolean;
};

export type InvoicingProfileDto = {
  registeredName: string;
  brandName: string;
  invoicingAddress: { line1: string; line2: string; city: string; state: string; pincode: string };
  logo: string;
  logoUrl: string;
  signature: string;
  signatureUrl: string;
  sgstPercentage: number;
  cgstPercentage: number;
  igstPercentage: number;
  utgstPercentage: number;
  warehouseInvoiceSeries: Record<string, { invoicePrefix: string; b2bInvoicePrefix: string }>;
  invoiceIndexes: Record<string, { b2cIndex: number; b2bIndex: number }>;
};

export type InvoicingResponse = {
  status: boolean;
  company: { id: string; name: string; gstin: string; address: Record<string, string> };
  userProfileDataObject: InvoicingProfileDto | null;
  warehouses: InvoicingWarehouse[];
};

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

export type InvoiceListResponse = { status: boolean; invoices: InvoiceDto[]; currentCount: number; message: string };

export function invoicesQuery(page: number, pageSize: number, filter: InvoiceFilter) {
  const qs = new URLSearchParams({ page: String(page), pageSize: String(pageSize), filter: JSON.stringify(filter) });
  return queryOptions({
    queryKey: billingKeys.invoices(page, pageSize, filter),
    queryFn: ({ signal }) => apiJson<InvoiceListResponse>(`/api/invoices?${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type InvoiceDetail = { status: boolean; invoice: InvoiceDto; payments: InvoicePaymentDto[] };

export function invoiceQuery(id: string) {
  return queryOptions({
    queryKey: billingKeys.invoice(id),
    queryFn: ({ signal }) => apiJson<InvoiceDetail>(`/api/invoices/${encodeURIComponent(id)}`, { signal }),
    enabled: !!id,
  });
}

export type OutboxMail = { id: string; to: string; subject: string; body: string; sent: boolean; error: string | null; createdAt: string };
export type OutboxResponse = { status: boolean; smtpConfigured: boolean; currentCount: number; mails: OutboxMail[] };

export function outboxQuery(page: number) {
  return queryOptions({
    queryKey: billingKeys.outbox(page),
    queryFn: ({ signal }) => apiJson<OutboxResponse>(`/api/admin/outbox?page=${page}&pageSize=25`, { signal }),
    placeholderData: keepPreviousData,
  });
}
