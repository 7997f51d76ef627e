// Delivery-order and journey CSVs: direct below the row limit, else an
// e-mailed download built by a durable job (the same files, signed links and
// mail outbox as the orders CSV: edge-api/jobs/exports.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { DbHandle } from '../../../db/connect';
import { deliveryExport } from '../../../db/admin/delivery';
import { journeyExport } from '../../../db/admin/journeys';
import type { ExportSource } from '../../../db/billing/exports';
import type { JourneyFilter } from '../../../domain/admin';
import type { DeliveryFilter } from '../../../domain/delivery';
import { EMAIL_QUEUED, NO_ORDERS_FOR_FILTER } from '../../../domain/downloads';
import { uuidv7 } from '../../../domain/ids';
import { notFound } from '../../../domain/refusal';
import { csvStreamBatches } from '../../documents/csv';
import { exportLink, exportsDir } from '../../jobs/exports';
import { enqueueJob, registerJob, type JobContext } from '../../jobs/runner';
import { sendMail, userText } from '../../mail';
import type { Actor } from './actor';
import { indiaDateTimeText } from '../../../domain/india-time';

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
  const dir = exportsDir(ctx.config.dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const source = adminExportSource(ctx.dbh, p.entity, p.filter);
  const total = await source.count();
  await ctx.progress(0, total);
  const id = uuidv7();
  const partial = path.join(dir, `${id}.part`);
  const out = fs.createWriteStream(partial);
  let rows: number;
  try {
    rows = await writeAdminCsv(source, out);
  } catch (err) {
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw err;
  }
  const file = `${id}__${source.fileName}`;
  fs.renameSync(partial, path.join(dir, file));
  await ctx.progress(rows, rows);
  const link = exportLink(ctx.config, file);
  const what = p.entity === 'journeys' ? 'journeys CSV' : 'delivery orders CSV';
  const mail = await sendMail(ctx.dbh, ctx.config, {
    to: p.email,
    subject: `Your ShipDesk ${what} download is ready`,
    text: `Hello ${userText(p.actor.name)},\n\nYour ${what} (${rows} rows) is ready to download:\n\n${link.url}\n\nThe link is valid for 24 hours, until ${indiaDateTimeText(link.expiresAt)}.\n\nShipDesk`,
  });
  return { fileName: source.fileName, rows, url: link.url, expiresAt: link.expiresAt, delivered: mail.delivered, email: p.email };
}

registerJob(ADMIN_EXPORT_JOB, runAdminExportJob);
