// Download-and-mail (part 1 §8): a durable job builds the file and e-mails a signed link.
import type { DbHandle } from '../../../db/connect';
import { countOrdersInScope } from '../../../db/billing/documents';
import { EMAIL_QUEUED, type CsvEntity, type EmailDownloadQueued, type EmailDownloadRequest } from '../../../domain/downloads';
import { ORDER_NOT_FOUND } from '../../../domain/orders/texts';
import { notFound } from '../../../domain/refusal';
import type { AppConfig, SessionInfo } from '../../env';
import { enqueueJob } from '../../../db/jobs/queue';
import { EXPORT_JOB, type ExportJobPayload } from './email-exports';
import { checkMailRequest } from '../mail/recipients';
import { emptyExportMessage, exportSource } from './csv-export';

/**
 * Queues the job after checking the address (own or company, rate-limited) and
 * that there is something to send. The page polls GET /api/jobs/:id for the outcome.
 */
export async function requestEmailDownload(
  dbh: DbHandle,
  config: Pick<AppConfig, 'mailPerUserPerHour'>,
  s: Pick<SessionInfo, 'userId' | 'name' | 'email' | 'companyId' | 'warehouseId'>,
  scope: string[] | null,
  body: EmailDownloadRequest,
): Promise<EmailDownloadQueued> {
  const to = await checkMailRequest(dbh, s, body.email, { jobKind: EXPORT_JOB, perHour: config.mailPerUserPerHour });
  let total: number;
  if (body.kind === 'label' || body.kind === 'invoice') {
    total = await countOrdersInScope(dbh.db, [...new Set(body.ids ?? [])], scope);
    if (!total) throw notFound(ORDER_NOT_FOUND);
  } else {
    const entity = body.kind.slice('csv:'.length) as CsvEntity;
    total = await exportSource(dbh, scope, entity, body.filter ?? {}).count();
    if (!total) throw notFound(emptyExportMessage(entity));
  }
  const payload: ExportJobPayload = {
    kind: body.kind, ids: body.ids, filter: body.filter, email: to, scope, actor: { id: s.userId, name: s.name },
  };
  // Owned by the requesting user (not a company), so only they (and admins) can follow it.
  const jobId = await enqueueJob(dbh, { kind: EXPORT_JOB, payload, companyId: null, userId: s.userId, total });
  return { status: true, jobId, message: EMAIL_QUEUED, total };
}
