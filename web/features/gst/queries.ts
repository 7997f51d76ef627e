import { queryOptions } from '@tanstack/react-query';
import type { EinvoiceListResponse, GstSettingsResponse } from '../../../domain/einvoice/connection';
import type { ConnectionListResponse } from '../../../domain/integrations';
import { apiJson } from '../../api/client';

export const gstKeys = { settings: ['gst', 'settings'] as const, connections: ['gst', 'connections'] as const, queue: ['gst', 'einvoices'] as const };

/** GET /api/gst/settings: e-invoicing on or off and the turnover band. */
export const gstSettingsQuery = () =>
  queryOptions({ queryKey: gstKeys.settings, queryFn: ({ signal }) => apiJson<GstSettingsResponse>('/api/gst/settings', { signal }) });

/** A GST portal's credentials per GSTIN (connections of kind gst-irp or gst-ewb, without their secrets). */
export const gstConnectionsQuery = (kind: 'gst-irp' | 'gst-ewb') =>
  queryOptions({ queryKey: [...gstKeys.connections, kind], queryFn: ({ signal }) => apiJson<ConnectionListResponse>(`/api/integrations/connections?kind=${kind}`, { signal }) });
/** The IRP credentials per GSTIN. */
export const irpConnectionsQuery = () => gstConnectionsQuery('gst-irp');

/** The invoices waiting for their IRN or refused, and those registered (to cancel within 24 hours). */
export const einvoiceQueueQuery = () =>
  queryOptions({
    queryKey: gstKeys.queue,
    queryFn: ({ signal }) => apiJson<EinvoiceListResponse>('/api/gst/einvoices?status=pending,failed,registered', { signal }),
    refetchInterval: 15_000,
  });
/** The e-way bill system credentials per GSTIN. */
export const ewbConnectionsQuery = () => gstConnectionsQuery('gst-ewb');
