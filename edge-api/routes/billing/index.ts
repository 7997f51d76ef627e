import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { csvRoutes } from './csv';
import { documentRoutes } from './documents';
import { emailRoutes } from './email';
import { gstRoutes } from './gst';
import { invoiceRoutes } from './invoices';
import { invoicingRoutes } from './invoicing';
import { remittanceRoutes } from './remittance';
import { weightRoutes } from './weights';

/**
 * Billing and documents (mounted at /api, the spec's full paths): labels,
 * invoices, manifest, pick list, Tally vouchers, CSV exports, e-mailed
 * downloads, the invoicing profile, the invoices list with payments, and the
 * admin mail outbox.
 */
export const billingRoutes = new Hono<AppEnv>()
  .route('/', documentRoutes)
  .route('/', csvRoutes)
  .route('/', emailRoutes)
  .route('/', invoicingRoutes)
  .route('/', invoiceRoutes)
  .route('/', remittanceRoutes)
  .route('/', gstRoutes)
  .route('/', weightRoutes);
