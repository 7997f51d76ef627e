// The one-time invoice backfill for orders shipped before invoices
// were issued at ready to ship (db/billing/backfill.ts does the work; run by
// `npm run seed`, `npm run setup`, the first run of the demo and a production server's start).
import type { DbHandle } from '../../../db/connect';
import { backfillInvoices as backfill, type BackfillReport } from '../../../db/billing/backfill';
import type { InvoiceActor } from './issue-invoice';

export { describeBackfill, type BackfillReport, type BackfillSkip } from '../../../db/billing/backfill';

export async function backfillInvoices(dbh: DbHandle, actor?: InvoiceActor): Promise<BackfillReport> {
  return backfill(dbh, { actor });
}
