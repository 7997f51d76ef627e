import { createFileRoute } from '@tanstack/react-router';
import { prefetchAll } from '../api/prefetch';
import { GstPage } from '../features/gst/GstPage';
import { ewayBillsQuery } from '../features/gst/EwayBillsCard';
import { einvoiceQueueQuery, ewbConnectionsQuery, gstSettingsQuery, irpConnectionsQuery } from '../features/gst/queries';

/** Settings > GST: e-invoicing per company, IRP credentials per GSTIN, and the invoices waiting for their IRN. */
export const Route = createFileRoute('/_authed/settings/gst')({
  loader: ({ context, cause }) =>
    prefetchAll(context.queryClient, context.session.role === 'seller' ? [gstSettingsQuery(), irpConnectionsQuery(), ewbConnectionsQuery(), einvoiceQueueQuery(), ewayBillsQuery()] : [], cause),
  component: GstPage,
});
