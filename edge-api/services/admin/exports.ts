// Delivery-order and journey CSVs: direct below the row limit, else an
// e-mailed download built by a durable job (the same files, signed links and
// mail outbox as the orders CSV: services/billing/email-exports.ts).
import type { Writable } from 'node:stream';
import type { DbHandle } from '../../../db/connect';
import { deliveryExport } from '../../../db/admin/delivery';
import { journeyExport } from '../../../db/admin/journeys';
import type { ExportSource } from '../../../db/billing/exports';
import type { JourneyFilter } from '../../../domain/admin';
import type { DeliveryFilter } from '../../../domain/delivery';
import { EMAIL_QUEUED, NO_ORDERS_FOR_FILTER } from '../../../domain/downloads';
import { notFound } from '../../../domain/refusal';
import { csvStreamBatches } from '../../documents/csv';
import { enqueueJob } from '../../../db/jobs/queue';
import type { JobContext } from '../../lib/job-context';
import { deliverExport } from '../billing/email-exports';
import type { Actor } from './actor';

export const ADMIN_EXPORT_JOB = 'admin.export.email';
export type AdminExportEntity = 'delivery-orders' | 'journeys';
export type AdminExportPayload = { entity: AdminExportEntity; filter: DeliveryFilter | JourneyFilter; email: string; actor: { id: string; name: string } };
export type AdminExportResult = { fileName: string; rows: number; url: string; expiresAt: string; delivered: boolean; email: string };
export const NO_JOURNEYS_FOR_FILTER = 'There are no journeys for the selected filter';

export function adminExportSource(dbh: DbHandle, entity: AdminExportEntity, filter: DeliveryFilter | JourneyFilter): ExportSource {
  return entity === 'delivery-orders' ? deliveryExport(dbh, filter as DeliveryFilter) : journeyExport(dbh, filter as JourneyFilter);
}

export const writeAdminCsv = (source: ExportSource, out: Writable) => csvStreamBatches(source.header, source.pages(), out);

/** Queues the e-mailed download; refuses an empty selection. */
export async function requestAdminCsvEmail(
  dbh: DbHandle,
  actor: Actor,
  input: { entity: AdminExportEntity; filter: DeliveryFilter | JourneyFilter; email: string },
): Promise<{ status: true; jobId: string; message: string; total: number }> {
  const total = await adminExportSource(dbh, input.entity, input.filter).count();
  if (!total) throw notFound(input.entity === 'journeys' ? NO_JOURNEYS_FOR_FILTER : NO_ORDERS_FOR_FILTER);
  const payload: AdminExportPayload = { ...input, actor: { id: actor.id, name: actor.name } };
  const jobId = await enqueueJob(dbh, { kind: ADMIN_EXPORT_JOB, payload, companyId: null, userId: actor.id, total });
  return { status: true, jobId, message: EMAIL_QUEUED, total };
}

export async function runAdminExportJob(ctx: JobContext): Promise<AdminExportResult> {
  const p = ctx.job.payload as AdminExportPayload;
  const source = adminExportSource(ctx.dbh, p.entity, p.filter);
  await ctx.progress(0, await source.count());
  const what = p.entity === 'journeys' ? 'journeys CSV' : 'delivery orders CSV';
  const { built, url, expiresAt, delivered } = await deliverExport(ctx, p, what, async (out) => ({ name: source.fileName, rows: await writeAdminCsv(source, out) }));
  return { fileName: built.name, rows: built.rows, url, expiresAt, delivered, email: p.email };
}

